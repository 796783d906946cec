import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser } from '../../test/factories.js';
import { runEveryDueJob } from '../../test/jobs.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, topicWith, vote } from '../votes/test-helpers.js';

/**
 * The outbox: a write's events (server/changes/events.ts) become jobs in the write's own transaction, so
 * the work it causes happens once, and only when the write committed.
 */
let server: TestServer;
const NOTED = 'test.ballot-noted';
/** A job per topic and second, as the podium checks are: keyed, due at the second's end. */
const KEYED = 'test.ballot-keyed';
const handled: unknown[] = [];

beforeAll(async () => {
  // The app's runner does not poll: the test runs due jobs itself.
  server = await startTestServer({ jobs: { pollIntervalMs: 0, concurrency: 2, shutdownGraceMs: 5_000 } });
  server.ctx.outbox.on('ballotChanged', (event) => ({
    kind: NOTED,
    payload: { userId: event.userId, topicId: event.topicId, before: event.before, after: event.after },
  }));
  server.ctx.jobs.handle(NOTED, async (payload) => {
    handled.push(payload);
  });
  server.ctx.outbox.on('ballotChanged', (event) => {
    const second = Math.floor(Date.parse(event.castAt) / 1000);
    return {
      kind: KEYED,
      payload: { topicId: event.topicId },
      dueAt: (second + 1) * 1000,
      uniqueKey: `keyed:${event.topicId}:${second}`,
    };
  });
  server.ctx.jobs.handle(KEYED, async () => undefined);
});
afterAll(() => server.close());

const notedJobs = (topicId: number) =>
  server.ctx.db
    .selectFrom('jobs')
    .select(['payload', 'state'])
    .where('kind', '=', NOTED)
    .execute()
    .then((rows) =>
      rows
        .map((row) => ({ ...row, payload: JSON.parse(row.payload) }))
        .filter((row) => row.payload.topicId === topicId),
    );

/** A write that records a ballot's event on the topic, then fails: it rolls back. */
const ballotEventThenFailure = (
  topic: { id: number; propositions: Record<string, number> },
  userId: number,
) =>
  server.ctx.changes.transaction(async (_trx, change) => {
    change.ballotChanged({
      ballotId: 0,
      topicId: topic.id,
      userId,
      version: 1,
      castAt: change.at,
      cause: 'vote',
      counted: true,
      before: { first: null, second: null, third: null },
      after: { first: topic.propositions.Alpha as number, second: null, third: null },
    });
    throw new Error('the write fails after its event');
  });

describe('the outbox', () => {
  it('enqueues the job a ballot causes in the ballot’s transaction, with the voter, the topic and the places, and runs it once', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Beta', 'Gamma']);
    const { Alpha, Beta, Gamma } = topic.propositions;
    const voter = await registerUser(server);
    expect((await vote(server, voter.accessToken, ballot(topic.id, ['Alpha', 'Beta', 'Gamma']))).status).toBe(
      201,
    );
    expect((await vote(server, voter.accessToken, ballot(topic.id, ['Gamma', 'Beta']))).status).toBe(200);

    const jobs = await notedJobs(topic.id);
    expect(jobs.map((job) => job.payload)).toEqual([
      {
        userId: voter.id,
        topicId: topic.id,
        before: { first: null, second: null, third: null },
        after: { first: Alpha, second: Beta, third: Gamma },
      },
      {
        userId: voter.id,
        topicId: topic.id,
        before: { first: Alpha, second: Beta, third: Gamma },
        after: { first: Gamma, second: Beta, third: null },
      },
    ]);
    handled.length = 0;
    await runEveryDueJob(server.ctx.jobs);
    expect(handled.filter((payload) => (payload as { topicId: number }).topicId === topic.id)).toHaveLength(
      2,
    );
    expect((await notedJobs(topic.id)).map((job) => job.state)).toEqual(['done', 'done']);
  });

  it('enqueues nothing for a refused ballot, nor for an unchanged one', async () => {
    const inactive = await topicWith(server.ctx.db, ['Alpha'], { isActive: false });
    const voter = await registerUser(server);
    expect(
      (await vote(server, voter.accessToken, ballot(inactive.id, ['Alpha']))).status,
    ).toBeGreaterThanOrEqual(400);
    expect(await notedJobs(inactive.id)).toEqual([]);

    const topic = await topicWith(server.ctx.db, ['Alpha', 'Beta']);
    await vote(server, voter.accessToken, ballot(topic.id, ['Alpha', 'Beta']));
    await vote(server, voter.accessToken, ballot(topic.id, ['Alpha', 'Beta']));
    expect(await notedJobs(topic.id)).toHaveLength(1);
  });

  it('leaves no job when the write that recorded the event rolls back', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha']);
    const voter = await registerUser(server);
    const failed = ballotEventThenFailure(topic, voter.id);
    await expect(failed).rejects.toThrow('the write fails after its event');
    expect(await notedJobs(topic.id)).toEqual([]);
  });

  it('writes a keyed job of a second once from this server: later writes of that second add no statement', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Beta']);
    const voters = [await registerUser(server), await registerUser(server), await registerUser(server)];
    const enqueued = vi.spyOn(server.ctx.jobs, 'enqueueMany');
    const keyedEnqueues = () =>
      enqueued.mock.calls.filter(([, jobs]) => jobs.some((job) => job.kind === KEYED)).length;
    const keyedRows = () =>
      server.ctx.db.selectFrom('jobs').select('unique_key').where('kind', '=', KEYED).execute();
    try {
      // The test clock runs on with real time: set 100 ms into a second, the two ballots (milliseconds each) fall in it.
      server.clock.set(Math.floor(server.clock.now() / 1000) * 1000 + 100);
      await vote(server, voters[0]?.accessToken as string, ballot(topic.id, ['Alpha']));
      await vote(server, voters[1]?.accessToken as string, ballot(topic.id, ['Beta']));
      expect(keyedEnqueues()).toBe(1);
      const before = (await keyedRows()).length;
      // The next second's first ballot enqueues that second's job.
      server.clock.advance(1_000);
      await vote(server, voters[2]?.accessToken as string, ballot(topic.id, ['Alpha', 'Beta']));
      expect(keyedEnqueues()).toBe(2);
      expect((await keyedRows()).length).toBe(before + 1);
    } finally {
      enqueued.mockRestore();
    }
  });

  it('remembers no key of a write that rolled back: the next write of the second enqueues it', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha']);
    const voter = await registerUser(server);
    server.clock.advance(1_000);
    const failed = ballotEventThenFailure(topic, voter.id);
    await expect(failed).rejects.toThrow();
    await vote(server, voter.accessToken, ballot(topic.id, ['Alpha']));
    const rows = await server.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', KEYED).execute();
    expect(rows.filter((row) => JSON.parse(row.payload).topicId === topic.id)).toHaveLength(1);
  });
});
