/**
 * The one clock every time rule reads (ballot times, token and session expiry, cache lifetimes, rate
 * windows, creation limits, page lifetimes). It lives on the app context; tests hand the app a
 * `TestClock` and move it instead of sleeping. Nothing under `server/` reads the system time elsewhere
 * (`server/clock/system-time.unit.test.ts` fails otherwise); durations for logs use `performance.now()`.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** The same instant as an ISO 8601 string in UTC: timestamps are stored so, and sort as they read. */
  nowIso(): string;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  nowIso: () => new Date().toISOString(),
};

/**
 * A clock that follows the system's plus an offset a test moves forward (`advance`) or sets (`set`):
 * time still passes between two statements, as code expects, but a rule of minutes or days is proven
 * in a moment.
 */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Makes `now()` read `instant` (then go on from there). */
  set(instant: Date | string | number): void {
    this.offsetMs = new Date(instant).getTime() - Date.now();
  }
}
