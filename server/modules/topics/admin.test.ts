import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTotalsMismatches } from '../../db/integrity.js';
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

const as = (method: string, path: string, body?: unknown) =>
  server.request(method, path, { token: admin.accessToken, ...(body === undefined ? {} : { body }) });

let counter = 0;
const unique = (base: string) => `${base} ${String.fromCharCode(97 + (counter++ % 26))}${counter}`;

/** A category with LOCATION (3 tags), PRICE (2 tags) and an empty CUISINE type. */
async function catalogue() {
  const category = (await as('POST', '/api/admin/categories', { name: unique('Pizza places') })).body.data
    .category;
  const tag = async (name: string, type: string, translations?: Record<string, string>) =>
    (await as('POST', '/api/admin/tags', { name: unique(name), type, categoryId: category.id, translations }))
      .body.data.tag as { id: number; slug: string; name: string };
  const locations = [
    await tag('Paris', 'LOCATION', { fr: 'Paris FR' }),
    await tag('Lyon', 'LOCATION'),
    await tag('Nice', 'LOCATION'),
  ];
  const prices = [await tag('Cheap', 'PRICE', { fr: 'Pas cher' }), await tag('Upscale', 'PRICE')];
  return { category, locations, prices };
}

async function mainWithSubs() {
  const { category, locations, prices } = await catalogue();
  const run = await as('POST', '/api/admin/topics/wizard', {
    categoryId: category.id,
    mainTopicName: unique('Best pizza'),
    language: 'en',
    types: ['LOCATION', 'PRICE'],
    combinations: [['LOCATION', 'PRICE']],
  });
  expect(run.status).toBe(201);
  return { category, locations, prices, run: run.body.data };
}

async function vote(user: TestUser, topicId: number, names: string[]) {
  const response = await server.request('POST', '/api/search/propositions', {
    token: user.accessToken,
    body: { topicId, propositions: names.map((itemName, i) => ({ itemName, points: 3 - i })) },
  });
  expect(response.status, response.text).toBeLessThan(300);
}

describe('the topic wizard', () => {
  it('creates the main topic and the cross product of the chosen types’ tags as sub-topics, in one call', async () => {
    const { category, locations, prices, run } = await mainWithSubs();
    expect(run.reusedMainTopic).toBe(false);
    expect(run.created).toHaveLength(6);
    const titles = run.created.map((t: { title: string }) => t.title);
    const parisCheap = run.created.find(
      (t: { title: string }) => t.title === `${run.mainTopic.title} ${locations[0]?.name} ${prices[0]?.name}`,
    );
    expect(new Set(titles).size).toBe(6);
    for (const topic of run.created) expect(topic.slug).toMatch(/^best-pizza-.*-\d{13}$/);

    const main = await as('GET', `/api/admin/topics/${run.mainTopic.id}`);
    expect(main.body.data.topic).toMatchObject({
      isMainTopic: true,
      mandatoryTypes: ['LOCATION', 'PRICE'],
      categoryId: category.id,
    });
    const sub = await as('GET', `/api/admin/topics/${parisCheap.slug}`);
    expect(sub.body.data.topic.tags.map((t: { slug: string }) => t.slug).sort()).toEqual(
      [locations[0]?.slug, prices[0]?.slug].sort(),
    );
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_type', '=', 'topic')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('skips types without tags, names sub-topics in the wizard’s language, and skips duplicate names in a run', async () => {
    const { category } = await catalogue();
    const run = await as('POST', '/api/admin/topics/wizard', {
      categoryId: category.id,
      mainTopicName: unique('Meilleure pizza'),
      language: 'fr',
      types: ['PRICE', 'CUISINE'],
      combinations: [['PRICE', 'CUISINE'], ['PRICE']],
    });
    expect(run.status).toBe(201);
    const titles = run.body.data.created.map((t: { title: string }) => t.title);
    expect(titles).toHaveLength(2);
    expect(titles[0]).toMatch(/ Pas cher$/);
  });

  it('reuses an existing main topic of that name and skips the sub-topics it already has', async () => {
    const { category, run } = await mainWithSubs();
    const again = await as('POST', '/api/admin/topics/wizard', {
      categoryId: category.id,
      mainTopicName: run.mainTopic.title.toUpperCase(),
      types: ['LOCATION', 'PRICE'],
      combinations: [['LOCATION', 'PRICE'], ['LOCATION']],
    });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ reusedMainTopic: true, mainTopic: { id: run.mainTopic.id } });
    expect(again.body.data.created).toHaveLength(3);
    expect(again.body.data.skipped).toHaveLength(6);
  });

  it('refuses a run with no usable combination, changing nothing', async () => {
    const { category } = await catalogue();
    const before = await snapshotDatabase(server.ctx.db);
    const response = await as('POST', '/api/admin/topics/wizard', {
      categoryId: category.id,
      mainTopicName: 'Nothing to combine',
      types: ['CUISINE'],
      combinations: [['CUISINE']],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Please create at least one tag combination');
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });
});

