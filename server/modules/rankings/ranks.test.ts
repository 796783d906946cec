import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProposition, makeTopic } from '../../test/catalogue-factory.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { BY_POINTS } from './order.js';
import { RankingsRepository } from './repository.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.ctx.db;

/** Places per proposition name (first, second, third counts), written straight into a new topic. */
type Places = { first?: number; second?: number; third?: number };

async function topicWith(propositions: Record<string, Places>, options: { mainTopicId?: number } = {}) {
  const category = await makeCategory(db());
  const topic = await makeTopic(db(), { categoryId: category.id, language: 'en', ...options });
  for (const [name, places] of Object.entries(propositions))
    await makeProposition(db(), topic.id, name, places);
  return topic;
}

const ranksOf = (rows: { itemName: string; rank: number }[]) =>
  rows.map((row) => `${row.itemName} ${row.rank}`);

describe('ranks', () => {
  it('are exact on a first page that ends inside a tie', async () => {
    const topic = await topicWith({ Alpha: { first: 2 }, Bravo: { first: 1 }, Charlie: { first: 1 } });
    const response = await server.request('GET', `/api/search/rankings/topic/${topic.id}?limit=2`);
    expect(ranksOf(response.body.data.rankings)).toEqual(['Alpha 1', 'Bravo 2']);
  });

  it('show on a hub podium: two propositions equal on points and voters both take second place', async () => {
    const category = await makeCategory(db());
    const main = await makeTopic(db(), { categoryId: category.id, isMain: true, language: 'en' });
    await topicWith(
      { Gold: { first: 2 }, Silver: { first: 1, third: 1 }, Argent: { second: 2 }, Bronze: { third: 1 } },
      { mainTopicId: main.id },
    );
    const response = await server.request('GET', `/api/topics/main/${main.id}/hub?lang=en`);
    expect(response.status).toBe(200);
    expect(ranksOf(response.body.data.subTopics[0].podium)).toEqual(['Gold 1', 'Argent 2', 'Silver 2']);
  });

  it("follow the database's order, which the ordering's compare reproduces", async () => {
    const topic = await topicWith({
      delta: { third: 3 },
      Alpha: { first: 1 },
      bravo: { first: 1 },
      Echo: { second: 1, third: 1 },
      charlie: { third: 3 },
      Foxtrot: {},
    });
    const rows = await new RankingsRepository(db()).ranking(topic.id, 100, BY_POINTS);
    expect(rows.map((row) => row.name)).toEqual([...rows].sort(BY_POINTS.compare).map((row) => row.name));
    expect(rows.map((row) => row.name)).toEqual(['charlie', 'delta', 'Echo', 'Alpha', 'bravo', 'Foxtrot']);
  });

  it("lead each topic by the ranking's own first rows, for more topics than one read holds", async () => {
    // 105 topics: more than one statement reads (100), each with a proposition without points, which leads nothing.
    const topics = [];
    for (let index = 0; index < 105; index++)
      topics.push(
        await topicWith({
          [`Low ${index}`]: { third: 1 },
          [`Top ${index}`]: { first: 1 + (index % 3) },
          [`Mid ${index}`]: { second: 1 },
          [`None ${index}`]: {},
        }),
      );
    const leaders = await new RankingsRepository(db()).leaders(
      topics.map((topic) => topic.id),
      BY_POINTS,
      2,
    );
    expect(leaders.size).toBe(105);
    for (const [index, topic] of topics.entries())
      expect(leaders.get(topic.id)?.map((row) => row.name)).toEqual([`Top ${index}`, `Mid ${index}`]);
  });
});
