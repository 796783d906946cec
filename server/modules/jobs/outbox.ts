import type { Transaction } from 'kysely';
import type { ChangeSet } from '../../changes/change-set.js';
import type { TransactionSubscriber } from '../../changes/dispatcher.js';
import type { ChangeEvent } from '../../changes/events.js';
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

  constructor(private readonly jobs: Jobs) {}

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
    const jobs: NewJob[] = [];
    for (const event of change.events) {
      for (const toJob of this.rules.get(event.type) ?? []) {
        const job = toJob(event);
        if (job) jobs.push(job);
      }
    }
    await this.jobs.enqueueMany(trx, jobs);
  }
}
