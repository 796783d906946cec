import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponseDto, SearchSuggestionDto } from '../../../common/api/search.js';
import { MAX_SUGGESTIONS } from '../../../common/constants.js';
import { ChangeSet } from '../../changes/change-set.js';
import { makeCategory, makeTopic } from '../../test/catalogue-factory.js';
import { createAdmin } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { indexTopics, rebuildSearchIndex } from './indexer.js';
import { SNAPSHOT_TRUST_MS } from './snapshot.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
}, 120_000);
afterAll(() => server?.close());

async function search(mode: 'predictive' | 'smart', params: Record<string, string>) {
  const response = await server.request<{ success: boolean; data: SearchResponseDto }>(
    'GET',
    `/api/search/${mode}?${new URLSearchParams(params)}`,
  );
  expect(response.status).toBe(200);
  return response.body.data;
}

const topics = (data: SearchResponseDto) => data.suggestions.filter((s) => s.type === 'topic');
const titles = (items: SearchSuggestionDto[]) => items.map((item) => item.title);

describe('GET /api/search/smart', () => {
  it.each([
    ['fr', 'meilleure pizza paris', /pizza/i, /paris/i],
    ['en', 'best pizza in Paris', /pizza/i, /paris/i],
    ['es', 'mejor pizza', /pizza/i, /./],
    ['de', 'beste Pizza', /pizza/i, /./],
  ])('finds pizza topics for a %s query in that language', async (lang, q, first, second) => {
    const data = await search('smart', { q, lang });
    const found = topics(data);
    expect(found.length).toBeGreaterThan(0);
    const top = found[0] as SearchSuggestionDto;
    expect(top.title).toMatch(first);
    expect(`${top.title} ${top.tags.map((t) => t.name).join(' ')}`).toMatch(second);
    expect(top.matchedWords).toContain('pizza');
    expect(data.didYouMean).toEqual([]);
  });

  it('answers in the requested language, with its tag and category names', async () => {
    const data = await search('smart', { q: 'pizzerien', lang: 'de' });
    const top = topics(data)[0] as SearchSuggestionDto;
    expect(top.title).toMatch(/Pizza/);
    expect(top.categoryName).toBe('Pizzerien');
    const category = data.suggestions.find((s) => s.type === 'subcategory');
    expect(category).toMatchObject({
      title: 'Pizzerien',
      parentCategoryName: 'Restaurants',
      slug: 'pizzerias',
    });
  });

  it('returns suggestions with the documented shape, scored above 0, unique, sorted by score plus relevance', async () => {
    const data = await search('smart', { q: 'pizza', lang: 'en' });
    expect(data.suggestions.length).toBeGreaterThan(3);
    expect(data.suggestions.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    const keys = data.suggestions.map((s) => `${s.type}:${s.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const totals = data.suggestions.map((s) => s.score + s.relevance);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    for (const s of data.suggestions) {
      expect(s.score).toBeGreaterThan(0);
      expect(Object.keys(s).sort()).toEqual(
        [
          'categoryName',
          'description',
          'id',
          'matchedWords',
          'parentCategoryName',
          'relevance',
          'score',
          'searchMatch',
          'slug',
          'isMainTopic',
          'subTopicCount',
          'tags',
          'title',
          'type',
          'voteCount',
        ].sort(),
      );
    }
    const topic = topics(data)[0] as SearchSuggestionDto;
    expect(topic.relevance).toBe(8);
    expect(topic.tags.every((tag) => tag.name && tag.slug && tag.type)).toBe(true);
  });

  it('scores as SPEC.md section 9 says', async () => {
    // "Best pizza" (en title of the main pizza topic): pizza 10 + 5 whole word; all keywords +20;
    // qualifier "best" in query and title +8 = 43 ("Pizzerias" does not contain "pizza").
    const data = await search('smart', { q: 'best pizza', lang: 'en' });
    const main = data.suggestions.find((s) => s.type === 'topic' && s.title === 'Best pizza');
    expect(main).toMatchObject({ score: 43, searchMatch: 'exact', matchedWords: ['pizza'] });
    // pizzeria: 10 + 5 edge of the category "Pizzerias"; +15 category; all +20 = 50; +8 qualifier.
    const inCategory = await search('smart', { q: 'best pizzeria', lang: 'en' });
    expect(inCategory.suggestions.find((s) => s.title === 'Best pizza')).toMatchObject({
      score: 58,
      searchMatch: 'all-words',
    });
  });

  it('finds the topics of a category or a tag searched by name, beside the category or tag itself', async () => {
    const byCategory = await search('smart', { q: 'Cocktail bars', lang: 'en' });
    expect(byCategory.suggestions.some((s) => s.type === 'subcategory' && s.slug === 'cocktail-bars')).toBe(
      true,
    );
    expect(topics(byCategory).some((s) => s.categoryName === 'Cocktail bars')).toBe(true);

    const byTag = await search('smart', { q: 'Lyon', lang: 'fr' });
    expect(byTag.suggestions.some((s) => s.type === 'tag' && s.slug === 'lyon')).toBe(true);
    expect(topics(byTag).length).toBeGreaterThan(0);
    expect(topics(byTag).every((s) => s.tags.some((t) => t.slug === 'lyon') || /lyon/i.test(s.title))).toBe(
      true,
    );
  });

  it('ignores case and accents', async () => {
    const plain = await search('smart', { q: 'creperie', lang: 'fr' });
    const accented = await search('smart', { q: 'CRÊPERIE', lang: 'fr' });
    expect(titles(accented.suggestions)).toEqual(titles(plain.suggestions));
  });

  // Issue 22: typos within the bound are found, so spelling help is for words beyond it
  // ("pzzia" is two edits from "pizza", a 5-letter word allows one).
  it('suggests corrections for misspelled words only when nothing is found, and only ones that find something', async () => {
    const pzzia = await search('smart', { q: 'pzzia', lang: 'en' });
    expect(pzzia.suggestions).toEqual([]);
    expect(pzzia.didYouMean[0]).toBe('pizza');
    expect(pzzia.didYouMean.length).toBeLessThanOrEqual(3);

    const beste = await search('smart', { q: 'beste Pzzia', lang: 'de' });
    expect(beste.didYouMean[0]).toBe('beste pizza');

    // Within the bound the typo is found instead: no spelling help.
    const restaurant = await search('smart', { q: 'resturant', lang: 'en' });
    expect(restaurant.suggestions.length).toBeGreaterThan(0);
    expect(restaurant.didYouMean).toEqual([]);

    // "pizza" finds no cocktail bar: it is not offered for a search of that category.
    expect((await search('smart', { q: 'pzzia', category: 'cocktail-bars', lang: 'en' })).didYouMean).toEqual(
      [],
    );
  });

  // Issue 22: smart search reads its last word as a word start too (it found only the category before).
  it('reads the last word as a word start, below a whole word', async () => {
    const data = await search('smart', { q: 'pizz', lang: 'en' });
    expect(topics(data)[0]?.title).toMatch(/pizza/i);
    expect(topics(data)[0]?.matchedWords).toEqual(['pizza']);
    expect(data.suggestions.map((s) => s.slug)).toContain('pizzerias');
    const plural = await search('smart', { q: 'restaurant', lang: 'en' });
    expect(plural.suggestions.some((s) => s.slug === 'restaurants')).toBe(true);
  });

  it('lists the active topics of a category given by slug or name, and of a tag given by name in any case', async () => {
    const bySlug = await search('smart', { category: 'pizzerias', lang: 'en' });
    const byName = await search('smart', { category: 'Pizzerien', lang: 'en' });
    expect(bySlug.suggestions.length).toBeGreaterThan(0);
    expect(
      bySlug.suggestions.every((s) => s.categoryName === 'Pizzerias' && s.searchMatch === 'filter'),
    ).toBe(true);
    expect(byName.suggestions.map((s) => s.id)).toEqual(bySlug.suggestions.map((s) => s.id));

    const byTag = await search('smart', { tag: 'PARIS', lang: 'fr' });
    expect(byTag.suggestions.length).toBeGreaterThan(0);
    expect(byTag.suggestions.every((s) => s.tags.some((t) => t.slug === 'paris'))).toBe(true);

    const narrowed = await search('smart', { q: 'pizza', tag: 'paris', lang: 'en' });
    expect(narrowed.suggestions.length).toBeGreaterThan(0);
    expect(
      narrowed.suggestions.every((s) => s.type === 'topic' && s.tags.some((t) => t.slug === 'paris')),
    ).toBe(true);

    expect((await search('smart', { tag: 'no-such-tag', lang: 'en' })).suggestions).toEqual([]);
  });
});

describe('GET /api/search/predictive', () => {
  it('reads the last word as a word start', async () => {
    const data = await search('predictive', { q: 'pizz', lang: 'en' });
    expect(topics(data).length).toBeGreaterThan(0);
    expect(topics(data)[0]?.title).toMatch(/pizza/i);
    // The matched words are the indexed words found ("pa" completed), as the suggestions show them.
    const twoWords = await search('predictive', { q: 'pizza pa', lang: 'fr' });
    const [pizza, completed] = topics(twoWords)[0]?.matchedWords ?? [];
    expect(pizza).toBe('pizza');
    expect(completed).toMatch(/^pa./);
  });

  it('gives categories and tags beside topics', async () => {
    const data = await search('predictive', { q: 'burg', lang: 'en' });
    const types = new Set(data.suggestions.map((s) => s.type));
    expect(types.has('topic')).toBe(true);
    expect(types.has('subcategory')).toBe(true);
  });
});

describe('ties and main topics', () => {
  // Topics written straight into the database, then indexed as the index subscriber would.
  async function numbatTopics() {
    const db = server.ctx.db;
    const category = await makeCategory(db, { name: 'Marsupial outings' });
    const topic = (title: string, voteCount: number, more: Partial<Parameters<typeof makeTopic>[1]> = {}) =>
      makeTopic(db, {
        categoryId: category.id,
        title,
        language: 'en',
        description: null,
        voteCount,
        ...more,
      });
    const alpha = await topic('Numbat Alpha', 2);
    const mike = await topic('Numbat Mike', 0);
    const zulu = await topic('Numbat Zulu', 9);
    const hub = await topic('Numbat Hub', 0, { isMain: true });
    const subTopics = [
      await topic('Termite walks Lyon', 3, { mainTopicId: hub.id }),
      await topic('Termite walks Rome', 1, { mainTopicId: hub.id }),
      await topic('Termite walks Oslo', 0, { mainTopicId: hub.id, isActive: false }),
    ];
    // Written straight into the database: announced, as a bulk load is, so the index and search follow.
    const change = new ChangeSet().category(category.id);
    for (const made of [alpha, mike, zulu, hub, ...subTopics]) change.topic(made.id, 'created');
    await server.ctx.changes.announce(change);
    return { alpha, mike, zulu, hub };
  }

  let made: Awaited<ReturnType<typeof numbatTopics>>;
  beforeAll(async () => {
    made = await numbatTopics();
  });

  it('puts the more voted of two equally scored topics first, in smart and predictive search', async () => {
    const voted = ['Numbat Zulu', 'Numbat Alpha'];
    const smart = topics(await search('smart', { q: 'numbat', lang: 'en' }));
    const scores = new Set(smart.filter((s) => voted.includes(s.title)).map((s) => s.score + s.relevance));
    expect(scores.size).toBe(1);
    // By title Alpha would come before Zulu; by votes Zulu (9) comes before Alpha (2), then Mike (0).
    expect(titles(smart).filter((title) => title !== 'Numbat Hub')).toEqual([
      'Numbat Zulu',
      'Numbat Alpha',
      'Numbat Mike',
    ]);
    const predictive = topics(await search('predictive', { q: 'numb', lang: 'en' }));
    expect(titles(predictive).filter((title) => title !== 'Numbat Hub')).toEqual([
      'Numbat Zulu',
      'Numbat Alpha',
      'Numbat Mike',
    ]);
  });

  it("gives a main topic's result its active sub-topics' count, and 0 to every other result", async () => {
    const data = await search('smart', { q: 'numbat', lang: 'en' });
    const hub = data.suggestions.find((s) => s.id === made.hub.id);
    expect(hub).toMatchObject({ isMainTopic: true, subTopicCount: 2 });
    const others = data.suggestions.filter((s) => s.id !== made.hub.id || s.type !== 'topic');
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(other).toMatchObject({ isMainTopic: false, subTopicCount: 0 });
    // A listing by category (no query) counts them too.
    const listed = await search('smart', { category: 'Marsupial outings', lang: 'en' });
    expect(listed.suggestions.find((s) => s.id === made.hub.id)?.subTopicCount).toBe(2);
  });
});

describe('search input rules', () => {
  it.each(['', ' ', 'a', ' p '])('answers %j with no suggestions', async (q) => {
    for (const mode of ['predictive', 'smart'] as const) {
      expect(await search(mode, { q, lang: 'en' })).toEqual({
        query: q.trim(),
        suggestions: [],
        didYouMean: [],
      });
    }
  });

  it('refuses a query over 200 characters', async () => {
    const response = await server.request('GET', `/api/search/smart?q=${'a'.repeat(201)}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('defaults to French and refuses an unsupported language', async () => {
    const data = await search('smart', { q: 'pizza' });
    expect(topics(data)[0]?.title).toMatch(/Meilleure pizza|pizza/);
    expect(data.suggestions.find((s) => s.title === 'Meilleure pizza')?.description).toMatch(/pâte/);
    const response = await server.request('GET', '/api/search/smart?q=pizza&lang=it');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('UNSUPPORTED_LANGUAGE');
  });
});

describe('GET /api/search/categories and /api/search/tags', () => {
  it('lists categories in the language, subcategories with their parent, without the system category', async () => {
    const response = await server.request('GET', '/api/search/categories?lang=es');
    expect(response.status).toBe(200);
    const categories = response.body.data.categories as { slug: string; name: string; parentName?: string }[];
    expect(categories.find((c) => c.slug === 'pizzerias')).toEqual(
      expect.objectContaining({ name: 'Pizzerías', parentName: 'Restaurantes' }),
    );
    expect(categories.some((c) => c.slug === 'unassigned')).toBe(false);
    const filtered = await server.request('GET', '/api/search/categories?lang=en&q=bar');
    expect(filtered.body.data.categories.map((c: { slug: string }) => c.slug)).toContain('cocktail-bars');
  });

  it('lists tags with their type and category', async () => {
    const response = await server.request('GET', '/api/search/tags?lang=de&q=munch');
    expect(response.status).toBe(200);
    expect(response.body.data.tags).toEqual([
      expect.objectContaining({ name: 'München', slug: 'munich', type: 'LOCATION', categoryId: null }),
    ]);
  });
});

describe('the search index', () => {
  it('follows topic changes once they are re-indexed, and drops deactivated topics', async () => {
    // A topic with a tag (a main topic, a hub, has none).
    const target = topics(await search('smart', { q: 'pizza', lang: 'en' })).find((s) => s.tags.length > 0);
    expect(target).toBeDefined();
    const id = (target as SearchSuggestionDto).id;
    await server.ctx.db.updateTable('topics').set({ is_active: 0 }).where('id', '=', id).execute();
    await server.ctx.changes.announce(new ChangeSet().topic(id, 'status'));
    expect(topics(await search('smart', { q: 'pizza', lang: 'en' })).map((s) => s.id)).not.toContain(id);

    await server.ctx.db.updateTable('topics').set({ is_active: 1 }).where('id', '=', id).execute();
    await server.ctx.db
      .updateTable('translations')
      .set({ value: 'Zanzibar quokka pizza' })
      .where('entity_type', '=', 'topic')
      .where('entity_id', '=', id)
      .where('key', '=', 'title')
      .where('language', '=', 'en')
      .execute();
    await server.ctx.changes.announce(new ChangeSet().topic(id, 'status', 'texts'));
    const renamed = await search('smart', { q: 'quokka', lang: 'en' });
    expect(topics(renamed).map((s) => s.id)).toEqual([id]);
    // The typo vocabulary learnt the new word: a misspelling finds the topic, with no "did you mean".
    const misspelled = await search('smart', { q: 'quoka', lang: 'en' });
    expect(topics(misspelled).map((s) => s.id)).toEqual([id]);
    expect(misspelled.didYouMean).toEqual([]);
  });

  it('sees a topic re-indexed without an announced change within a second, and at once when announced', async () => {
    const target = topics(await search('smart', { q: 'pizza', lang: 'en' })).find((s) => s.tags.length > 0);
    const id = (target as SearchSuggestionDto).id;
    const rename = (title: string) =>
      server.ctx.db
        .updateTable('translations')
        .set({ value: title })
        .where('entity_type', '=', 'topic')
        .where('entity_id', '=', id)
        .where('key', '=', 'title')
        .where('language', '=', 'en')
        .execute();
    const found = async (q: string) => topics(await search('smart', { q, lang: 'en' })).map((s) => s.id);

    // Announced: the very next search reads the new index version.
    await rename('Wallaby numbat pizza');
    await server.ctx.changes.announce(new ChangeSet().topic(id, 'texts'));
    expect(await found('wallaby')).toEqual([id]);

    // Re-indexed behind the changes' back (no event): the snapshot is trusted for SNAPSHOT_TRUST_MS only.
    await rename('Bilby numbat pizza');
    await server.ctx.db.transaction().execute((trx) => indexTopics(trx, [id]));
    const started = Date.now();
    while (!(await found('bilby')).includes(id)) {
      expect(Date.now() - started).toBeLessThan(SNAPSHOT_TRUST_MS + 500);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('finds a topic by the name an administrator gives its tag or its category in another language', async () => {
    const admin = await createAdmin(server);
    // A topic with a tag (a main topic, a hub, has none).
    const target = topics(await search('smart', { q: 'pizza', lang: 'en' })).find((s) => s.tags.length > 0);
    const { id, tags } = target as SearchSuggestionDto;
    const topicRow = await server.ctx.db
      .selectFrom('topics')
      .select('category_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const tag = await server.ctx.db
      .selectFrom('tags')
      .select('id')
      .where('slug', '=', (tags[0] as { slug: string }).slug)
      .executeTakeFirstOrThrow();

    const tagName = await server.request('PUT', `/api/admin/tags/${tag.id}/translations/de`, {
      token: admin.accessToken,
      body: { name: 'Wombatstadt' },
    });
    expect(tagName.status).toBe(200);
    expect(topics(await search('smart', { q: 'wombatstadt', lang: 'de' })).map((s) => s.id)).toContain(id);

    const categoryName = await server.request(
      'PUT',
      `/api/admin/categories/${topicRow.category_id}/translations/es`,
      { token: admin.accessToken, body: { name: 'Quokkería' } },
    );
    expect(categoryName.status).toBe(200);
    expect(topics(await search('smart', { q: 'quokkeria', lang: 'es' })).map((s) => s.id)).toContain(id);
  });

  it('rebuilds to the same contents', async () => {
    const before = await server.ctx.db
      .selectFrom('search_terms')
      .selectAll()
      .orderBy(['term', 'topic_id'])
      .execute();
    await rebuildSearchIndex(server.ctx.db);
    const after = await server.ctx.db
      .selectFrom('search_terms')
      .selectAll()
      .orderBy(['term', 'topic_id'])
      .execute();
    expect(after).toEqual(before);
    expect(after.length).toBeGreaterThan(1000);
  });
});
