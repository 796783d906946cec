import type { Transaction } from 'kysely';
import type { ChangeSet } from '../../changes/change-set.js';
import type { TransactionSubscriber } from '../../changes/dispatcher.js';
import type { ChangeEvent } from '../../changes/events.js';
import { RememberedWrites } from '../../changes/remembered-writes.js';
import type { Clock } from '../../clock/clock.js';
import type { Database } from '../../db/schema.js';
import type { Jobs, NewJob } from './runner.js';

type EventOf<T extends ChangeEvent['type']> = Extract<ChangeEvent, { type: T }>;
type JobFor = (event: ChangeEvent) => NewJob | undefined;

/**
 * Turns what a write did (its events, server/changes/events.ts) into the jobs it causes, in the write's
 * own transaction: the job exists if and only if the write committed. A feature that must act once on an
 * event (an e-mail, a notification, a snapshot) says so with one `on` at start, never a line in the write
 * paths.
 */
export class Outbox implements TransactionSubscriber {
  private readonly rules = new Map<ChangeEvent['type'], JobFor[]>();
  /**
   * Keys of jobs that writes committed here enqueued, until each is due. Until then the job's row exists
   * (a job is only deleted once done, long after it ran, and runs when due), so enqueuing it again would be
   * a statement that inserts nothing, and is not sent.
   */
  private readonly enqueued: RememberedWrites;

  constructor(
    private readonly jobs: Jobs,
    private readonly clock: Clock,
  ) {
    this.enqueued = new RememberedWrites(clock);
  }

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
        if (job && !(job.uniqueKey !== undefined && this.enqueued.holds(job.uniqueKey, now))) jobs.push(job);
      }
    }
    if (jobs.length === 0) return;
    this.enqueued.writing(
      change,
      jobs.flatMap(({ uniqueKey, dueAt }) =>
        uniqueKey !== undefined && dueAt !== undefined ? [[uniqueKey, dueAt] as [string, number]] : [],
      ),
    );
    await this.jobs.enqueueMany(trx, jobs);
  }

  /** Told of every committed change (a commit subscriber): the keyed jobs of this server's writes exist. */
  readonly committed = (change: ChangeSet): void => this.enqueued.committed(change);
}