describe('admin topic list and edits', () => {
  it('lists every topic with category, type, status, counts, main topic name, and status counts', async () => {
    const { run } = await mainWithSubs();
    await as('PUT', `/api/admin/topics/${run.created[0].id}/status`, { isActive: false });
    const response = await as('GET', '/api/admin/topics?lang=en');
    expect(response.status).toBe(200);
    const { topics, statusCounts } = response.body.data;
    expect(statusCounts.all).toBe(statusCounts.active + statusCounts.inactive);
    expect(statusCounts.inactive).toBeGreaterThanOrEqual(1);
    const main = topics.find((t: { id: number }) => t.id === run.mainTopic.id);
    expect(main).toMatchObject({
      type: 'main',
      isActive: true,
      counts: { propositions: 0, subTopics: 6 },
      mainTopic: null,
    });
    const sub = topics.find((t: { id: number }) => t.id === run.created[0].id);
    expect(sub).toMatchObject({ type: 'sub', isActive: false, mainTopic: run.mainTopic.title });
    const inactive = await as('GET', '/api/admin/topics?status=inactive');
    expect(inactive.body.data.topics.every((t: { isActive: boolean }) => !t.isActive)).toBe(true);
  });

  it('edits slug, base title, description, category and tags by slug; a taken slug is 409 SLUG_EXISTS', async () => {
    const { category, locations, run } = await mainWithSubs();
    const other = (await as('POST', '/api/admin/categories', { name: unique('Other place') })).body.data
      .category;
    const sub = run.created[1];
    const response = await as('PUT', `/api/admin/topics/${sub.slug}`, {
      slug: unique('new slug'),
      title: 'Renamed sub-topic',
      description: 'Now described',
      tags: [locations[2]?.slug],
    });
    expect(response.status).toBe(200);
    expect(response.body.data.topic).toMatchObject({
      title: 'Renamed sub-topic',
      description: 'Now described',
    });
    expect(response.body.data.topic.tags.map((t: { slug: string }) => t.slug)).toEqual([locations[2]?.slug]);

    const before = await snapshotDatabase(server.ctx.db);
    const taken = await as('PUT', `/api/admin/topics/${sub.id}`, { slug: run.created[2].slug });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('SLUG_EXISTS');
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);

    const moved = await as('PUT', `/api/admin/topics/${run.mainTopic.id}`, { categorySlug: other.slug });
    expect(moved.status).toBe(200);
    expect(moved.body.data.topic.categoryId).toBe(other.id);
    const movedSub = await as('GET', `/api/admin/topics/${run.created[0].id}`);
    expect(movedSub.body.data.topic.categoryId).toBe(other.id);
    expect(category.id).not.toBe(other.id);
  });

  it('edits a translation when a language other than the topic’s is given, leaving the base text', async () => {
    const { run } = await mainWithSubs();
    const response = await as('PUT', `/api/admin/topics/${run.mainTopic.id}?lang=de`, {
      title: 'Beste Pizza',
      language: 'de',
    });
    expect(response.status).toBe(200);
    expect(response.body.data.topic.title).toBe('Beste Pizza');
    const english = await as('GET', `/api/admin/topics/${run.mainTopic.id}?lang=en`);
    expect(english.body.data.topic.title).toBe(run.mainTopic.title);
  });

  it('refuses a main topic name taken in its category with 409', async () => {
    const { category, run } = await mainWithSubs();
    const other = await as('POST', '/api/admin/topics', {
      name: unique('Another main'),
      categoryId: category.id,
      isMainTopic: true,
    });
    const response = await as('PUT', `/api/admin/topics/${other.body.data.topic.id}`, {
      title: run.mainTopic.title,
    });
    expect(response.status).toBe(409);
  });

  it('adds and removes tags by slug; an unknown tag is 404', async () => {
    const { locations, run } = await mainWithSubs();
    const added = await as('POST', `/api/admin/topics/${run.mainTopic.id}/tags`, {
      tagSlug: locations[1]?.slug,
    });
    expect(added.status).toBe(201);
    expect(added.body.data.topic.tags.map((t: { slug: string }) => t.slug)).toContain(locations[1]?.slug);
    const removed = await as('DELETE', `/api/admin/topics/${run.mainTopic.id}/tags/${locations[1]?.slug}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.topic.tags).toEqual([]);
    const unknown = await as('POST', `/api/admin/topics/${run.mainTopic.id}/tags`, {
      tagSlug: 'no-such-tag',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('admin propositions', () => {
  it('adds, renames (409 onto an existing name) and deletes propositions, keeping every total exact', async () => {
    const { run } = await mainWithSubs();
    const topic = run.created[0];
    const added = await as('POST', `/api/admin/topics/${topic.slug}/propositions`, { itemName: 'Da Marco' });
    expect(added.status).toBe(201);
    const duplicate = await as('POST', `/api/admin/topics/${topic.slug}/propositions`, {
      itemName: ' da  MARCO ',
    });
    expect(duplicate.status).toBe(409);

    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    await vote(alice, topic.id, ['Da Marco', 'Luigi', 'Napoli']);
    await vote(bob, topic.id, ['Luigi']);
    const ranking = (await as('GET', `/api/search/rankings/topic/${topic.id}`)).body.data.rankings as Array<{
      id: number;
      itemName: string;
    }>;
    const luigi = ranking.find((r) => r.itemName === 'Luigi');
    const marco = ranking.find((r) => r.itemName === 'Da Marco');

    const before = await snapshotDatabase(server.ctx.db);
    const clash = await as('PUT', `/api/admin/topics/${topic.slug}/propositions/${marco?.id}`, {
      itemName: 'luigi',
    });
    expect(clash.status).toBe(409);
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
    const renamed = await as('PUT', `/api/admin/topics/${topic.slug}/propositions/${marco?.id}`, {
      itemName: 'Chez Marco',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.proposition).toMatchObject({ itemName: 'Chez Marco', totalPoints: 3 });

    const deleted = await as('DELETE', `/api/admin/topics/${topic.slug}/propositions/${luigi?.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.topicVoteCount).toBe(1);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
    const other = await as('DELETE', `/api/admin/topics/${run.created[1].slug}/propositions/${marco?.id}`);
    expect(other.status).toBe(404);
  });
});

