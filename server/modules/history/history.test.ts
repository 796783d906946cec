import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../common/history/days.js';
import { openDatabase } from '../../db/database.js';
import { testDatabaseKind } from '../../test/database.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { runEveryDueJob } from '../../test/jobs.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, topicWith, vote } from '../votes/test-helpers.js';
import { SNAPSHOT_JOB } from './service.js';
import { takeSnapshots } from './snapshots.js';

/**
 * The rank history on a real database (both, by project): the daily job, its idempotence, its run once
 * across two servers, the back-fill it must agree with, and the route. Time moves by the servers' clocks.
 */
let server: TestServer;
let people: TestUser[];
/** Day D: the day of the hand-computed example; the day before it, the quiet topic's only votes. */
const D = '2031-03-10';
const before = addDays(D, -1);
let busy: { id: number; propositions: Record<string, number> };
let quiet: { id: number; propositions: Record<string, number> };

beforeAll(async () => {
  // Tokens outlast the few days the test's clock goes through.
  server = await startTestServer({
    jobs: { pollIntervalMs: 0, concurrency: 2, shutdownGraceMs: 5_000 },
    accessTokenTtlSeconds: 10 * 86_400,
  });
  busy = await topicWith(server.ctx.db, ['Alba', 'Bruma', 'Cielo', 'Duna']);
  quiet = await topicWith(server.ctx.db, ['Xeno', 'Yuca']);
  server.clock.set(`${before}T08:00:00Z`);
  people = [];
  for (let i = 0; i < 5; i++) people.push(await registerUser(server));
});
afterAll(() => server.close());

const at = (instant: string) => server.clock.set(instant);
const cast = async (person: TestUser, topicId: number, names: (string | null)[]) => {
  const response = await vote(server, person.accessToken, ballot(topicId, names));
  expect(response.status, response.text).toBeLessThan(300);
};

/** Every snapshot of the two topics as rows (without taken_at), in a stable order. */
async function snapshotRows(days: string[] = []) {
  let query = server.ctx.db
    .selectFrom('rank_snapshots as s')
    .leftJoin('rank_snapshot_places as p', (join) =>
      join.onRef('p.topic_id', '=', 's.topic_id').onRef('p.day', '=', 's.day'),
    )
    .select(['s.topic_id', 's.day', 'p.proposition_id', 'p.rank', 'p.total_points'])
    .where('s.topic_id', 'in', [busy.id, quiet.id])
    .orderBy('s.topic_id')
    .orderBy('s.day')
    .orderBy('p.rank')
    .orderBy('p.proposition_id');
  if (days.length > 0) query = query.where('s.day', 'in', days);
  return (await query.execute()).map((row) => ({
    ...row,
    total_points: row.total_points === null ? null : Number(row.total_points),
  }));
}

