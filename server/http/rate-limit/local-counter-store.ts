import type { Clock } from '../../clock/clock.js';
import type { CountingStore } from './resilient-store.js';

type Callback = Parameters<CountingStore['incr']>[1];

interface Window {
  count: number;
  startedAt: number;
}

/** Keys counted at once in one process; the least recently counted goes first past it. */
const CAPACITY = 10_000;

/**
 * Fixed windows counted in this process on the app's clock, for the limits the app applies itself
 * (password checks, creations, ballots) when no Redis counts them. The plugin's LocalStore counts the
 * same way but on the system's time, which a test cannot move; the route rate limits keep it.
 */
export class LocalCounterStore implements CountingStore {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly clock: Clock) {}

  incr(key: string, callback: Callback, windowMs: number): void {
    const now = this.clock.now();
    let window = this.windows.get(key);
    if (!window || window.startedAt + windowMs <= now) window = { count: 0, startedAt: now };
    window.count += 1;
    // Re-inserted, so the map's order is the order of last use.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > CAPACITY) this.windows.delete(this.windows.keys().next().value as string);
    callback(null, { current: window.count, ttl: window.startedAt + windowMs - now });
  }

  read(key: string, callback: Callback, windowMs: number): void {
    const now = this.clock.now();
    const window = this.windows.get(key);
    const alive = window !== undefined && window.startedAt + windowMs > now;
    callback(
      null,
      alive ? { current: window.count, ttl: window.startedAt + windowMs - now } : { current: 0, ttl: 0 },
    );
  }

  child(): CountingStore {
    return new LocalCounterStore(this.clock);
  }
}
