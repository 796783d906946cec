import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Jobs } from './runner.js';

/**
 * Job kinds for the fault test with several server processes (server/robustness/jobs.test.ts), registered
 * only when JOBS_TEST_DIR is set. Each writes what it does into that directory, which every process
 * shares, so the test counts runs across servers, and one waits there for a file: the test kills its
 * server mid-run.
 */
export function registerTestJobKinds(jobs: Jobs, dir: string): void {
  const note = (file: string, line: string) => appendFileSync(join(dir, file), `${line}\n`);
  jobs.every(
    'test.recurring',
    1_000,
    async (_payload, job) => note('recurring.log', `${job.dueAt} ${process.pid}`),
    {
      leaseMs: 1_500,
    },
  );
  jobs.handle(
    'test.waiting',
    async (_payload, job) => {
      note('waiting.log', `start ${process.pid} ${job.attempt}`);
      // Bounded: a test that never releases it leaves a failed job, not a hung server.
      for (let waited = 0; !existsSync(join(dir, 'release')); waited += 50) {
        if (waited > 30_000) throw new Error('never released');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      note('waiting.log', `done ${process.pid} ${job.attempt}`);
    },
    { leaseMs: 1_500, maxAttempts: 3 },
  );
  jobs.handle(
    'test.failing',
    async (_payload, job) => {
      note('failing.log', `${process.pid} ${job.attempt}`);
      throw new Error(`failed on purpose, attempt ${job.attempt}`);
    },
    { leaseMs: 1_500, maxAttempts: 3, retryDelayMs: 200 },
  );
}
