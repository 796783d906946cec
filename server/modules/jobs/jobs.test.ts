import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { runEveryDueJob } from '../../test/jobs.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { type JobHandler, type JobKindOptions, Jobs } from './runner.js';

/**
 * The job runner on a real database (both, by project): every time rule is proven by moving the server's
 * clock and calling `runDue()`, never by waiting. Two `Jobs` on one database stand for two app servers.
 */

let server: TestServer;
let admin: TestUser;
const quiet = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  // The app's own runner does not poll here: each test takes jobs itself, when it means to.
  server = await startTestServer({ jobs: { pollIntervalMs: 0, concurrency: 2, shutdownGraceMs: 5_000 } });
  // Far from any real date, so that the clock only moves forward from here (and before the administrator
  // signs in: an access token's lifetime is read on the same clock).
  server.clock.set('2031-03-04T10:20:00.000Z');
  admin = await createAdmin(server);
});
afterAll(async () => {
  await server?.close();
});

let sequence = 0;
/** A kind of its own per test: jobs left by one test are never taken by another. */
const newKind = () => `test.kind${++sequence}`;

/** An app server's runner on the test's database and clock. */
function runner(concurrency = 2): Jobs {
  return new Jobs(server.database.handle, server.clock, quiet, { pollIntervalMs: 0, concurrency });
}

function runners(kind: string, handler: JobHandler, options: JobKindOptions = {}, count = 2): Jobs[] {
  return Array.from({ length: count }, () => {
    const jobs = runner();
    jobs.handle(kind, handler, options);
    return jobs;
  });
}

/** A fresh access token: the tests move the clock by hours, past any token's lifetime. */
async function adminToken(): Promise<string> {
  const login = await server.request('POST', '/api/auth/login', {
    body: { email: admin.email, password: admin.password },
  });
  return login.body.data.accessToken;
}

const rowsOf = (kind: string) =>
  server.ctx.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('a failing job', () => {
  it('is retried after a doubling back-off, then kept as failed with its message, and shown so to administrators', async () => {
    const kind = newKind();
    let runs = 0;
    const [jobs] = runners(
      kind,
      async () => {
        runs += 1;
        throw new Error('the mail server said no');
      },
      { maxAttempts: 3, retryDelayMs: 60_000 },
    ) as [Jobs];
    await jobs.enqueue(server.ctx.db, { kind, payload: { to: 'someone' } });

    expect(await jobs.runDue()).toBe(1);
    let [row] = await rowsOf(kind);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, last_error: 'the mail server said no' });
    // Not before its back-off: a minute after the first failure, then two after the second.
    expect(await jobs.runDue()).toBe(0);
    server.clock.advance(59_000);
    expect(await jobs.runDue()).toBe(0);
    server.clock.advance(2_000);
    expect(await jobs.runDue()).toBe(1);
    server.clock.advance(119_000);
    expect(await jobs.runDue()).toBe(0);
    server.clock.advance(2_000);
    expect(await jobs.runDue()).toBe(1);

    [row] = await rowsOf(kind);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, last_error: 'the mail server said no' });
    expect(row?.finished_at).not.toBeNull();
    server.clock.advance(24 * 3600_000);
    expect(await jobs.runDue()).toBe(0);
    expect(runs).toBe(3);

    const listed = await server.request('GET', '/api/admin/jobs', { token: await adminToken() });
    expect(listed.status).toBe(200);
    const shown = listed.body.data.failed.find((job: { id: number }) => job.id === row?.id);
    expect(shown).toMatchObject({ kind, state: 'failed', attempts: 3, lastError: 'the mail server said no' });
    expect(listed.body.data.counts.failed).toBeGreaterThanOrEqual(1);
    // The payload is not shown: it may name people.
    expect(JSON.stringify(shown)).not.toContain('someone');
  });

  it('is run again when an administrator retries it, and the retry is audited', async () => {
    const kind = newKind();
    let fail = true;
    const [jobs] = runners(
      kind,
      async () => {
        if (fail) throw new Error('not yet');
      },
      { maxAttempts: 1 },
    ) as [Jobs];
    await jobs.enqueue(server.ctx.db, { kind });
    await jobs.runDue();
    const [failed] = await rowsOf(kind);
    expect(failed?.state).toBe('failed');

    const user = await registerUser(server);
    const refused = await server.request('POST', `/api/admin/jobs/${failed?.id}/retry`, {
      token: user.accessToken,
    });
    expect(refused.status).toBe(403);
    const retried = await server.request('POST', `/api/admin/jobs/${failed?.id}/retry`, {
      token: await adminToken(),
    });
    expect(retried.status).toBe(200);
    expect(retried.body.data.job).toMatchObject({ state: 'queued', attempts: 0 });
    // Only a failed job can be retried.
    const again = await server.request('POST', `/api/admin/jobs/${failed?.id}/retry`, {
      token: await adminToken(),
    });
    expect(again.status).toBe(404);
    const missing = await server.request('POST', '/api/admin/jobs/999999/retry', {
      token: await adminToken(),
    });
    expect(missing.status).toBe(404);

    fail = false;
    expect(await jobs.runDue()).toBe(1);
    expect((await rowsOf(kind))[0]).toMatchObject({ state: 'done', attempts: 1, last_error: null });
    const audit = await server.request('GET', '/api/admin/audit?entityType=job', {
      token: await adminToken(),
    });
    expect(audit.body.data.entries[0]).toMatchObject({ entityId: String(failed?.id), actorId: admin.id });
  });
});

