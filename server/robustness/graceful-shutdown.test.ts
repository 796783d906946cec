import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.js';
import { topicWith } from '../modules/votes/test-helpers.js';
import { testDatabaseKind } from '../test/database.js';
import { createScratchDatabase } from '../test/faults.js';
import { insertDueJob } from '../test/jobs.js';
import { type ServerProcess, startServerProcess } from '../test/process.js';
import { until } from '../test/until.js';

/**
 * A server told to stop (SIGTERM), as a rolling restart tells each in turn: its readiness fails at once
 * while it still serves during the drain, its live streams end with their reconnect hint, a job still
 * running after its grace is handed back for another server, and it exits cleanly. Real processes on the
 * suite's database; every wait is bounded.
 */
const DRAIN_MS = 1_500;

describe('a server told to stop', () => {
  let dir: string;
  let databaseUrl: string;
  let dropDatabase: () => Promise<void> = async () => {};
  let db: DatabaseHandle;
  let server: ServerProcess;
  let topicId: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'podium-shutdown-'));
    if (testDatabaseKind() === 'postgres') {
      const scratch = await createScratchDatabase('podium_shutdown');
      databaseUrl = scratch.url;
      dropDatabase = () => scratch.drop();
    } else databaseUrl = `sqlite:${join(dir, 'podium.sqlite')}`;
    db = openDatabase({ url: databaseUrl });
    await migrateToLatest(db);
    topicId = (await topicWith(db.db, ['Alpha', 'Bravo'])).id;
    server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      JOBS_TEST_DIR: dir,
      JOBS_POLL_INTERVAL_MS: '100',
      JOBS_SHUTDOWN_GRACE_MS: '300',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
  }, 90_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.close();
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails its readiness at once, drains, ends its streams with a reconnect hint, hands its job back and exits', async () => {
    // A job that runs until released (server/modules/jobs/test-kinds.ts), taken by this server.
    const jobId = await insertDueJob(db.db, 'test.waiting');
    const started = join(dir, 'waiting.log');
    await until('the job to start', () => (existsSync(started) ? true : undefined), 15_000, 50);

    // A live stream, read as a browser's EventSource would.
    const stream = await fetch(`${server.url}/api/topics/${topicId}/events`);
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    const streamEnded = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return true;
        received += new TextDecoder().decode(value);
      }
    })();

    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    // Readiness says 503 at once; liveness and the API still answer during the drain.
    const readiness = await until(
      'readiness to fail',
      async () => {
        const answer = await fetch(`${server.url}/api/health`);
        return answer.status === 503 ? answer : undefined;
      },
      15_000,
      50,
    );
    expect((await readiness.json()).data.status).toBe('stopping');
    expect((await fetch(`${server.url}/api/live`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/topics/${topicId}?language=en`)).status).toBe(200);
    expect(Date.now() - signalledAt).toBeLessThan(DRAIN_MS);

    // Then the stream ends, having told its browser how soon to come back, and the process exits cleanly.
    expect(await streamEnded).toBe(true);
    expect(received).toMatch(/^retry: \d+$/m);
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);

    // The job it could not finish is queued again at once, its interrupted attempt not counted.
    const job = await db.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'queued', attempts: 0, leased_by: null });
    expect(readFileSync(started, 'utf8')).not.toMatch(/^done/m);
  }, 60_000);
});
