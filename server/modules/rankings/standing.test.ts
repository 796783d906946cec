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

const db = () => server.ctx.db;

async function rankingOf(topicId: number, order = 'points'): Promise<RankingData> {
  const response = await server.request(
    'GET',
    `/api/search/rankings/topic/${topicId}?language=en&order=${order}`,
  );
  expect(response.status).toBe(200);
  return response.body.data as RankingData;
}

const row = (ranking: RankingData, name: string) => {
  const found = ranking.rankings.find((entry) => entry.itemName === name);
  if (!found) throw new Error(`${name} is not in the ranking`);
  return found;
};

async function voters(count: 2): Promise<[TestUser, TestUser]>;
async function voters(count: number): Promise<[TestUser, TestUser, TestUser, ...TestUser[]]>;
async function voters(count: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: count }, () => registerUser(server)));
}

describe('how a ranking’s propositions stand beyond their points', () => {
  it('gives a topic with three ballots its eligible ballots, weighted averages and intervals', async () => {
    const topic = await topicWith(db(), ['A', 'B', 'C']);
    const [alice, bob, carol] = await voters(3);
    await vote(server, alice.accessToken, ballot(topic.id, ['A', 'B', 'C']));
    await vote(server, bob.accessToken, ballot(topic.id, ['A', 'C']));
    await vote(server, carol.accessToken, ballot(topic.id, ['B', 'A']));

    const ranking = await rankingOf(topic.id);
    expect(
      ranking.rankings.map((entry) => [entry.itemName, entry.totalPoints, entry.eligibleBallots]),
    ).toEqual([
      ['A', 8, 3],
      ['B', 5, 3],
      ['C', 3, 3],
    ]);
    // C = 16 points over 9 eligible ballots; m = 5: A = 3/8 · 8/3 + 5/8 · 16/9.
    expect(row(ranking, 'A').weightedAverage).toBeCloseTo(1 + 10 / 9, 4);
    expect(row(ranking, 'A').interval?.low).toBeCloseTo(2.1111 - 0.5674, 3);
    expect(row(ranking, 'A').interval?.high).toBeCloseTo(2.1111 + 0.5674, 3);
    // A beats B 2–1 and C 3–0 head to head: the points leader is the Condorcet winner.
    expect(ranking.condorcetWinnerId).toBe(topic.propositions.A);
    expect(ranking.leaderIsCondorcetWinner).toBe(true);
    const { A, B, C } = topic.propositions as Record<'A' | 'B' | 'C', number>;
    expect(ranking.headToHead).toEqual({
      propositionIds: [A, B, C],
      wins: [
        [0, 2, 3],
        [1, 0, 2],
        [0, 1, 0],
      ],
    });
  });

  it('does not count a ballot cast before a proposition was added against it', async () => {
    const topic = await topicWith(db(), ['A', 'B']);
    const [alice, bob] = await voters(2);
    await vote(server, alice.accessToken, ballot(topic.id, ['A', 'B']));
    server.clock.advance(60_000);
    // Bob proposes C: Alice's ballot, cast a minute before, could not name it.
    await vote(server, bob.accessToken, ballot(topic.id, ['C', 'A']));

    const ranking = await rankingOf(topic.id);
    expect(row(ranking, 'C').eligibleBallots).toBe(1);
    expect(row(ranking, 'A').eligibleBallots).toBe(2);
    const { A, B } = topic.propositions as Record<'A' | 'B', number>;
    const C = row(ranking, 'C').id;
    const wins = (x: number, y: number) => {
      const ids = ranking.headToHead.propositionIds;
      return ranking.headToHead.wins[ids.indexOf(x)]?.[ids.indexOf(y)];
    };
    expect([wins(C, B), wins(B, C)]).toEqual([1, 0]);
    expect([wins(A, C), wins(C, A)]).toEqual([0, 1]);
    // C beats A and B on the one ballot that compares them: the late proposition leads head to head.
    expect(ranking.condorcetWinnerId).toBe(C);

    // By average, C's one first place on its one eligible ballot puts it ahead of A's 5 points on two:
    // C = (3·3 + 2·2) / 6 = 2.1667, A = (3·3 + 2·3) / 7 = 2.1429 (prior 2/5, 2/5, 0, 1/5; m = 5).
    const byAverage = await rankingOf(topic.id, 'average');
    expect(byAverage.rankings.map((entry) => [entry.itemName, entry.rank])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    expect(row(byAverage, 'C').weightedAverage).toBeCloseTo(13 / 6, 4);
    expect(row(byAverage, 'A').weightedAverage).toBeCloseTo(15 / 7, 4);
    expect(byAverage.leaderIsCondorcetWinner).toBe(false);

    // Once Alice casts again, her ballot could name C: it counts for C's eligibility from then on.
    server.clock.advance(60_000);
    await vote(server, alice.accessToken, ballot(topic.id, ['B', 'A']));
    expect(row(await rankingOf(topic.id), 'C').eligibleBallots).toBe(2);
  });

  it('finds a Condorcet winner that is not the points leader', async () => {
    const topic = await topicWith(db(), ['A', 'B', 'C']);
    const people = await voters(5);
    for (const person of people.slice(0, 3))
      await vote(server, person.accessToken, ballot(topic.id, ['B', 'A']));
    for (const person of people.slice(3))
      await vote(server, person.accessToken, ballot(topic.id, ['A', 'C']));

    const ranking = await rankingOf(topic.id);
    expect(ranking.rankings[0]).toMatchObject({ itemName: 'A', totalPoints: 12 });
    expect(ranking.condorcetWinnerId).toBe(topic.propositions.B);
    expect(ranking.leaderIsCondorcetWinner).toBe(false);
  });

  it('has no Condorcet winner in a cycle, nor in a tie', async () => {
    const cycle = await topicWith(db(), ['A', 'B', 'C']);
    const [alice, bob, carol] = await voters(3);
    await vote(server, alice.accessToken, ballot(cycle.id, ['A', 'B', 'C']));
    await vote(server, bob.accessToken, ballot(cycle.id, ['B', 'C', 'A']));
    await vote(server, carol.accessToken, ballot(cycle.id, ['C', 'A', 'B']));
    expect(await rankingOf(cycle.id)).toMatchObject({
      condorcetWinnerId: null,
      leaderIsCondorcetWinner: false,
    });

    const tie = await topicWith(db(), ['A', 'B']);
    await vote(server, alice.accessToken, ballot(tie.id, ['A']));
    await vote(server, bob.accessToken, ballot(tie.id, ['B']));
    const tied = await rankingOf(tie.id);
    expect(tied.rankings.map((entry) => entry.rank)).toEqual([1, 1]);
    expect(tied.condorcetWinnerId).toBeNull();
  });

  it('refuses an ordering it does not know, in the envelope', async () => {
    const topic = await topicWith(db(), ['A']);
    const response = await server.request('GET', `/api/search/rankings/topic/${topic.id}?order=loudest`);
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
  });

  it('shows no average and no interval before a topic’s first ballot', async () => {
    const topic = await topicWith(db(), ['A']);
    expect((await rankingOf(topic.id)).rankings).toEqual([
      expect.objectContaining({ itemName: 'A', eligibleBallots: 0, weightedAverage: null, interval: null }),
    ]);
  });
});
