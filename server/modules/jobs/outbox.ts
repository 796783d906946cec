import type { Transaction } from 'kysely';
import type { ChangeSet } from '../../changes/change-set.js';
import type { TransactionSubscriber } from '../../changes/dispatcher.js';
import type { ChangeEvent } from '../../changes/events.js';
import type { Clock } from '../../clock/clock.js';
import type { Database } from '../../db/schema.js';
import type { Jobs, NewJob } from './runner.js';

type EventOf<T extends ChangeEvent['type']> = Extract<ChangeEvent, { type: T }>;
type JobFor = (event: ChangeEvent) => NewJob | undefined;

/** Keys remembered at most; past it, those already due go, and if that is not enough, all. */
const KEYS_REMEMBERED = 10_000;

/**
 * Turns what a write did (its events, server/changes/events.ts) into the jobs it causes, in the write's
 * own transaction: the job exists if and only if the write committed. A feature that must act once on an
 * event (an e-mail, a notification, a snapshot) says so with one `on` at start, never a line in the write
 * paths.
 */
export class Outbox implements TransactionSubscriber {
  private readonly rules = new Map<ChangeEvent['type'], JobFor[]>();
  /** The keyed jobs each write in progress enqueues, until it commits (`committed`) or is dropped. */
  private readonly enqueuing = new WeakMap<ChangeSet, NewJob[]>();
  /**
   * Keys of jobs that writes committed here enqueued, with their due time. Until then the job's row exists
   * (a job is only deleted once done, long after it ran, and runs when due), so enqueuing it again would be
   * a statement that inserts nothing: a ballot's podium check, one per topic and second, is inserted by the
   * second's first ballot only (on the bench, 6% of a ballot's cost, its page writes included). Another
   * server's writes are not known here: its first enqueue of a key is a statement, as before.
   */
  private readonly enqueued = new Map<string, number>();

  constructor(
    private readonly jobs: Jobs,
    private readonly clock: Clock,
  ) {}

  /** Each event of this type enqueues the job `toJob` makes of it (none when it answers undefined). */
  on<T extends ChangeEvent['type']>(type: T, toJob: (event: EventOf<T>) => NewJob | undefined): void {
    const rules = this.rules.get(type) ?? [];
    rules.push(toJob as JobFor);
    this.rules.set(type, rules);
  }

  wants(change: ChangeSet): boolean {
    return this.rules.size > 0 && change.events.some((event) => this.rules.has(event.type));
  }

  /** A write's jobs go in together: a recount of many topics makes a job per topic, in a statement or a few. */
  async follow(trx: Transaction<Database>, change: ChangeSet): Promise<void> {
    const now = this.clock.now();
    const jobs: NewJob[] = [];
    for (const event of change.events) {
      for (const toJob of this.rules.get(event.type) ?? []) {
        const job = toJob(event);
        if (job && !this.isEnqueued(job, now)) jobs.push(job);
      }
    }
    if (jobs.length === 0) return;
    this.enqueuing.set(change, jobs);
    await this.jobs.enqueueMany(trx, jobs);
  }

  /** Told of every committed change (a commit subscriber): the keyed jobs of this server's writes exist. */
  readonly committed = (change: ChangeSet): void => {
    const jobs = this.enqueuing.get(change);
    if (!jobs) return;
    this.enqueuing.delete(change);
    for (const { uniqueKey, dueAt } of jobs)
      if (uniqueKey !== undefined && dueAt !== undefined) this.enqueued.set(uniqueKey, dueAt);
    if (this.enqueued.size > KEYS_REMEMBERED) this.forgetDue(this.clock.now());
  };

  private isEnqueued({ uniqueKey }: NewJob, now: number): boolean {
    if (uniqueKey === undefined) return false;
    const dueAt = this.enqueued.get(uniqueKey);
    return dueAt !== undefined && now < dueAt;
  }

  private forgetDue(now: number): void {
    for (const [key, dueAt] of this.enqueued) if (dueAt <= now) this.enqueued.delete(key);
    if (this.enqueued.size > KEYS_REMEMBERED) this.enqueued.clear();
  }
}
