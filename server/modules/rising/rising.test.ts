import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RisingData } from '../../../common/api/rising.js';
import { readCacheFor } from '../../db/read-cache.js';
import { makeCategory, makeProposition, makeTopic } from '../../test/catalogue-factory.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, UNLIMITED_CREATIONS, vote } from '../votes/test-helpers.js';
import { CLIMBERS_SCOPE } from './service.js';

/**
 * A hand-computed week. "Now" is T = 2026-12-10 12:00 UTC: the window holds ballots cast after
 * 2026-12-03 12:00, and the propositions are compared with each topic's standing at the end of
 * 2026-12-03 (its snapshot of that day, or the latest before it).
 */
const T = Date.parse('2026-12-10T12:00:00.000Z');
const DAY = 86_400_000;

let server: TestServer;
const db = () => server.ctx.db;

beforeAll(async () => {
  // Tokens live a month: the test casts ballots ten days apart with the same voters.
  server = await startTestServer({ ...UNLIMITED_CREATIONS, accessTokenTtlSeconds: 30 * 86_400 });
});
afterAll(() => server.close());

async function rising(language = 'en'): Promise<RisingData> {
  const response = await server.request('GET', `/api/topics/rising/${language}`);
  expect(response.status).toBe(200);
  return response.body.data;
}

async function castAt(instant: number, voter: TestUser, topicId: number, names: (string | null)[]) {
  server.clock.set(instant);
  const response = await vote(server, voter.accessToken, ballot(topicId, names));
  expect(response.status, response.text).toBeLessThan(300);
}

/** A topic's snapshot of `day` (the daily job's rows, written here by hand): proposition id to rank. */
async function snapshot(topicId: number, day: string, ranks: Record<number, number>) {
  await db()
    .insertInto('rank_snapshots')
    .values({ topic_id: topicId, day, taken_at: `${day}T23:59:59.999Z` })
    .execute();
  for (const [propositionId, rank] of Object.entries(ranks))
    await db()
      .insertInto('rank_snapshot_places')
      .values({ topic_id: topicId, day, proposition_id: Number(propositionId), rank, total_points: 0 })
      .execute();
}