describe('a job whose server stopped mid-run', () => {
  it('is taken again by another server once its lease ends, and completes once', async () => {
    const kind = newKind();
    const entered = deferred();
    const stuck = deferred();
    const finishedBy: string[] = [];
    const dying = runner();
    dying.handle(
      kind,
      async () => {
        entered.resolve();
        await stuck.promise;
        finishedBy.push('dying');
      },
      { leaseMs: 60_000 },
    );
    const [other] = runners(kind, async () => void finishedBy.push('other'), { leaseMs: 60_000 }, 1) as [
      Jobs,
    ];
    await server.ctx.jobs.enqueue(server.ctx.db, { kind });

    const dyingRun = dying.runDue();
    await entered.promise;
    // Held: nobody else takes it while its lease runs.
    expect(await other.runDue()).toBe(0);
    server.clock.advance(59_000);
    expect(await other.runDue()).toBe(0);
    server.clock.advance(2_000);
    expect(await other.runDue()).toBe(1);
    expect((await rowsOf(kind))[0]).toMatchObject({ state: 'done', attempts: 2 });

    // The first server was only slow, not dead: its late outcome is not recorded over the other's.
    stuck.resolve();
    await dyingRun;
    const [row] = await rowsOf(kind);
    expect(row).toMatchObject({ state: 'done', attempts: 2, leased_by: expect.not.stringMatching(/^$/) });
    expect(finishedBy).toEqual(['other', 'dying']);
  });

  it('is kept as failed when its server stopped on its last attempt', async () => {
    const kind = newKind();
    const entered = deferred();
    const stuck = deferred();
    const [dying, other] = runners(
      kind,
      async () => {
        entered.resolve();
        await stuck.promise;
      },
      { leaseMs: 10_000, maxAttempts: 1 },
    ) as [Jobs, Jobs];
    // The kind's own limit is kept with the job: the server enqueueing it handles the kind too.
    await dying.enqueue(server.ctx.db, { kind });
    const dyingRun = dying.runDue();
    await entered.promise;
    server.clock.advance(11_000);
    expect(await other.runDue()).toBe(0);
    expect((await rowsOf(kind))[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_error: 'the server running it stopped before it finished',
    });
    stuck.resolve();
    await dyingRun;
    expect((await rowsOf(kind))[0]?.state).toBe('failed');
  });
});

