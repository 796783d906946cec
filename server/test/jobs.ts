import type { Kysely } from 'kysely';
import { systemClock } from '../clock/clock.js';
import type { Database } from '../db/schema.js';
import type { Jobs } from '../modules/jobs/runner.js';

/**
 * A job due now, written straight into a server's database as another process's enqueue would be: for
 * tests of real server processes, whose runner takes it. Answers its id.
 */
export async function insertDueJob(db: Kysely<Database>, kind: string, maxAttempts = 3): Promise<number> {
  const now = systemClock.nowIso();
  const row = await db
    .insertInto('jobs')
    .values({
      kind,
      payload: '{}',
      state: 'queued',
      max_attempts: maxAttempts,
      due_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Runs jobs until none is due now: each look takes as many as the runner's concurrency, and writes of a
 * test (a registration mails its confirmation link) may have queued others before the ones it checks.
 */
export async function runEveryDueJob(jobs: Jobs): Promise<void> {
  while ((await jobs.runDue()) > 0);
}
