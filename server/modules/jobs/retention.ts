import type { Jobs } from './runner.js';

const DAY_MS = 86_400_000;
/** Done jobs stay a week for the back-office's "recent"; failed ones a month, for someone to look at. */
export const KEEP_DONE_MS = 7 * DAY_MS;
export const KEEP_FAILED_MS = 30 * DAY_MS;

/** Finished jobs are deleted once a day, so the table holds what is pending and what is recent. */
export function pruneFinishedJobsDaily(jobs: Jobs): void {
  jobs.every(
    'jobs.prune',
    DAY_MS,
    () => jobs.deleteFinished({ doneMs: KEEP_DONE_MS, failedMs: KEEP_FAILED_MS }),
    {
      maxAttempts: 3,
    },
  );
}
