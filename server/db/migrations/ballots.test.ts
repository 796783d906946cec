import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicWith } from '../../modules/votes/test-helpers.js';
import { registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { findTotalsMismatches } from '../integrity.js';
import { ballots } from './2026-11-26-0016-ballots.js';
import { ballotsVotedAt } from './2026-11-27-0020-ballots-voted-at.js';
import { ballotsCurrentPlaces } from './2026-11-27-0021-ballots-current-places.js';
import { ballotCounting } from './2026-11-27-0028-ballot-counting.js';
import { burstFlags } from './2026-11-27-0029-burst-flags.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.ctx.db;
const migration = () => ballots(server.ctx.database.kind) as Required<ReturnType<typeof ballots>>;

describe('migration 0016: votes become ballots with a history', () => {
  it('turns each voter’s votes on a topic into a ballot whose first version is cast when they were, and recounts the totals', async () => {
    const topic = await topicWith(db(), ['A', 'B', 'C']);
    const { A, B, C } = topic.propositions as Record<'A' | 'B' | 'C', number>;
    const [alice, bob] = [await registerUser(server), await registerUser(server)];

    // The tables that later came to refer to ballots go first, as a downgrade takes them.
    await (burstFlags(server.ctx.database.kind).down as (db: unknown) => Promise<void>)(db());
    await migration().down(db());
    // Votes made the old way, and totals that do not match them (the recount writes the exact ones).
    const vote = (userId: number, propositionId: number, points: number, at: string) => ({
      user_id: userId,
      topic_id: topic.id,
      proposition_id: propositionId,
      points,
      created_at: at,
    });
    await db()
      .insertInto('votes')
      .values([
        vote(alice.id, A, 3, '2026-01-02T08:00:00.000Z'),
        vote(alice.id, B, 2, '2026-01-02T08:00:00.000Z'),
        vote(alice.id, C, 1, '2026-01-02T08:00:00.000Z'),
        vote(bob.id, C, 3, '2026-01-05T09:30:00.000Z'),
      ])
      .execute();
    await db().updateTable('propositions').set({ total_points: 7 }).where('id', '=', A).execute();

    await migration().up(db());
    // The ballots table as the later migrations leave it, which the integrity check reads.
    for (const later of [ballotsVotedAt, ballotsCurrentPlaces, ballotCounting, burstFlags])
      await (later(server.ctx.database.kind).up as (db: unknown) => Promise<void>)(db());

    const rows = await db()
      .selectFrom('ballots as b')
      .innerJoin('ballot_versions as bv', 'bv.ballot_id', 'b.id')
      .select([
        'b.user_id',
        'b.state',
        'b.version as current',
        'b.first_cast_at',
        'bv.version',
        'bv.cast_at',
        'bv.cause',
        'bv.first_id',
        'bv.second_id',
        'bv.third_id',
      ])
      .where('b.topic_id', '=', topic.id)
      .orderBy('b.user_id')
      .execute();
    expect(rows).toEqual([
      {
        user_id: alice.id,
        state: 'counted',
        current: 1,
        first_cast_at: '2026-01-02T08:00:00.000Z',
        version: 1,
        cast_at: '2026-01-02T08:00:00.000Z',
        cause: 'vote',
        first_id: A,
        second_id: B,
        third_id: C,
      },
      {
        user_id: bob.id,
        state: 'counted',
        current: 1,
        first_cast_at: '2026-01-05T09:30:00.000Z',
        version: 1,
        cast_at: '2026-01-05T09:30:00.000Z',
        cause: 'vote',
        first_id: C,
        second_id: null,
        third_id: null,
      },
    ]);
    const totals = await db()
      .selectFrom('propositions')
      .select(['id', 'total_points', 'vote_count', 'first_count'])
      .where('topic_id', '=', topic.id)
      .orderBy('id')
      .execute();
    expect(totals).toEqual([
      { id: A, total_points: 3, vote_count: 1, first_count: 1 },
      { id: B, total_points: 2, vote_count: 1, first_count: 0 },
      { id: C, total_points: 4, vote_count: 2, first_count: 1 },
    ]);
    const voters = await db()
      .selectFrom('topics')
      .select('vote_count')
      .where('id', '=', topic.id)
      .executeTakeFirstOrThrow();
    expect(voters.vote_count).toBe(2);
    expect(await findTotalsMismatches(db())).toEqual([]);
  });
});
