import type { Sessions } from './sessions.js';

/** How often each app server deletes expired refresh tokens and the sessions they leave empty. */
export const SESSION_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** The first pruning waits this long after start, away from the start-up's own work. */
const FIRST_PRUNE_DELAY_MS = 30_000;

interface PruneLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Every refresh rotates its token, so an active session leaves a spent token behind per refresh: without
 * pruning, refresh_tokens and sessions only grow. Each app server prunes in the background, shortly after
 * start and then every SESSION_PRUNE_INTERVAL_MS; the deletes are idempotent, so servers running it at
 * once only repeat each other. A failure (the database away) is logged and tried again at the next tick.
 * Answers the function that stops it, waiting for a pruning under way.
 */
export function pruneSessionsPeriodically(
  sessions: Sessions,
  log: PruneLog,
  intervalMs = SESSION_PRUNE_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const prune = () => {
    if (running) return;
    running = sessions
      .prune()
      .then((pruned) => {
        if (pruned.tokens > 0 || pruned.sessions > 0)
          log.info(pruned, 'expired refresh tokens and sessions pruned');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'session pruning failed; it runs again later'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(prune, Math.min(FIRST_PRUNE_DELAY_MS, intervalMs));
  const every = setInterval(prune, intervalMs);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
