import type { Clock } from '../clock/clock.js';
import type { ChangeSet } from './change-set.js';

/** Keys remembered at most; past it, those already due go, and if that is not enough, all. */
const KEYS_REMEMBERED = 10_000;

/**
 * What this server's committed writes put in the database that stays there until a known time (a keyed job
 * until it is due, a topic's podium mark until its second ends), so that a later write need not send a
 * statement that would change nothing. A write names its keys while in its transaction (`writing`); they are
 * remembered once it has committed (`committed`, a commit subscriber), and a write that rolled back leaves
 * nothing. Another server's writes are not known here: its first write of a key is a statement, as before.
 */
export class RememberedWrites {
  private readonly pending = new WeakMap<ChangeSet, [key: string, untilMs: number][]>();
  private readonly remembered = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  /** Whether a committed write of this server put `key` there, and it stays until after `now`. */
  holds(key: string, now: number): boolean {
    const until = this.remembered.get(key);
    return until !== undefined && now < until;
  }

  /** The keys `change` writes, each staying until its time, remembered if and when it commits. */
  writing(change: ChangeSet, keys: [key: string, untilMs: number][]): void {
    if (keys.length > 0) this.pending.set(change, keys);
  }

  /** Told of every committed change (a commit subscriber). */
  readonly committed = (change: ChangeSet): void => {
    const keys = this.pending.get(change);
    if (!keys) return;
    this.pending.delete(change);
    for (const [key, until] of keys) this.remembered.set(key, until);
    if (this.remembered.size > KEYS_REMEMBERED) this.forgetPast(this.clock.now());
  };

  private forgetPast(now: number): void {
    for (const [key, until] of this.remembered) if (until <= now) this.remembered.delete(key);
    if (this.remembered.size > KEYS_REMEMBERED) this.remembered.clear();
  }
}
