import type { Transaction } from 'kysely';
import type { ChangeSet } from '../../changes/change-set.js';
import type { TransactionSubscriber } from '../../changes/dispatcher.js';
import type { ChangeEvent } from '../../changes/events.js';
import { RememberedWrites } from '../../changes/remembered-writes.js';
import type { Clock } from '../../clock/clock.js';
import type { Database } from '../../db/schema.js';
import type { Jobs } from '../jobs/runner.js';
import { NotificationsRepository } from './repository.js';

/** Ballots of one second make one podium check, due at the second's end. */
export const PODIUM_SLOT_MS = 1_000;
/**
 * How long past a second's end its sweep waits, and how old a mark must be to be swept: a ballot cast just
 * before the second ended may commit just after, and its mark (the same row, the same due time) must not be
 * taken out by a sweep that read the ranking before it committed. It also covers the servers' clocks'
 * disagreement.
 */
export const PODIUM_SETTLE_MS = 250;
/** From a ballot to its podium check at the latest (a test moves the clock by this). */
export const PODIUM_CHECK_WAIT_MS = PODIUM_SLOT_MS + PODIUM_SETTLE_MS;
/** Looks at the podiums of the topics whose mark is due (producers.ts): one job per second with marks. */
export const PODIUM_SWEEP = 'notifications.podium-sweep';

/** The end of the second `atMs` falls in: when a mark made then is due. */
const slotEndOf = (atMs: number) => (Math.floor(atMs / PODIUM_SLOT_MS) + 1) * PODIUM_SLOT_MS;

/** The topic whose podium the event may have moved, and when: a counted ballot at its cast time. */
function podiumMovedBy(event: ChangeEvent, now: number): { topicId: number; atMs: number } | undefined {
  switch (event.type) {
    case 'ballotChanged':
      return event.counted ? { topicId: event.topicId, atMs: Date.parse(event.castAt) } : undefined;
    // A quarantine, its lifting or an account's rules moved ballots in or out of the count.
    case 'ballotsRecounted':
      return { topicId: event.topicId, atMs: now };
    case 'propositionRemoved':
    case 'propositionRenamed':
      return { topicId: event.proposition.topicId, atMs: now };
    default:
      return undefined;
  }
}

/** The sweep of the marks due at `dueAt`: one job across the servers (its key), whatever the topics. */
const podiumSweepJob = (dueAt: number) => ({
  kind: PODIUM_SWEEP,
  dueAt: dueAt + PODIUM_SETTLE_MS,
  uniqueKey: `${PODIUM_SWEEP}@${new Date(dueAt).toISOString()}`,
});

/**
 * Marks, in the write's own transaction, each topic whose podium the write may have moved
 * (`podium_marks`, due at the end of the write's second), and enqueues the sweep of that second's marks
 * (docs/decisions/032). A topic's mark, and a second's sweep, are written by the first write that needs
 * them on this server: later ones in the same second find them remembered and send nothing.
 */
export class PodiumMarks implements TransactionSubscriber {
  private readonly marked: RememberedWrites;

  constructor(
    private readonly clock: Clock,
    private readonly jobs: Jobs,
  ) {
    this.marked = new RememberedWrites(clock);
  }

  wants(change: ChangeSet): boolean {
    const now = this.clock.now();
    return change.events.some((event) => podiumMovedBy(event, now) !== undefined);
  }

  async follow(trx: Transaction<Database>, change: ChangeSet): Promise<void> {
    const now = this.clock.now();
    const dueByTopic = new Map<number, number>();
    for (const event of change.events) {
      const moved = podiumMovedBy(event, now);
      if (!moved) continue;
      const dueAt = slotEndOf(moved.atMs);
      if (this.marked.holds(markKey(moved.topicId, dueAt), now)) continue;
      dueByTopic.set(moved.topicId, Math.max(dueByTopic.get(moved.topicId) ?? 0, dueAt));
    }
    if (dueByTopic.size === 0) return;
    const sweeps = [...new Set(dueByTopic.values())].filter(
      (dueAt) => !this.marked.holds(sweepKey(dueAt), now),
    );
    this.marked.writing(change, [
      ...[...dueByTopic].map(([topicId, dueAt]): [string, number] => [markKey(topicId, dueAt), dueAt]),
      ...sweeps.map((dueAt): [string, number] => [sweepKey(dueAt), dueAt]),
    ]);
    await new NotificationsRepository(trx).markPodiums(
      new Map([...dueByTopic].map(([topicId, dueAt]) => [topicId, new Date(dueAt).toISOString()])),
    );
    if (sweeps.length > 0) await this.jobs.enqueueMany(trx, sweeps.map(podiumSweepJob));
  }

  /** Told of every committed change (a commit subscriber): the marks of this server's writes are there. */
  readonly committed = (change: ChangeSet): void => this.marked.committed(change);
}

/**
 * A mark is held until its due time: no sweep takes it before (the servers' clocks agree to well within a
 * second), and a later mark of the topic only moves it later.
 */
const markKey = (topicId: number, dueAt: number) => `${topicId}@${dueAt}`;
/** A second's sweep job exists from its enqueue until long after it ran. */
const sweepKey = (dueAt: number) => `sweep@${dueAt}`;
