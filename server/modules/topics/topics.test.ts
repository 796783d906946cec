import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProposition, makeTag, makeTopic } from '../../test/catalogue-factory.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createAdmin(server);
});
afterAll(() => server.close());

const db = () => server.ctx.db;
const ids = (topics: Array<{ id: number }>) => topics.map((topic) => topic.id);

describe('popular topics', () => {
  it('lists active topics by vote count, ties in id order, inactive ones left out', async () => {
    const category = await makeCategory(db());
    const low = await makeTopic(db(), { categoryId: category.id, voteCount: 900_001 });
    const tieA = await makeTopic(db(), { categoryId: category.id, voteCount: 900_005 });
    const tieB = await makeTopic(db(), { categoryId: category.id, voteCount: 900_005 });
    const high = await makeTopic(db(), { categoryId: category.id, voteCount: 900_009 });
    const hidden = await makeTopic(db(), { categoryId: category.id, voteCount: 999_999, isActive: false });

    const response = await server.request('GET', '/api/topics/popular/en?limit=4');
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(ids(response.body.data.topics)).toEqual([high.id, tieA.id, tieB.id, low.id]);
    expect(ids(response.body.data.topics)).not.toContain(hidden.id);
    expect(response.body.data).toMatchObject({ limit: 4, offset: 0 });

    const next = await server.request('GET', '/api/topics/popular/en?limit=2&offset=1');
    expect(ids(next.body.data.topics)).toEqual([tieA.id, tieB.id]);
    expect(next.body.data.hasMore).toBe(true);
  });

  it('answers each topic with its translated title, category and tags, and the list fields', async () => {
    const category = await makeCategory(db(), {
      name: 'Food',
      names: { fr: 'Cuisine', en: 'Food', de: 'Essen' },
    });
    const tag = await makeTag(db(), {
      name: 'Paris',
      type: 'LOCATION',
      names: { fr: 'Paris (fr)', es: 'París' },
    });
    const topic = await makeTopic(db(), {
      categoryId: category.id,
      title: 'Meilleure pizza',
      description: 'Où manger',
      language: 'fr',
      voteCount: 800_000,
      tagIds: [tag.id],
      titles: { en: 'Best pizza', es: 'Mejor pizza' },
      descriptions: { en: 'Where to eat' },
    });

    const es = await server.request('GET', '/api/topics/popular/es?limit=100');
    const item = es.body.data.topics.find((t: { id: number }) => t.id === topic.id);
    expect(item).toEqual({
      id: topic.id,
      slug: topic.slug,
      readableId: topic.readable_id,
      title: 'Mejor pizza',
      name: 'Mejor pizza',
      // No Spanish description: French (the base language) comes next.
      description: 'Où manger',
      category: { id: category.id, slug: category.slug, name: 'Cuisine' },
      tags: [{ id: tag.id, slug: tag.slug, name: 'París', type: 'LOCATION' }],
      voteCount: 800_000,
      type: 'sub',
      isMainTopic: false,
      mainTopicId: null,
      subTopicCount: 0,
      language: 'fr',
    });

    const de = await server.request('GET', '/api/topics/popular/de?limit=100');
    const inGerman = de.body.data.topics.find((t: { id: number }) => t.id === topic.id);
    // German missing everywhere: fr first (the topic's own text here), category has de, tag falls to fr.
    expect(inGerman).toMatchObject({ title: 'Meilleure pizza', category: { name: 'Essen' } });
    expect(inGerman.tags[0].name).toBe('Paris (fr)');
  });

  it('falls back from the asked language to fr, then en, then the base text', async () => {
    const category = await makeCategory(db(), { name: 'Base category' });
    const englishOnly = await makeTopic(db(), {
      categoryId: category.id,
      title: 'Titre de base',
      language: 'de',
      voteCount: 700_000,
      titles: { en: 'English title' },
    });
    const frenchAndEnglish = await makeTopic(db(), {
      categoryId: category.id,
      title: 'Grundtitel',
      language: 'de',
      voteCount: 700_000,
      titles: { en: 'English', fr: 'Français' },
    });
    const baseOnly = await makeTopic(db(), {
      categoryId: category.id,
      title: 'Nur Basis',
      language: 'de',
      voteCount: 700_000,
    });
    const response = await server.request('GET', '/api/topics/popular/es?limit=100');
    const titleOf = (id: number) =>
      response.body.data.topics.find((t: { id: number }) => t.id === id)?.title as string | undefined;
    expect(titleOf(englishOnly.id)).toBe('English title');
    expect(titleOf(frenchAndEnglish.id)).toBe('Français');
    expect(titleOf(baseOnly.id)).toBe('Nur Basis');
    expect(response.body.data.topics.find((t: { id: number }) => t.id === baseOnly.id).category.name).toBe(
      'Base category',
    );
  });

  it('lists only main topics with ?type=main', async () => {
    const category = await makeCategory(db());
    const main = await makeTopic(db(), { categoryId: category.id, isMain: true, voteCount: 1 });
    const sub = await makeTopic(db(), { categoryId: category.id, mainTopicId: main.id, voteCount: 950_000 });
    const response = await server.request('GET', '/api/topics/popular/fr?type=main&limit=100');
    expect(response.status).toBe(200);
    const listed = response.body.data.topics as Array<{ id: number; type: string; isMainTopic: boolean }>;
    expect(ids(listed)).toContain(main.id);
    expect(ids(listed)).not.toContain(sub.id);
    expect(listed.every((t) => t.type === 'main' && t.isMainTopic)).toBe(true);
  });

  it('defaults to 20 topics and refuses a limit outside 1..100 or a bad offset with 400', async () => {
    const category = await makeCategory(db());
    for (let i = 0; i < 21; i++) await makeTopic(db(), { categoryId: category.id });
    const byDefault = await server.request('GET', '/api/topics/popular/fr');
    expect(byDefault.body.data.topics).toHaveLength(20);
    expect((await server.request('GET', '/api/topics/popular/fr?limit=100')).status).toBe(200);
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'offset=-1', 'type=other']) {
      const response = await server.request('GET', `/api/topics/popular/fr?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code, query).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses a language outside fr, en, es, de with 400 UNSUPPORTED_LANGUAGE', async () => {
    for (const path of [
      '/api/topics/popular/it',
      '/api/topics/popular/xx',
      '/api/topics/1?language=pt',
      '/api/topics/main/1/it',
      '/api/search/rankings/topic/1?language=zz',
    ]) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBe(400);
      expect(response.body.error.code, path).toBe('UNSUPPORTED_LANGUAGE');
    }
  });
});

describe('one topic', () => {
  it('is found by id or by slug with every field of the topic entity', async () => {
    const category = await makeCategory(db(), { name: 'Restaurants', names: { en: 'Restaurants (en)' } });
    const tag = await makeTag(db(), { name: 'Lyon', type: 'LOCATION' });
    const main = await makeTopic(db(), {
      categoryId: category.id,
      isMain: true,
      title: 'Restaurants à Lyon',
      mandatoryTypes: ['CUISINE', 'PRICE'],
      titles: { en: 'Restaurants in Lyon' },
    });
    const sub = await makeTopic(db(), {
      categoryId: category.id,
      mainTopicId: main.id,
      title: 'Bouchons à Lyon',
      tagIds: [tag.id],
      voteCount: 12,
      titles: { en: 'Bouchons in Lyon' },
    });
    await makeProposition(db(), sub.id, 'Chez Paul', { first: 2 });
    await makeProposition(db(), sub.id, 'Le Garet', { second: 1 });

    const byId = await server.request('GET', `/api/topics/${sub.id}?language=en`);
    expect(byId.status).toBe(200);
    expect(byId.body.data.topic).toEqual({
      id: sub.id,
      slug: sub.slug,
      readableId: sub.readable_id,
      title: 'Bouchons in Lyon',
      name: 'Bouchons in Lyon',
      description: 'About Bouchons à Lyon',
      category: { id: category.id, slug: category.slug, name: 'Restaurants (en)' },
      categoryId: category.id,
      categoryName: 'Restaurants (en)',
      tags: [{ id: tag.id, slug: tag.slug, name: 'Lyon', type: 'LOCATION' }],
      language: 'fr',
      voteCount: 12,
      isActive: true,
      isMainTopic: false,
      type: 'sub',
      mainTopic: 'Restaurants in Lyon',
      mainTopicId: main.id,
      mandatoryTypes: [],
      propositionCount: 2,
      subTopicCount: 0,
      shownLanguage: 'en',
      lastVoteAt: null,
      ballotsCast: 12,
      ballotsCounted: 12,
    });

    const bySlug = await server.request('GET', `/api/topics/${encodeURIComponent(main.slug)}?language=fr`);
    expect(bySlug.body.data.topic).toMatchObject({
      id: main.id,
      type: 'main',
      isMainTopic: true,
      mandatoryTypes: ['CUISINE', 'PRICE'],
      subTopicCount: 1,
      mainTopic: null,
    });
  });

  it('answers 404 NOT_FOUND for an unknown topic and for an inactive one, which administrators still see', async () => {
    const category = await makeCategory(db());
    const inactive = await makeTopic(db(), { categoryId: category.id, isActive: false });
    for (const key of ['999999', 'no-such-topic', String(inactive.id), inactive.slug]) {
      const response = await server.request('GET', `/api/topics/${key}`);
      expect(response.status, key).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
    const user = await registerUser(server);
    expect(
      (await server.request('GET', `/api/topics/${inactive.id}`, { token: user.accessToken })).status,
    ).toBe(404);
    const asAdmin = await server.request('GET', `/api/topics/${inactive.id}`, { token: admin.accessToken });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.topic.isActive).toBe(false);
  });

  it('says which language its title is shown in and when its last ballot was cast', async () => {
    const category = await makeCategory(db());
    const topic = await makeTopic(db(), {
      categoryId: category.id,
      language: 'en',
      titles: { en: 'Best tacos', fr: 'Meilleurs tacos' },
    });
    const taco = await makeProposition(db(), topic.id, 'El Farolito');
    const read = async (lang: string) =>
      (await server.request('GET', `/api/topics/${topic.id}?lang=${lang}`)).body.data.topic;
    expect(await read('fr')).toMatchObject({
      title: 'Meilleurs tacos',
      shownLanguage: 'fr',
      lastVoteAt: null,
    });
    // No German title: German readers get the French one (the fallback), and are told so.
    expect(await read('de')).toMatchObject({ title: 'Meilleurs tacos', shownLanguage: 'fr' });
    expect(await read('en')).toMatchObject({ title: 'Best tacos', shownLanguage: 'en' });

    const user = await registerUser(server);
    const before = Date.now();
    const voted = await server.request('POST', '/api/search/propositions', {
      token: user.accessToken,
      body: { topicId: topic.id, propositions: [{ itemName: 'El Farolito', points: 3 }], userTags: [] },
    });
    expect(voted.status).toBe(201);
    const lastVoteAt = Date.parse((await read('en')).lastVoteAt);
    expect(lastVoteAt).toBeGreaterThanOrEqual(before - 1000);
    expect(taco.id).toBeGreaterThan(0);
  });
});

describe('main topics and their sub-topics', () => {
  it('lists a main topic with its active sub-topics, and filters them by all chosen tags', async () => {
    const category = await makeCategory(db());
    const paris = await makeTag(db(), { name: 'Paris', type: 'LOCATION', names: { en: 'Paris EN' } });
    const lyon = await makeTag(db(), { name: 'Lyon', type: 'LOCATION' });
    const cheap = await makeTag(db(), { name: 'Cheap', type: 'PRICE' });
    const main = await makeTopic(db(), {
      categoryId: category.id,
      isMain: true,
      mandatoryTypes: ['LOCATION', 'PRICE'],
    });
    const parisCheap = await makeTopic(db(), {
      categoryId: category.id,
      mainTopicId: main.id,
      tagIds: [paris.id, cheap.id],
      voteCount: 5,
    });
    const parisOnly = await makeTopic(db(), {
      categoryId: category.id,
      mainTopicId: main.id,
      tagIds: [paris.id],
      voteCount: 9,
    });
    const lyonCheap = await makeTopic(db(), {
      categoryId: category.id,
      mainTopicId: main.id,
      tagIds: [lyon.id, cheap.id],
    });
    await makeTopic(db(), {
      categoryId: category.id,
      mainTopicId: main.id,
      tagIds: [lyon.id],
      isActive: false,
    });

    const all = await server.request('GET', `/api/topics/main/${main.id}/en`);
    expect(all.status).toBe(200);
    expect(all.body.data.mainTopic).toMatchObject({ id: main.id, subTopicCount: 3 });
    expect(ids(all.body.data.subTopics)).toEqual([parisOnly.id, parisCheap.id, lyonCheap.id]);

    const filtered = await server.request(
      'GET',
      `/api/topics/main/${main.id}/filter?tags=${paris.slug},${cheap.slug}&lang=en`,
    );
    expect(filtered.status).toBe(200);
    expect(ids(filtered.body.data.subTopics)).toEqual([parisCheap.id]);
    expect(filtered.body.data.selectedTags).toEqual([paris.slug, cheap.slug]);
    expect(filtered.body.data.availableTags).toEqual([
      {
        type: 'LOCATION',
        tags: [
          { id: lyon.id, slug: lyon.slug, name: 'Lyon', type: 'LOCATION', topicCount: 1 },
          { id: paris.id, slug: paris.slug, name: 'Paris EN', type: 'LOCATION', topicCount: 2 },
        ],
      },
      {
        type: 'PRICE',
        tags: [{ id: cheap.id, slug: cheap.slug, name: 'Cheap', type: 'PRICE', topicCount: 2 }],
      },
    ]);

    const noFilter = await server.request('GET', `/api/topics/main/${main.id}/filter?lang=fr`);
    expect(noFilter.body.data.subTopics).toHaveLength(3);
  });

  it('answers 404 for a topic that is not a main topic and 400 for a bad id', async () => {
    const category = await makeCategory(db());
    const plain = await makeTopic(db(), { categoryId: category.id });
    expect((await server.request('GET', `/api/topics/main/${plain.id}/fr`)).status).toBe(404);
    expect((await server.request('GET', `/api/topics/main/${plain.id}/filter`)).status).toBe(404);
    expect((await server.request('GET', '/api/topics/main/abc/fr')).status).toBe(400);
  });
});

describe('rankings', () => {
  it('orders propositions by points, then voters, then name, ranks ties alike, with place counts and the topic voter count', async () => {
    const category = await makeCategory(db());
    const topic = await makeTopic(db(), { categoryId: category.id, voteCount: 7 });
    const b = await makeProposition(db(), topic.id, 'Bravo', { first: 1, third: 1 }); // 4 pts, 2 voters
    const a = await makeProposition(db(), topic.id, 'Alpha', { second: 2 }); // 4 pts, 2 voters
    const c = await makeProposition(db(), topic.id, 'Charlie', { first: 2 }); // 6 pts
    const d = await makeProposition(db(), topic.id, 'Delta', { first: 1, third: 1, second: 0 }); // 4 pts, 2 voters
    const e = await makeProposition(db(), topic.id, 'Echo', { third: 4 }); // 4 pts, 4 voters

    const response = await server.request('GET', `/api/search/rankings/topic/${topic.id}?language=en`);
    expect(response.status).toBe(200);
    expect(response.body.data.topicId).toBe(topic.id);
    expect(response.body.data.voteCount).toBe(7);
    expect(response.body.data.rankings.map((r: { id: number }) => r.id)).toEqual([
      c.id,
      e.id,
      a.id,
      b.id,
      d.id,
    ]);
    // Alpha, Bravo and Delta tie on points and voters: one rank, name only orders them.
    expect(response.body.data.rankings.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3, 3, 3]);
    // The totals are written straight into the rows here, with no ballot behind them: their standing
    // (eligible ballots, confidence) is proved with real ballots in rankings/standing.test.ts.
    expect(response.body.data.rankings[0]).toMatchObject({
      id: c.id,
      rank: 1,
      itemName: 'Charlie',
      totalPoints: 6,
      voteCount: 2,
      firstPlaces: 2,
      secondPlaces: 0,
      thirdPlaces: 0,
    });
  });

  it('answers 404 for an unknown or inactive topic and an empty list for a topic without propositions', async () => {
    const category = await makeCategory(db());
    const empty = await makeTopic(db(), { categoryId: category.id });
    const inactive = await makeTopic(db(), { categoryId: category.id, isActive: false });
    expect(
      (await server.request('GET', `/api/search/rankings/topic/${empty.id}`)).body.data.rankings,
    ).toEqual([]);
    expect((await server.request('GET', '/api/search/rankings/topic/999999')).status).toBe(404);
    expect((await server.request('GET', `/api/search/rankings/topic/${inactive.id}`)).status).toBe(404);
    expect((await server.request('GET', '/api/search/rankings/topic/x1')).status).toBe(400);
  });
});

describe('admin topics', () => {
  it('creates a main topic and a sub-topic with tags, generating the slug from the name', async () => {
    const category = await makeCategory(db());
    const tag = await makeTag(db(), { type: 'CUISINE' });
    const main = await server.request('POST', '/api/admin/topics', {
      token: admin.accessToken,
      body: {
        name: 'Meilleurs Cafés de Montréal',
        description: 'Les cafés',
        categoryId: category.id,
        language: 'fr',
        isMainTopic: true,
        mandatoryTypes: ['cuisine', 'PRICE'],
      },
    });
    expect(main.status).toBe(201);
    expect(main.body.data.topic).toMatchObject({
      slug: 'meilleurs-cafes-de-montreal',
      title: 'Meilleurs Cafés de Montréal',
      isMainTopic: true,
      type: 'main',
      mandatoryTypes: ['CUISINE', 'PRICE'],
      isActive: true,
      voteCount: 0,
      categoryId: category.id,
    });
    expect(main.body.data.topic.readableId).toMatch(/^T-[0-9A-Z]{6}$/);

    const sub = await server.request('POST', '/api/admin/topics', {
      token: admin.accessToken,
      body: { name: 'Cafés italiens', mainTopicId: main.body.data.topic.id, tags: [tag.slug] },
    });
    expect(sub.status).toBe(201);
    expect(sub.body.data.topic).toMatchObject({
      mainTopicId: main.body.data.topic.id,
      mainTopic: 'Meilleurs Cafés de Montréal',
      categoryId: category.id,
      type: 'sub',
      tags: [{ slug: tag.slug }],
    });
  });

  it('refuses a taken slug with 409 SLUG_EXISTS and a main topic name taken in its category with 409', async () => {
    const category = await makeCategory(db());
    const body = { name: 'Unique main', categoryId: category.id, isMainTopic: true };
    expect(
      (await server.request('POST', '/api/admin/topics', { token: admin.accessToken, body })).status,
    ).toBe(201);

    const before = await snapshotDatabase(db());
    const sameName = await server.request('POST', '/api/admin/topics', {
      token: admin.accessToken,
      body: { ...body, name: 'UNIQUE  Main!', slug: 'another-slug' },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error.code).toBe('TOPIC_EXISTS');
    const sameSlug = await server.request('POST', '/api/admin/topics', {
      token: admin.accessToken,
      body: { name: 'Unique main', categoryId: category.id },
    });
    expect(sameSlug.status).toBe(409);
    expect(sameSlug.body.error.code).toBe('SLUG_EXISTS');
    expect(await snapshotDatabase(db())).toEqual(before);

    const otherCategory = await makeCategory(db());
    const elsewhere = await server.request('POST', '/api/admin/topics', {
      token: admin.accessToken,
      body: { ...body, categoryId: otherCategory.id, slug: 'unique-main-elsewhere' },
    });
    expect(elsewhere.status).toBe(201);
  });

  it('refuses bad input with 400 naming the field and changes nothing', async () => {
    const category = await makeCategory(db());
    const before = await snapshotDatabase(db());
    const cases: Array<[unknown, string]> = [
      [{ categoryId: category.id }, 'name'],
      [{ name: 'x', categoryId: 99_999 }, 'categoryId'],
      [{ name: 'x' }, 'categoryId'],
      [{ name: 'x', categoryId: category.id, tags: ['no-such-tag'] }, 'tags'],
      [{ name: 'x', categoryId: category.id, mainTopicId: 99_999 }, 'mainTopicId'],
      [{ name: 'x', categoryId: category.id, language: 'it' }, 'language'],
      [{ name: 'x'.repeat(201), categoryId: category.id }, 'name'],
      [{ name: '!!!', categoryId: category.id }, 'slug'],
    ];
    for (const [body, field] of cases) {
      const response = await server.request('POST', '/api/admin/topics', { token: admin.accessToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.field, JSON.stringify(body)).toBe(field);
    }
    expect(await snapshotDatabase(db())).toEqual(before);
  });

  it('deactivates and reactivates a topic; an inactive topic leaves the public lists', async () => {
    const category = await makeCategory(db());
    const topic = await makeTopic(db(), { categoryId: category.id, voteCount: 990_000 });
    const off = await server.request('PUT', `/api/admin/topics/${topic.slug}/status`, {
      token: admin.accessToken,
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.topic.isActive).toBe(false);
    expect((await server.request('GET', `/api/topics/${topic.id}`)).status).toBe(404);
    const popular = await server.request('GET', '/api/topics/popular/fr?limit=100');
    expect(ids(popular.body.data.topics)).not.toContain(topic.id);
    const got = await server.request('GET', `/api/admin/topics/${topic.id}`, { token: admin.accessToken });
    expect(got.body.data.topic).toMatchObject({ id: topic.id, isActive: false });

    const on = await server.request('PUT', `/api/admin/topics/${topic.id}/status`, {
      token: admin.accessToken,
      body: { isActive: true },
    });
    expect(on.body.data.topic.isActive).toBe(true);
    expect((await server.request('GET', `/api/topics/${topic.id}`)).status).toBe(200);
  });

  it('records who created or toggled a topic, and search follows the status at once', async () => {
    const category = await makeCategory(db());
    const created = await server.request('POST', '/api/admin/topics', {
      token: admin.accessToken,
      body: { name: 'Zanzibar spice market', categoryId: category.id, language: 'en', isMainTopic: false },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.topic.id;
    const found = async () =>
      (await server.request('GET', '/api/search/smart?q=zanzibar&lang=en')).body.data.suggestions.some(
        (s: { id: number; type: string }) => s.type === 'topic' && s.id === id,
      );
    expect(await found()).toBe(true);

    await server.request('PUT', `/api/admin/topics/${id}/status`, {
      token: admin.accessToken,
      body: { isActive: false },
    });
    expect(await found()).toBe(false);

    const trail = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after_json'])
      .where('entity_type', '=', 'topic')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(trail.map((row) => row.action)).toEqual(['create', 'status']);
    expect(trail.every((row) => row.actor_id === admin.id)).toBe(true);
    expect(JSON.parse(trail[1]?.after_json ?? '{}')).toEqual({ isActive: false });
  });

  it('keeps the admin topic routes for administrators only', async () => {
    const user = await registerUser(server);
    expect((await server.request('GET', '/api/admin/topics/1')).status).toBe(401);
    const asUser = await server.request('POST', '/api/admin/topics', { token: user.accessToken, body: {} });
    expect(asUser.status).toBe(403);
    const missing = await server.request('PUT', '/api/admin/topics/nope/status', {
      token: admin.accessToken,
      body: { isActive: true },
    });
    expect(missing.status).toBe(404);
    const badBody = await server.request('PUT', '/api/admin/topics/nope/status', {
      token: admin.accessToken,
      body: { isActive: 'yes' },
    });
    expect(badBody.status).toBe(400);
  });
});
