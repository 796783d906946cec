import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { testDatabaseKind } from '../test/database.js';
import { createScratchDatabase } from '../test/faults.js';
import { insertDueJob } from '../test/jobs.js';
import { callJson, type ServerProcess, startServerProcess } from '../test/process.js';
import { until } from '../test/until.js';

/**
 * Two app server processes on one PostgreSQL database, running the job kinds of
 * server/modules/jobs/test-kinds.ts (leases of 1.5 s, a recurring job every second). Each kind writes what
 * it does into a directory both processes share, so the test counts runs across servers. Every wait is
 * bounded.
 */

const ADMIN = { email: 'jobs-admin@example.test', password: 'jobs-admin-password' };

describe.skipIf(testDatabaseKind() !== 'postgres')('jobs on two app servers sharing one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let db: DatabaseHandle;
  let dir: string;
  const servers: ServerProcess[] = [];

  const lines = (file: string) =>
    existsSync(join(dir, file))
      ? readFileSync(join(dir, file), 'utf8').trim().split('\n').filter(Boolean)
      : [];
  const enqueue = (kind: string) => insertDueJob(db.db, kind);
  const jobRow = (id: number) =>
    db.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createScratchDatabase('podium_jobs');
    db = openDatabase({ url: database.url });
    dir = mkdtempSync(join(tmpdir(), 'podium-jobs-'));
    // One after the other: the first creates the administrator, the second finds it.
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startServerProcess({
          DATABASE_URL: database.url,
          JOBS_TEST_DIR: dir,
          JOBS_POLL_INTERVAL_MS: '100',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
        }),
      );
    }
  });

  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    await db?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs a recurring job once per due time across both servers', async () => {
    // Both servers are up: a few seconds' occurrences, each enqueued by both and run by one.
    const start = lines('recurring.log').length;
    await until('four more occurrences', () =>
      lines('recurring.log').length >= start + 4 ? true : undefined,
    );
    const dueTimes = lines('recurring.log').map((line) => line.split(' ')[0]);
    expect(new Set(dueTimes).size).toBe(dueTimes.length);
    const rows = await db.db
      .selectFrom('jobs')
      .select(['unique_key', 'attempts', 'state'])
      .where('kind', '=', 'test.recurring')
      .where('state', '=', 'done')
      .execute();
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect(new Set(rows.map((row) => row.unique_key)).size).toBe(rows.length);
  });

  it('retries a failing job, then shows it as failed to administrators', async () => {
    const id = await enqueue('test.failing');
    await until('the job kept as failed', async () =>
      (await jobRow(id)).state === 'failed' ? true : undefined,
    );
    expect(lines('failing.log')).toHaveLength(3);

    const [server] = servers as [ServerProcess];
    const login = await callJson(server.url, 'POST', '/api/auth/login', { body: ADMIN });
    expect(login.status).toBe(200);
    const listed = await callJson(server.url, 'GET', '/api/admin/jobs', {
      token: login.body.data.accessToken,
    });
    expect(listed.status).toBe(200);
    const shown = listed.body.data.failed.find((job: { id: number }) => job.id === id);
    expect(shown).toMatchObject({
      kind: 'test.failing',
      state: 'failed',
      attempts: 3,
      maxAttempts: 3,
      lastError: 'failed on purpose, attempt 3',
    });
  });

  it('goes on running jobs after the database ends every connection of both servers', async () => {
    expect(await database.terminateBackends()).toBeGreaterThan(0);
    // The runners' next looks fail or open new connections; the recurring job goes on, once per due time.
    const start = lines('recurring.log').length;
    await until('two more occurrences', () =>
      lines('recurring.log').length >= start + 2 ? true : undefined,
    );
    const dueTimes = lines('recurring.log').map((line) => line.split(' ')[0]);
    expect(new Set(dueTimes).size).toBe(dueTimes.length);
    for (const server of servers) expect((await callJson(server.url, 'GET', '/api/health')).status).toBe(200);
  });

  it('completes a job once on the other server when its server is killed mid-run', async () => {
    const id = await enqueue('test.waiting');
    const first = await until('the job started', () =>
      lines('waiting.log').find((line) => line.startsWith('start')),
    );
    const [, pid] = first.split(' ');
    const victim = servers.find((server) => String(server.child.pid) === pid);
    const survivor = servers.find((server) => server !== victim);
    if (!victim || !survivor) throw new Error(`no server has pid ${pid}`);
    await victim.kill('SIGKILL');

    // Once the dead server's lease (1.5 s) ends, the survivor takes the job: its second attempt.
    const second = await until('the job taken again', () =>
      lines('waiting.log').find((line) => line.startsWith(`start ${survivor.child.pid}`)),
    );
    expect(second).toBe(`start ${survivor.child.pid} 2`);
    writeFileSync(join(dir, 'release'), '');
    await until('the job done', async () => ((await jobRow(id)).state === 'done' ? true : undefined));

    expect(lines('waiting.log')).toEqual([first, second, `done ${survivor.child.pid} 2`]);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2, last_error: null });
    // The survivor goes on serving.
    expect((await callJson(survivor.url, 'GET', '/api/health')).status).toBe(200);
  });
});
