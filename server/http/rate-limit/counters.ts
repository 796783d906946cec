import type { CountingStore } from './resilient-store.js';

export interface Count {
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  msLeft: number;
}

/**
 * Counters in fixed windows for limits the app applies itself (password checks, creations), kept where
 * the rate limits keep theirs: Redis when configured and reachable, this process otherwise.
 */
export class Counters {
  constructor(private readonly store: CountingStore) {}

  /** Counts one more for `key` and answers the count in its window. */
  hit(key: string, windowMs: number): Promise<Count> {
    return this.call('incr', key, windowMs);
  }

  /** The count of `key` in its window, without counting. */
  peek(key: string, windowMs: number): Promise<Count> {
    return this.call('read', key, windowMs);
  }

  private call(method: 'incr' | 'read', key: string, windowMs: number): Promise<Count> {
    return new Promise((resolve, reject) => {
      this.store[method](
        key,
        (error, result) => {
          if (error || !result) reject(error ?? new Error('counter store answered nothing'));
          else resolve({ count: result.current, msLeft: Math.max(0, result.ttl) });
        },
        windowMs,
        Number.MAX_SAFE_INTEGER,
      );
    });
  }
}