describe('rising this week', () => {
  const topics: Record<'pizza' | 'ramen' | 'tacos' | 'closed', number> = {
    pizza: 0,
    ramen: 0,
    tacos: 0,
    closed: 0,
  };
  const ids = { Napoli: 0, Roma: 0, Verona: 0, Sorrento: 0, Ichiran: 0, Pastor: 0, Closed: 0 };
  const voters: TestUser[] = [];

  beforeAll(async () => {
    server.clock.set(T - 11 * DAY);
    const category = await makeCategory(db());
    const topicOf = async (en: string, fr: string) =>
      (await makeTopic(db(), { categoryId: category.id, language: 'en', titles: { en, fr } })).id;
    topics.pizza = await topicOf('Best pizza', 'Meilleure pizza');
    topics.ramen = await topicOf('Best ramen', 'Meilleurs ramen');
    topics.tacos = await topicOf('Best tacos', 'Meilleurs tacos');
    topics.closed = await topicOf('Closed topic', 'Sujet fermé');
    for (const name of ['Napoli', 'Roma', 'Verona', 'Sorrento'] as const)
      ids[name] = (await makeProposition(db(), topics.pizza, name)).id;
    ids.Ichiran = (await makeProposition(db(), topics.ramen, 'Ichiran')).id;
    ids.Pastor = (await makeProposition(db(), topics.tacos, 'Pastor')).id;
    ids.Closed = (await makeProposition(db(), topics.closed, 'Closed one')).id;
    for (let i = 0; i < 9; i++) voters.push(await registerUser(server));
    const [u1, u2, u3, u4, u5, u6, u7] = voters as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];

    // Outside the week: u1 on pizza (Napoli 3, Roma 2, Verona 1), u2 on ramen, changed inside it.
    await castAt(T - 10 * DAY, u1, topics.pizza, ['Napoli', 'Roma', 'Verona']);
    await castAt(T - 10 * DAY, u2, topics.ramen, ['Ichiran']);
    await castAt(T - 3 * DAY, u2, topics.ramen, ['Ichiran', 'Ippudo']);
    // Inside: u3 (Verona 3, Sorrento 2, Napoli 1) and u4 (Verona 3, Sorrento 2) on pizza.
    await castAt(T - 2 * DAY, u3, topics.pizza, ['Verona', 'Sorrento', 'Napoli']);
    await castAt(T - 2 * DAY, u4, topics.pizza, ['Verona', 'Sorrento', null]);
    // u5 votes on tacos then withdraws (no place: not counted); u6's ballot counts.
    await castAt(T - 2 * DAY, u5, topics.tacos, ['Pastor']);
    server.clock.set(T - DAY);
    expect(
      (await server.request('DELETE', `/api/search/user-votes/${topics.tacos}`, { token: u5.accessToken }))
        .status,
    ).toBeLessThan(300);
    await castAt(T - DAY, u6, topics.tacos, ['Pastor']);
    // A ballot on a topic that is no longer active counts nowhere.
    await castAt(T - DAY, u7, topics.closed, ['Closed one']);
    await db().updateTable('topics').set({ is_active: 0 }).where('id', '=', topics.closed).execute();

    // Pizza a week ago (the latest snapshot at or before 2026-12-03): Napoli, Roma, Verona. Its later
    // snapshot (2026-12-05) is not "a week ago". Tacos' ranking was empty; ramen has no history.
    await snapshot(topics.pizza, '2026-12-01', { [ids.Napoli]: 1, [ids.Roma]: 2, [ids.Verona]: 3 });
    await snapshot(topics.pizza, '2026-12-05', { [ids.Verona]: 1, [ids.Napoli]: 2, [ids.Roma]: 3 });
    await snapshot(topics.tacos, '2026-12-03', {});
    await snapshot(topics.closed, '2026-12-01', {});
    // Rows written straight into the database bypass the changes: nothing was read yet, but say so.
    readCacheFor(db()).clear();
    server.clock.set(T);
  });

  it('lists the active topics by counted, placed ballots cast in the last seven days', async () => {
    const { topics: listed, comparedWith } = await rising();
    expect(comparedWith).toBe('2026-12-03');
    // Pizza: u3, u4 (u1 is ten days old). Ramen: u2, changed three days ago. Tacos: u6 (u5 withdrew).
    expect(listed).toEqual([
      { id: topics.pizza, title: 'Best pizza', ballots: 2 },
      { id: topics.ramen, title: 'Best ramen', ballots: 1 },
      { id: topics.tacos, title: 'Best tacos', ballots: 1 },
    ]);
  });

  it('lists the propositions that climbed in their top ten since a week ago, and those that entered it', async () => {
    // Pizza now: Verona 7 points (1st); Napoli 4 points from 2 voters and Sorrento 4 from 2 share 2nd;
    // Roma 2 (4th). Verona climbed from 3rd (+2); Sorrento entered the top ten; Napoli and Roma fell.
    // Tacos' ranking was empty a week ago: Pastor entered it, 1st. Ramen has no history: not compared.
    const { propositions } = await rising();
    expect(propositions).toEqual([
      {
        id: ids.Pastor,
        name: 'Pastor',
        topic: { id: topics.tacos, title: 'Best tacos' },
        rankNow: 1,
        rankBefore: null,
        placesGained: null,
      },
      {
        id: ids.Sorrento,
        name: 'Sorrento',
        topic: { id: topics.pizza, title: 'Best pizza' },
        rankNow: 2,
        rankBefore: null,
        placesGained: null,
      },
      {
        id: ids.Verona,
        name: 'Verona',
        topic: { id: topics.pizza, title: 'Best pizza' },
        rankNow: 1,
        rankBefore: 3,
        placesGained: 2,
      },
    ]);
  });

  it("gives the topics' titles in the visitor's language", async () => {
    const answer = await rising('fr');
    expect(answer.topics.map((topic) => topic.title)).toEqual([
      'Meilleure pizza',
      'Meilleurs ramen',
      'Meilleurs tacos',
    ]);
    expect(answer.propositions[2]?.topic.title).toBe('Meilleure pizza');
  });

  it('refuses a language it does not know with 400 UNSUPPORTED_LANGUAGE', async () => {
    const response = await server.request('GET', '/api/topics/rising/xx');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('UNSUPPORTED_LANGUAGE');
  });

  it('counts a new ballot on the very next read', async () => {
    await rising();
    const [u8, u9] = voters.slice(7) as [TestUser, TestUser];
    await castAt(T, u8, topics.tacos, ['Pastor']);
    expect((await rising()).topics.map((topic) => [topic.id, topic.ballots])).toEqual([
      [topics.pizza, 2],
      [topics.tacos, 2],
      [topics.ramen, 1],
    ]);
    await castAt(T, u9, topics.tacos, ['Pastor']);
    expect((await rising()).topics[0]).toEqual({ id: topics.tacos, title: 'Best tacos', ballots: 3 });
  });

  it('follows a withdrawal and a ranking that moved on the next read', async () => {
    await rising();
    const [u8, u9] = voters.slice(7) as [TestUser, TestUser];
    server.clock.set(T);
    const withdrawn = await server.request('DELETE', `/api/search/user-votes/${topics.tacos}`, {
      token: u8.accessToken,
    });
    expect(withdrawn.status).toBeLessThan(300);
    // Pizza: Sorrento 7 points from 3 voters ties Verona for 1st (by name, Sorrento's row first),
    // Napoli 6 is 3rd (it was 1st), Roma 4th.
    await castAt(T, u9, topics.pizza, ['Sorrento', 'Napoli']);
    const { topics: listed, propositions } = await rising();
    expect(listed.map((topic) => [topic.id, topic.ballots])).toEqual([
      [topics.pizza, 3],
      [topics.tacos, 2],
      [topics.ramen, 1],
    ]);
    // Equal climbs (both entered at 1st) are ordered by topic, then proposition.
    expect(propositions.map((p) => [p.name, p.rankNow, p.rankBefore, p.placesGained])).toEqual([
      ['Sorrento', 1, null, null],
      ['Pastor', 1, null, null],
      ['Verona', 1, 3, 2],
    ]);
    // The corrected answer is the one a measure of the whole week anew gives.
    readCacheFor(db()).clear();
    const anew = await rising();
    expect({ topics: anew.topics, propositions: anew.propositions }).toEqual({
      topics: listed,
      propositions,
    });
  });

  it('lets a ballot go once its seventh day has passed, as the clock moves', async () => {
    // Two of pizza's three ballots of the week were cast at T - 2 days: they count until T + 5 days.
    server.clock.set(T + 5 * DAY - 30_000);
    expect((await rising()).topics.find((topic) => topic.id === topics.pizza)?.ballots).toBe(3);
    server.clock.set(T + 5 * DAY + 30_000);
    const later = await rising();
    // Ramen's ballot (T - 3 days) is gone too; tacos keeps u6 (T - 1 day) and u9 (T), pizza u9 (T).
    expect(later.topics).toEqual([
      { id: topics.tacos, title: 'Best tacos', ballots: 2 },
      { id: topics.pizza, title: 'Best pizza', ballots: 1 },
    ]);
    // A week before T + 5 days is 2026-12-08: pizza's snapshot of 2026-12-05 is now the one compared.
    expect(later.comparedWith).toBe('2026-12-08');
    server.clock.set(T);
  });
});

