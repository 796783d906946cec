import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponseDto, SearchSuggestionDto } from '../../../common/api/search.js';
import { ChangeSet } from '../../changes/change-set.js';
import { makeCategory, makeTopic } from '../../test/catalogue-factory.js';
import { startTestServer, type TestServer } from '../../test/server.js';

// Issue 22's queries on the demo catalogue: typos, other languages and word beginnings find the topic.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
}, 120_000);
afterAll(() => server?.close());

async function search(mode: 'predictive' | 'smart', q: string, lang: string) {
  const response = await server.request<{ success: boolean; data: SearchResponseDto }>(
    'GET',
    `/api/search/${mode}?${new URLSearchParams({ q, lang })}`,
  );
  expect(response.status).toBe(200);
  return response.body.data;
}

const topics = (data: SearchResponseDto) => data.suggestions.filter((s) => s.type === 'topic');
/** A result's title and tag names, to check what it is about. */
const about = (result: SearchSuggestionDto | undefined) =>
  result ? `${result.title} ${result.tags.map((tag) => tag.name).join(' ')}` : '';

describe('typos are found, not only offered as "did you mean"', () => {
  it.each([
    ['piza', 'pizza', /pizza/i],
    ['croisant', 'croissant', /croissant/i],
    ['hamburgr', 'hamburg', /hambourg/i],
    ['shnitzel', 'schnitzel', /schnitzel/i],
    ['paela', 'paella', /paella/i],
    ['churos', 'churros', /churros/i],
    ['tappas', 'tapas', /tapas/i],
  ])(
    '"%s" finds the %s topics in smart and predictive search, without spelling help',
    async (q, word, shown) => {
      for (const mode of ['smart', 'predictive'] as const) {
        const data = await search(mode, q, 'fr');
        const top = topics(data).slice(0, 3);
        expect(top.length).toBeGreaterThan(0);
        for (const result of top) expect(about(result)).toMatch(shown);
        expect(top[0]?.matchedWords).toEqual([word]);
        expect(data.didYouMean).toEqual([]);
      }
    },
  );

  it('"piza paris" in French puts the Paris pizza topics first', async () => {
    const data = await search('smart', 'piza paris', 'fr');
    const top = topics(data)[0];
    expect(about(top)).toMatch(/pizza/i);
    expect(about(top)).toMatch(/paris/i);
    expect(top?.matchedWords).toEqual(['pizza', 'paris']);
  });

  it('"muenchen" finds München in French', async () => {
    const data = await search('smart', 'muenchen', 'fr');
    expect(topics(data).length).toBeGreaterThan(0);
    expect(about(topics(data)[0])).toMatch(/munich/i);
    expect(data.didYouMean).toEqual([]);
  });
});

describe('a topic is found in any language and shown in the visitor’s', () => {
  it('"coffee berlin" in German finds "Bester Kaffee" in Berlin first', async () => {
    const top = topics(await search('smart', 'coffee berlin', 'de'))[0];
    expect(top?.title).toMatch(/Kaffee/);
    expect(about(top)).toMatch(/Berlin/);
  });

  it('"kaffee hamburg" in French finds the Hamburg coffee topic, in French', async () => {
    const top = topics(await search('smart', 'kaffee hamburg', 'fr'))[0];
    expect(top?.title).toMatch(/café/i);
    expect(about(top)).toMatch(/Hambourg/);
  });

  it('"tapas barcelona" in French puts the Barcelona tapas topics above the other tapas topics', async () => {
    const found = topics(await search('smart', 'tapas barcelona', 'fr'));
    const inBarcelona = found.filter((result) => /tapas.*barcelone/i.test(about(result)));
    expect(inBarcelona.length).toBeGreaterThan(0);
    expect(found.slice(0, inBarcelona.length)).toEqual(inBarcelona);
    expect(inBarcelona[0]?.score).toBeGreaterThan(found[inBarcelona.length]?.score ?? 0);
  });

  it('"crêpe" (no crêpes in the demo) is not corrected to words of another language', async () => {
    const data = await search('smart', 'crêpe', 'fr');
    expect(data.suggestions).toEqual([]);
    expect(data.didYouMean).not.toContain('cream');
    expect(data.didYouMean).not.toContain('free');
  });
});

describe('word beginnings in smart search', () => {
  it('"schnitz" in German finds the schnitzel topic, as the suggestions box does', async () => {
    for (const mode of ['smart', 'predictive'] as const) {
      const top = topics(await search(mode, 'schnitz', 'de'))[0];
      expect(top?.title).toMatch(/Schnitzel/);
      expect(top?.matchedWords).toEqual(['schnitzel']);
    }
  });
});

describe('the typo vocabulary', () => {
  it('learns the words of a topic from the change that indexed it', async () => {
    await search('smart', 'pizza', 'en');
    expect(topics(await search('smart', 'zanzibarquoll', 'en'))).toEqual([]);
    const db = server.ctx.db;
    const category = await makeCategory(db, { name: 'Quoll outings' });
    const topic = await makeTopic(db, {
      categoryId: category.id,
      title: 'Zanzibarquoll walks',
      language: 'en',
    });
    // Written straight into the database: the change is announced as a write would record it.
    await server.ctx.changes.announce(new ChangeSet().topic(topic.id, 'created'));
    await expect
      .poll(async () => topics(await search('smart', 'zanzibarquol', 'en')).map((s) => s.id))
      .toEqual([topic.id]);
  });
});
