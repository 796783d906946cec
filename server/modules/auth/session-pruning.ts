import type { Jobs, JobsLog } from '../jobs/runner.js';
import type { Sessions } from './sessions.js';

/** How often expired refresh tokens and the sessions they leave empty are deleted, across all servers. */
export const SESSION_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Every refresh rotates its token, so an active session leaves a spent token behind per refresh: without
 * pruning, refresh_tokens and sessions only grow. Pruning is a recurring job: once an hour, on one server
 * (whichever takes the hour's job), and a failure (the database away) is retried with back-off.
 */
export function pruneSessionsHourly(jobs: Jobs, sessions: Sessions, log: JobsLog): void {
  jobs.every(
    'sessions.prune',
    SESSION_PRUNE_INTERVAL_MS,
    async () => {
      const pruned = await sessions.prune();
      if (pruned.tokens > 0 || pruned.sessions > 0)
        log.info(pruned, 'expired refresh tokens and sessions pruned');
    },
    { maxAttempts: 3, retryDelayMs: 60_000 },
  );
}