describe('rising this week, among many topics', () => {
  let many: TestServer;
  beforeAll(async () => {
    many = await startTestServer();
  });
  afterAll(() => many.close());

  it("looks for climbers in the week's 100 busiest topics only", async () => {
    const mdb = many.ctx.db;
    const category = await makeCategory(mdb);
    const voters = [await registerUser(many), await registerUser(many)];
    const now = many.clock.nowIso();
    // Ballots and rank history written straight into the database: one ballot on the first topic,
    // two on each of the next hundred; every topic's ranking was empty a week ago.
    async function topicWithBallots(count: number) {
      const topic = await makeTopic(mdb, { categoryId: category.id, language: 'en' });
      const { id } = await makeProposition(mdb, topic.id, 'Newcomer', { first: count });
      for (const voter of voters.slice(0, count))
        await mdb
          .insertInto('ballots')
          .values({
            topic_id: topic.id,
            user_id: voter.id,
            first_cast_at: now,
            version: 1,
            updated_at: now,
            voted_at: now,
            first_id: id,
          })
          .execute();
      await mdb
        .insertInto('rank_snapshots')
        .values({ topic_id: topic.id, day: '2001-01-01', taken_at: now })
        .execute();
      return topic.id;
    }
    const quiet = await topicWithBallots(1);
    const busy: number[] = [];
    for (let i = 0; i < CLIMBERS_SCOPE; i++) busy.push(await topicWithBallots(2));
    readCacheFor(mdb).clear();

    const answer = (await many.request('GET', '/api/topics/rising/en')).body.data as RisingData;
    // Every topic's only proposition entered its top ten at 1st; equal climbs go by topic id, and the
    // quiet topic has the lowest, but it is the 101st busiest: it is not compared.
    expect(answer.propositions.map((p) => p.topic.id)).toEqual(busy.slice(0, 5));
    expect(answer.topics.map((topic) => [topic.id, topic.ballots])).toEqual(
      busy.slice(0, 5).map((id) => [id, 2]),
    );
    expect(answer.propositions.some((p) => p.topic.id === quiet)).toBe(false);
  });
});