describe('jobs taken by several servers at once', () => {
  it('runs every job exactly once', async () => {
    const kind = newKind();
    const runs = new Map<number, number>();
    const handler: JobHandler = async (_payload, job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const servers = Array.from({ length: 3 }, () => {
      const jobs = runner(4);
      jobs.handle(kind, handler);
      return jobs;
    });
    for (let i = 0; i < 30; i++) await server.ctx.jobs.enqueue(server.ctx.db, { kind, payload: { i } });

    await Promise.all(
      servers.map(async (jobs) => {
        while ((await jobs.runDue()) > 0);
      }),
    );
    expect(runs.size).toBe(30);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect((await rowsOf(kind)).every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
  });
});

describe('a recurring job', () => {
  it('runs once per due time however many servers look for it', async () => {
    const kind = newKind();
    const ran: string[] = [];
    const servers = Array.from({ length: 3 }, () => {
      const jobs = runner();
      jobs.every(kind, 3600_000, async (_payload, job) => void ran.push(job.dueAt));
      return jobs;
    });
    const allLook = () => Promise.all(servers.map((jobs) => jobs.runDue()));
    server.clock.set('2031-03-05T10:20:00.000Z');

    await allLook();
    await allLook();
    expect(ran).toEqual(['2031-03-05T10:00:00.000Z']);
    server.clock.advance(30 * 60_000);
    await allLook();
    expect(ran).toHaveLength(1);
    server.clock.advance(15 * 60_000);
    await allLook();
    await allLook();
    expect(ran).toEqual(['2031-03-05T10:00:00.000Z', '2031-03-05T11:00:00.000Z']);
    const rows = await rowsOf(kind);
    expect(rows.map((row) => [row.unique_key, row.state, row.attempts])).toEqual([
      [`${kind}@2031-03-05T10:00:00.000Z`, 'done', 1],
      [`${kind}@2031-03-05T11:00:00.000Z`, 'done', 1],
    ]);
  });

  it('prunes expired sessions hourly in place of every server’s own timer', async () => {
    await runEveryDueJob(server.ctx.jobs);
    const pruning = await rowsOf('sessions.prune');
    expect(pruning.at(-1)).toMatchObject({ state: 'done', attempts: 1 });
    const count = pruning.length;
    await runEveryDueJob(server.ctx.jobs);
    expect(await rowsOf('sessions.prune')).toHaveLength(count);
    server.clock.advance(3600_000);
    await runEveryDueJob(server.ctx.jobs);
    expect(await rowsOf('sessions.prune')).toHaveLength(count + 1);
  });
});

describe('a job enqueued by a write (the outbox)', () => {
  const renameIn = async (user: TestUser, name: string, fail: boolean, kind: string) =>
    server.ctx.changes.transaction(async (trx, change) => {
      await trx.updateTable('users').set({ first_name: name }).where('id', '=', user.id).execute();
      change.user(user.id);
      await server.ctx.jobs.enqueue(trx, { kind, payload: { userId: user.id } });
      if (fail) throw new Error('the write fails after enqueueing');
    });
  const firstName = async (user: TestUser) =>
    (
      await server.ctx.db
        .selectFrom('users')
        .select('first_name')
        .where('id', '=', user.id)
        .executeTakeFirst()
    )?.first_name;

  it('exists if the write commits, and not if it rolls back', async () => {
    const kind = newKind();
    const user = await registerUser(server);
    await renameIn(user, 'Ada', false, kind);
    expect(await firstName(user)).toBe('Ada');
    expect(await rowsOf(kind)).toHaveLength(1);

    await expect(renameIn(user, 'Grace', true, kind)).rejects.toThrow('the write fails after enqueueing');
    expect(await firstName(user)).toBe('Ada');
    expect(await rowsOf(kind)).toHaveLength(1);
  });

  it('can be enqueued by an in-transaction subscriber, with the write', async () => {
    const kind = newKind();
    const user = await registerUser(server);
    server.ctx.changes.subscribeInTransaction({
      wants: (change) => change.users.has(user.id),
      follow: async (trx, change) => {
        for (const id of change.users) await server.ctx.jobs.enqueue(trx, { kind, payload: { userId: id } });
      },
    });
    await server.ctx.changes.transaction(async (trx, change) => {
      await trx.updateTable('users').set({ first_name: 'Lin' }).where('id', '=', user.id).execute();
      change.user(user.id);
    });
    const [row] = await rowsOf(kind);
    expect(JSON.parse(row?.payload ?? '{}')).toEqual({ userId: user.id });
  });

  it('is made once per unique key, however often it is enqueued', async () => {
    const kind = newKind();
    const enqueue = () => server.ctx.jobs.enqueue(server.ctx.db, { kind, uniqueKey: `${kind}:welcome:42` });
    expect(await enqueue()).toBe(true);
    expect(await enqueue()).toBe(false);
    expect(await rowsOf(kind)).toHaveLength(1);
  });

  it('is made in one statement with many others, each once per unique key, and run like any other', async () => {
    const kind = newKind();
    const ran: number[] = [];
    const jobs = runner();
    jobs.handle(kind, async (payload) => {
      ran.push((payload as { n: number }).n);
    });
    const many = (ns: number[]) =>
      server.ctx.changes.transaction((trx) =>
        server.ctx.jobs.enqueueMany(
          trx,
          ns.map((n) => ({ kind, payload: { n }, uniqueKey: `${kind}:${n}` })),
        ),
      );
    expect(await many([1, 2, 3])).toBe(3);
    expect(await many([3, 4])).toBe(1);
    expect(await many([])).toBe(0);
    await runEveryDueJob(jobs);
    expect(ran.sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('jobs of a kind taken in batches', () => {
  /** A runner with `kind` handled in batches of `batchSize`, recording each batch's payloads. */
  function batchRunner(
    kind: string,
    batchSize: number,
    handle: (ns: number[]) => Promise<void> = async () => {},
  ) {
    const batches: number[][] = [];
    const jobs = runner();
    jobs.handleBatch(
      kind,
      async (items) => {
        const ns = items.map(({ payload }) => (payload as { n: number }).n);
        batches.push(ns);
        await handle(ns);
      },
      { batchSize, retryDelayMs: 60_000, maxAttempts: 2 },
    );
    return { jobs, batches };
  }
  /** Enqueued through `jobs`, which knows the kind: its attempts are the kind's. */
  const enqueueNumbered = (jobs: Jobs, kind: string, ns: number[]) =>
    jobs.enqueueMany(
      server.ctx.db,
      ns.map((n) => ({ kind, payload: { n } })),
    );

  it('runs the due ones together, up to the batch size, and still runs other kinds beside them', async () => {
    const kind = newKind();
    const single = newKind();
    const { jobs, batches } = batchRunner(kind, 5);
    const singles: number[] = [];
    jobs.handle(single, async (payload) => void singles.push((payload as { n: number }).n));
    await enqueueNumbered(jobs, kind, [1, 2, 3, 4, 5, 6, 7]);
    await enqueueNumbered(jobs, single, [100, 101]);

    // Two slots: the batch takes one, a single job the other.
    expect(await jobs.runDue()).toBe(6);
    expect(await jobs.runDue()).toBe(3);
    expect(await jobs.runDue()).toBe(0);
    expect(batches).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7],
    ]);
    expect(singles).toEqual([100, 101]);
    expect((await rowsOf(kind)).map((row) => [row.state, row.attempts])).toEqual(
      Array.from({ length: 7 }, () => ['done', 1]),
    );
  });

  it('retries every job of a failed batch after the back-off, and keeps them as failed on their last attempt', async () => {
    const kind = newKind();
    const { jobs, batches } = batchRunner(kind, 10, async () => {
      throw new Error('the database was away');
    });
    await enqueueNumbered(jobs, kind, [1, 2, 3]);

    expect(await jobs.runDue()).toBe(3);
    expect((await rowsOf(kind)).map((row) => [row.state, row.attempts, row.last_error])).toEqual(
      Array.from({ length: 3 }, () => ['queued', 1, 'the database was away']),
    );
    expect(await jobs.runDue()).toBe(0);
    server.clock.advance(61_000);
    expect(await jobs.runDue()).toBe(3);
    expect((await rowsOf(kind)).map((row) => [row.state, row.attempts])).toEqual(
      Array.from({ length: 3 }, () => ['failed', 2]),
    );
    expect(batches).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('runs every job exactly once when several servers take batches at once', async () => {
    const kind = newKind();
    const servers = Array.from({ length: 3 }, () =>
      batchRunner(kind, 7, () => new Promise((resolve) => setImmediate(resolve))),
    );
    const ns = Array.from({ length: 60 }, (_, i) => i);
    await enqueueNumbered((servers[0] as { jobs: Jobs }).jobs, kind, ns);

    await Promise.all(
      servers.map(async ({ jobs }) => {
        while ((await jobs.runDue()) > 0);
      }),
    );
    const ran = servers.flatMap(({ batches }) => batches.flat()).sort((a, b) => a - b);
    expect(ran).toEqual(ns);
    expect(servers.flatMap(({ batches }) => batches).every((batch) => batch.length <= 7)).toBe(true);
    expect((await rowsOf(kind)).every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
  });

  it('is taken again by another server once the leases of a stopped server’s batch end', async () => {
    const kind = newKind();
    const entered = deferred();
    const stuck = deferred();
    const dying = batchRunner(kind, 10, async () => {
      entered.resolve();
      await stuck.promise;
    });
    const other = batchRunner(kind, 10);
    await enqueueNumbered(dying.jobs, kind, [1, 2]);

    const dyingRun = dying.jobs.runDue();
    await entered.promise;
    expect(await other.jobs.runDue()).toBe(0);
    server.clock.advance(61_000);
    expect(await other.jobs.runDue()).toBe(2);
    stuck.resolve();
    await dyingRun;
    // The slow server's late outcome is not recorded over the other's.
    expect((await rowsOf(kind)).map((row) => [row.state, row.attempts])).toEqual([
      ['done', 2],
      ['done', 2],
    ]);
    expect(other.batches).toEqual([[1, 2]]);
  });
});

describe('a running server (its own poll, an hour apart here)', () => {
  /** A runner that looks when it starts and then only every hour, unless a finished run is a reason to. */
  const polling = (concurrency: number) =>
    new Jobs(server.database.handle, server.clock, quiet, { pollIntervalMs: 3_600_000, concurrency });

  it('runs a job that another job enqueued at once, not at the next poll', async () => {
    const first = newKind();
    const next = newKind();
    const jobs = polling(2);
    const nextRan = deferred();
    jobs.handle(first, async () => {
      await jobs.enqueue(server.ctx.db, { kind: next });
    });
    jobs.handle(next, async () => nextRan.resolve());
    await jobs.enqueue(server.ctx.db, { kind: first });
    jobs.start();
    await nextRan.promise;
    await jobs.close();
    expect((await rowsOf(next)).map((row) => row.state)).toEqual(['done']);
  });

  it('takes the jobs its slots could not hold as soon as a slot frees', async () => {
    const kind = newKind();
    const jobs = polling(1);
    const allRan = deferred();
    let runs = 0;
    jobs.handle(kind, async () => {
      runs += 1;
      if (runs === 3) allRan.resolve();
    });
    for (let i = 0; i < 3; i++) await jobs.enqueue(server.ctx.db, { kind });
    jobs.start();
    await allRan.promise;
    await jobs.close();
    expect(runs).toBe(3);
  });
});

describe('a running server and a job it enqueued for later', () => {
  it('looks when that job falls due, not at its next poll', async () => {
    const first = newKind();
    const later = newKind();
    const jobs = new Jobs(server.database.handle, server.clock, quiet, {
      pollIntervalMs: 3_600_000,
      concurrency: 2,
    });
    const ran = deferred();
    jobs.handle(first, async () => {
      await jobs.enqueue(server.ctx.db, { kind: later, dueAt: server.clock.now() + 50 });
      // The clock is the test's: it is moved to the due time; the runner's own timer brings the look forward.
      server.clock.advance(50);
    });
    jobs.handle(later, async () => ran.resolve());
    await jobs.enqueue(server.ctx.db, { kind: first });
    jobs.start();
    await ran.promise;
    await jobs.close();
    expect((await rowsOf(later)).map((row) => row.state)).toEqual(['done']);
  });
});