describe('the daily snapshot job', () => {
  it('snapshots, at 00:00 UTC, the day that just ended: a topic that changed gets its top 10', async () => {
    const [a, b] = people as [TestUser, TestUser];
    await cast(a, quiet.id, ['Xeno', 'Yuca']);
    at(`${before}T09:00:00Z`);
    await cast(b, quiet.id, ['Xeno']);
    at(`${D}T00:00:05Z`);
    await runEveryDueJob(server.ctx.jobs);
    expect(await snapshotRows()).toEqual([
      { topic_id: quiet.id, day: before, proposition_id: quiet.propositions.Xeno, rank: 1, total_points: 6 },
      { topic_id: quiet.id, day: before, proposition_id: quiet.propositions.Yuca, rank: 2, total_points: 2 },
    ]);
  });

  it('ranks as the page does (a tie shares a rank, a withdrawn ballot counts nothing) and skips an unchanged topic', async () => {
    const [a, b, c, d] = people as [TestUser, TestUser, TestUser, TestUser];
    const p = busy.propositions;
    at(`${D}T10:00:00Z`);
    await cast(a, busy.id, ['Alba', 'Bruma', 'Cielo']); // A 3, B 2, C 1
    await cast(b, busy.id, ['Bruma', 'Alba', 'Duna']); // B 3, A 2, D 1
    await cast(c, busy.id, ['Cielo']); // C 3 ...
    at(`${D}T11:00:00Z`);
    const withdrawn = await server.request('DELETE', `/api/search/user-votes/${busy.id}`, {
      token: c.accessToken,
    });
    expect(withdrawn.status).toBeLessThan(300); // ... withdrawn: C is back to 1
    await cast(d, busy.id, ['Duna', 'Cielo']); // D 3, C 2 ...
    at(`${D}T23:59:59Z`);
    await cast(d, busy.id, [null, null, 'Duna']); // ... changed to D 1 alone, a second before midnight
    // End of D: A 5 (2 voters), B 5 (2), C 1 (1), D 2 (2).
    at(`${addDays(D, 1)}T00:00:01Z`);
    await runEveryDueJob(server.ctx.jobs);
    expect(await snapshotRows([D])).toEqual([
      { topic_id: busy.id, day: D, proposition_id: p.Alba, rank: 1, total_points: 5 },
      { topic_id: busy.id, day: D, proposition_id: p.Bruma, rank: 1, total_points: 5 },
      { topic_id: busy.id, day: D, proposition_id: p.Duna, rank: 3, total_points: 2 },
      { topic_id: busy.id, day: D, proposition_id: p.Cielo, rank: 4, total_points: 1 },
    ]);
  });

  it('writes the same day again the same, even after ballots cast since midnight (idempotent)', async () => {
    const first = await snapshotRows();
    const [, , , , e] = people as TestUser[];
    at(`${addDays(D, 1)}T00:00:30Z`);
    await cast(e as TestUser, busy.id, ['Cielo', 'Duna']);
    await cast(people[0] as TestUser, busy.id, ['Duna']);
    const history = server.ctx;
    await takeSnapshots(history.database, [D], history.clock.nowIso());
    await takeSnapshots(history.database, [D], history.clock.nowIso());
    expect(await snapshotRows()).toEqual(first);
  });

  it('computes in the back-fill, from the ballot versions, exactly what the job took at each day end', async () => {
    const taken = await snapshotRows([before, D]);
    // A later day moves the busy topic again; the back-fill of the three days must keep the first two.
    at(`${addDays(D, 1)}T15:00:00Z`);
    await cast(people[1] as TestUser, busy.id, ['Cielo']);
    await takeSnapshots(
      server.ctx.database,
      [addDays(D, -3), addDays(D, -2), before, D],
      server.clock.nowIso(),
    );
    expect(await snapshotRows([addDays(D, -3), addDays(D, -2), before, D])).toEqual(taken);
  });

  it('runs once with two app servers on one database', async () => {
    // A second app with connections of its own to the same database, as another server has.
    const handle = openDatabase({ url: server.database.url, schema: server.database.schema });
    const other = await startTestServer(
      { jobs: { pollIntervalMs: 0, concurrency: 2, shutdownGraceMs: 5_000 } },
      { ...server.database, handle, destroy: () => handle.close() },
    );
    try {
      const due = `${addDays(D, 2)}T00:00:00.000Z`;
      server.clock.set(`${addDays(D, 2)}T00:00:02Z`);
      other.clock.set(`${addDays(D, 2)}T00:00:02Z`);
      const runs: string[] = [];
      server.ctx.jobs.onOutcome((outcome) => outcome.kind === SNAPSHOT_JOB && runs.push('first'));
      other.ctx.jobs.onOutcome((outcome) => outcome.kind === SNAPSHOT_JOB && runs.push('second'));
      // On PostgreSQL both servers look at once. Two apps in one process share one thread, and SQLite's wait
      // for a lock blocks it: one app waiting while the other's transaction awaits its next statement would
      // hold that transaction still until the wait gives up. On SQLite they look one after the other.
      const bothLook = () =>
        testDatabaseKind() === 'postgres'
          ? Promise.all([runEveryDueJob(server.ctx.jobs), runEveryDueJob(other.ctx.jobs)])
          : runEveryDueJob(server.ctx.jobs).then(() => runEveryDueJob(other.ctx.jobs));
      await bothLook();
      await bothLook();
      expect(runs).toHaveLength(1);
      const jobs = await server.ctx.db
        .selectFrom('jobs')
        .select(['state', 'unique_key'])
        .where('kind', '=', SNAPSHOT_JOB)
        .where('due_at', '=', due)
        .execute();
      expect(jobs).toEqual([{ state: 'done', unique_key: `${SNAPSHOT_JOB}@${due}` }]);
      // The day after D: the busy topic moved (Cielo's new ballot), the quiet one did not.
      const rows = await snapshotRows([addDays(D, 1)]);
      expect(new Set(rows.map((row) => row.topic_id))).toEqual(new Set([busy.id]));
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/topics/:topicId/rank-history', () => {
  it('answers the last 90 days ending yesterday, each rank carried forward from the latest snapshot, null before any', async () => {
    at(`${addDays(D, 2)}T12:00:00Z`);
    const response = await server.request('GET', `/api/topics/${quiet.id}/rank-history`);
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.from).toBe(addDays(D, -88));
    expect(data.to).toBe(addDays(D, 1));
    const ranks = (id: number | undefined) =>
      data.lines.find((line: { propositionId: number }) => line.propositionId === id)?.ranks;
    const xeno = ranks(quiet.propositions.Xeno);
    expect(xeno).toHaveLength(90);
    // before = index 87, D = 88 (no snapshot: carried), D + 1 = 89 (carried).
    expect(xeno.slice(85)).toEqual([null, null, 1, 1, 1]);
    expect(ranks(quiet.propositions.Yuca).slice(85)).toEqual([null, null, 2, 2, 2]);
  });

  it('says null on the days a proposition was out of the ranking', async () => {
    const names = new Map(Object.entries(busy.propositions).map(([name, id]) => [id, name]));
    const response = await server.request('GET', `/api/topics/${busy.id}/rank-history`);
    const lines = new Map(
      response.body.data.lines.map((line: { propositionId: number; ranks: (number | null)[] }) => [
        line.propositionId,
        line.ranks.slice(87),
      ]),
    );
    // D + 1: Alba and Bruma lost every place (no points: outside the ranking); Duna 6 pts from 3 voters
    // leads Cielo's 6 from 2.
    expect(Object.fromEntries([...lines].map(([id, ranks]) => [names.get(id as number), ranks]))).toEqual({
      Alba: [null, 1, null],
      Bruma: [null, 1, null],
      Duna: [null, 3, 1],
      Cielo: [null, 4, 2],
    });
  });

  it('answers 404 for an unknown topic and 400 for an id that is not one, in the envelope', async () => {
    const unknown = await server.request('GET', '/api/topics/999999/rank-history');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    const bad = await server.request('GET', '/api/topics/abc/rank-history');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });
});
