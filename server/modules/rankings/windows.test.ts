import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankingData } from '../../../common/api/topics.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, topicWith, vote } from '../votes/test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY_MS = 86_400_000;

async function rankingIn(topicId: number, window: string, order = 'points'): Promise<RankingData> {
  const response = await server.request(
    'GET',
    `/api/search/rankings/topic/${topicId}?language=en&window=${window}&order=${order}`,
  );
  expect(response.status).toBe(200);
  return response.body.data as RankingData;
}

/** Each row as [name, rank, points, voters]: what a reader of the window's ranking sees. */
const rowsOf = (ranking: RankingData) =>
  ranking.rankings.map((row) => [row.itemName, row.rank, row.totalPoints, row.voteCount]);

/** A fresh access token: the test moves the clock by months, past any token's lifetime. */
async function signedIn(user: TestUser): Promise<string> {
  const login = await server.request('POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
  });
  expect(login.status).toBe(200);
  return login.body.data.accessToken;
}

async function castAs(user: TestUser, topicId: number, names: string[]): Promise<void> {
  expect((await vote(server, await signedIn(user), ballot(topicId, names))).status).toBeLessThan(300);
}

describe('a ranking over a time window', () => {
  /**
   * Now is T. Alice voted at T-400 days; Bob at T-200; Carol at T-40, then changed her ballot at T-20;
   * Dave voted at T-10 and withdrew at T-3; Erin voted at T-2. All propositions existed from the start.
   */
  it('counts only the ballots whose current version was cast in the window, on hand-computed totals', async () => {
    const topic = await topicWith(server.ctx.db, ['A', 'B', 'C', 'D']);
    const [alice, bob, carol, dave, erin] = (await Promise.all(
      Array.from({ length: 5 }, () => registerUser(server)),
    )) as [TestUser, TestUser, TestUser, TestUser, TestUser];
    await castAs(alice, topic.id, ['A', 'B', 'C']);
    server.clock.advance(200 * DAY_MS);
    await castAs(bob, topic.id, ['B', 'A']);
    server.clock.advance(160 * DAY_MS);
    await castAs(carol, topic.id, ['C', 'D']);
    server.clock.advance(20 * DAY_MS);
    await castAs(carol, topic.id, ['D', 'C']);
    server.clock.advance(10 * DAY_MS);
    await castAs(dave, topic.id, ['A']);
    server.clock.advance(7 * DAY_MS);
    const withdrawn = await server.request('DELETE', `/api/search/user-votes/${topic.id}`, {
      token: await signedIn(dave),
    });
    expect(withdrawn.status).toBe(200);
    server.clock.advance(DAY_MS);
    await castAs(erin, topic.id, ['C', 'A', 'B']);
    server.clock.advance(2 * DAY_MS);

    // All time: Alice, Bob, Carol's second ballot, Erin. B and C tie on points and voters: one rank.
    const all = await rankingIn(topic.id, 'all');
    expect(rowsOf(all)).toEqual([
      ['A', 1, 7, 3],
      ['B', 2, 6, 3],
      ['C', 2, 6, 3],
      ['D', 4, 3, 1],
    ]);
    expect([all.window, all.since, all.voteCount]).toEqual(['all', null, 4]);

    // The last 365 days: Alice's ballot is out.
    const year = await rankingIn(topic.id, 'year');
    expect(rowsOf(year)).toEqual([
      ['C', 1, 5, 2],
      ['A', 2, 4, 2],
      ['B', 2, 4, 2],
      ['D', 4, 3, 1],
    ]);
    expect(year.voteCount).toBe(3);
    // The window starts 365 days before the read (the test clock runs on between the two instants).
    const startMs = Date.parse(year.since ?? '');
    expect(server.clock.now() - 365 * DAY_MS - startMs).toBeGreaterThanOrEqual(0);
    expect(server.clock.now() - 365 * DAY_MS - startMs).toBeLessThan(1_000);

    // The last 30 days: Carol's ballot as she changed it 20 days ago (her first version is not counted
    // anywhere), and Erin's; Dave's withdrawn ballot counts in no window.
    const month = await rankingIn(topic.id, 'month');
    expect(rowsOf(month)).toEqual([
      ['C', 1, 5, 2],
      ['D', 2, 3, 1],
      ['A', 3, 2, 1],
      ['B', 4, 1, 1],
    ]);
    expect(
      month.rankings.map((row) => [row.itemName, row.firstPlaces, row.secondPlaces, row.thirdPlaces]),
    ).toEqual([
      ['C', 1, 1, 0],
      ['D', 1, 0, 0],
      ['A', 0, 1, 0],
      ['B', 0, 0, 1],
    ]);
    // Eligible ballots follow the window: the two of the month could name every proposition.
    expect(month.rankings.map((row) => row.eligibleBallots)).toEqual([2, 2, 2, 2]);

    // The last 7 days: Erin's alone; D, which no ballot of the week names, is not listed.
    const week = await rankingIn(topic.id, 'week');
    expect(rowsOf(week)).toEqual([
      ['C', 1, 3, 1],
      ['A', 2, 2, 1],
      ['B', 3, 1, 1],
    ]);
    expect(week.voteCount).toBe(1);
    expect(week.rankings.every((row) => row.eligibleBallots === 1 && row.interval !== null)).toBe(true);

    // Head to head stays all-time in every window.
    expect(week.headToHead).toEqual(all.headToHead);
    expect(week.condorcetWinnerId).toBe(all.condorcetWinnerId);
  });

  it('lets a ballot leave the window the moment it is older than the window, with no write', async () => {
    const topic = await topicWith(server.ctx.db, ['A', 'B']);
    const voter = await registerUser(server);
    await castAs(voter, topic.id, ['A', 'B']);
    expect(rowsOf(await rankingIn(topic.id, 'week'))).toEqual([
      ['A', 1, 3, 1],
      ['B', 2, 2, 1],
    ]);
    // A second short of seven days old: still in the week, though its ranking was kept since the vote.
    server.clock.advance(7 * DAY_MS - 1_000);
    expect((await rankingIn(topic.id, 'week')).voteCount).toBe(1);
    server.clock.advance(2_000);
    const week = await rankingIn(topic.id, 'week');
    expect([week.voteCount, week.rankings]).toEqual([0, []]);
    expect((await rankingIn(topic.id, 'month')).voteCount).toBe(1);
  });

  it('shows a new ballot in every window on the next read, and the average order within the window', async () => {
    const topic = await topicWith(server.ctx.db, ['A', 'B', 'C']);
    const [first, second] = await Promise.all([registerUser(server), registerUser(server)]);
    await castAs(first, topic.id, ['A', 'B']);
    server.clock.advance(10 * DAY_MS);
    expect(rowsOf(await rankingIn(topic.id, 'week'))).toEqual([]);
    await castAs(second, topic.id, ['C', 'B']);
    for (const window of ['week', 'month', 'year']) {
      expect((await rankingIn(topic.id, window)).voteCount).toBe(window === 'week' ? 1 : 2);
    }
    const week = await rankingIn(topic.id, 'week', 'average');
    expect(week.rankings.map((row) => row.itemName)).toEqual(['C', 'B']);
  });

  it('refuses a window it does not know with a 400 in the envelope', async () => {
    const topic = await topicWith(server.ctx.db, ['A']);
    for (const window of ['day', 'WEEK', '7', '']) {
      const response = await server.request(
        'GET',
        `/api/search/rankings/topic/${topic.id}?language=en&window=${window}`,
      );
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});
