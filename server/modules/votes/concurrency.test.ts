import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTotalsMismatches } from '../../db/integrity.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, topicWith, UNLIMITED_CREATIONS, vote } from './test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  // Many ballots a second from the same few people: the creation limits (10 ballots a minute, 6 new
  // propositions per topic a day) are raised for this test by configuration.
  server = await startTestServer(UNLIMITED_CREATIONS);
});
afterAll(() => server.close());

const USERS = 30;
const ROUNDS = 4;
const NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'];

/** A deterministic pseudo-random generator, so a failing run can be replayed. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function randomTop3(random: () => number, round: number): (string | null)[] {
  // Names new to the topic appear in every round, so many people create the same one at once.
  const pool = [...NAMES, `Newcomer ${round}`, `newcomer ${round + 1}`];
  const picks: (string | null)[] = [];
  while (picks.length < 3) {
    const name = pool[Math.floor(random() * pool.length)] as string;
    if (picks.some((pick) => pick?.toLowerCase() === name.toLowerCase())) continue;
    picks.push(random() < 0.15 ? null : name);
  }
  return picks.every((pick) => pick === null) ? [NAMES[0] as string] : picks;
}

/** Totals recounted here from the raw votes, independently of the SQL in findTotalsMismatches. */
async function recount(topicIds: number[]) {
  const votes = await server.ctx.db
    .selectFrom('votes')
    .select(['user_id', 'topic_id', 'proposition_id', 'points'])
    .where('topic_id', 'in', topicIds)
    .execute();
  const totals = new Map<number, { total: number; count: number; places: [number, number, number] }>();
  const voters = new Map<number, Set<number>>();
  for (const v of votes) {
    const entry = totals.get(v.proposition_id) ?? { total: 0, count: 0, places: [0, 0, 0] };
    entry.total += v.points;
    entry.count += 1;
    entry.places[3 - v.points] = (entry.places[3 - v.points] ?? 0) + 1;
    totals.set(v.proposition_id, entry);
    const set = voters.get(v.topic_id) ?? new Set();
    set.add(v.user_id);
    voters.set(v.topic_id, set);
  }
  const stored = await server.ctx.db
    .selectFrom('propositions')
    .select(['id', 'total_points', 'vote_count', 'first_count', 'second_count', 'third_count'])
    .where('topic_id', 'in', topicIds)
    .execute();
  const storedTopics = await server.ctx.db
    .selectFrom('topics')
    .select(['id', 'vote_count'])
    .where('id', 'in', topicIds)
    .execute();
  return { votes, totals, voters, stored, storedTopics };
}

describe('votes under concurrency', () => {
  it('keeps every running total equal to the votes table through overlapping submissions, replacements and withdrawals', async () => {
    const topics = [
      await topicWith(server.ctx.db, NAMES.slice(0, 3)),
      await topicWith(server.ctx.db, ['Alpha']),
    ];
    const topicIds = topics.map((topic) => topic.id);
    const users: TestUser[] = await Promise.all(Array.from({ length: USERS }, () => registerUser(server)));
    const random = generator(42);
    const statuses: number[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const requests: Promise<{ status: number }>[] = [];
      for (const user of users) {
        for (const topicId of topicIds) {
          // The same person from two tabs at once, and sometimes a withdrawal racing both.
          requests.push(vote(server, user.accessToken, ballot(topicId, randomTop3(random, round), user.id)));
          requests.push(vote(server, user.accessToken, ballot(topicId, randomTop3(random, round))));
          if (random() < 0.25) {
            requests.push(
              server.request('DELETE', `/api/search/user-votes/${topicId}`, { token: user.accessToken }),
            );
          }
        }
      }
      for (const response of await Promise.all(requests)) statuses.push(response.status);
    }

    expect(statuses.filter((status) => ![200, 201].includes(status))).toEqual([]);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);

    const { votes, totals, voters, stored, storedTopics } = await recount(topicIds);
    expect(votes.length).toBeGreaterThan(0);
    for (const row of stored) {
      const expected = totals.get(row.id) ?? { total: 0, count: 0, places: [0, 0, 0] };
      expect([row.total_points, row.vote_count, row.first_count, row.second_count, row.third_count]).toEqual([
        expected.total,
        expected.count,
        ...expected.places,
      ]);
    }
    for (const row of storedTopics) expect(row.vote_count).toBe(voters.get(row.id)?.size ?? 0);

    // One name, one proposition: concurrent creators of "Newcomer 1" and "newcomer 1" met on one row.
    const names = await server.ctx.db
      .selectFrom('propositions')
      .select(['topic_id', 'name_key'])
      .where('topic_id', 'in', topicIds)
      .execute();
    expect(new Set(names.map((row) => `${row.topic_id}:${row.name_key}`)).size).toBe(names.length);
  }, 120_000);
});