describe('admin topic delete', () => {
  it('deletes a main topic with its sub-topics, propositions and votes in one go; voters keep their accounts', async () => {
    const { run } = await mainWithSubs();
    const voter = await registerUser(server);
    await vote(voter, run.created[0].id, ['Somewhere']);
    const response = await as('DELETE', `/api/admin/topics/${run.mainTopic.slug}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ deleted: true, subTopics: 6, propositions: 1, votes: 1 });
    const ids = [run.mainTopic.id, ...run.created.map((t: { id: number }) => t.id)];
    expect(await server.ctx.db.selectFrom('topics').select('id').where('id', 'in', ids).execute()).toEqual(
      [],
    );
    expect(
      await server.ctx.db.selectFrom('votes').select('id').where('user_id', '=', voter.id).execute(),
    ).toEqual([]);
    expect(
      await server.ctx.db.selectFrom('users').select('id').where('id', '=', voter.id).execute(),
    ).toHaveLength(1);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
    const gone = await as('DELETE', `/api/admin/topics/${run.mainTopic.slug}`);
    expect(gone.status).toBe(404);
  });

  it('deletes a sub-topic alone', async () => {
    const { run } = await mainWithSubs();
    const response = await as('DELETE', `/api/admin/topics/${run.created[0].id}`);
    expect(response.status).toBe(200);
    const main = await as('GET', `/api/admin/topics/${run.mainTopic.id}`);
    expect(main.body.data.topic.subTopicCount).toBe(5);
  });
});
