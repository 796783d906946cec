import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock/clock.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { ChangeSet } from './change-set.js';
import { ClusterChannel } from './cluster-channel.js';

/** Derived state kept in the database (the search index): brought in step inside the write's transaction. */
export interface TransactionSubscriber {
  /**
   * Whether the change concerns it, decided without awaiting: a write's transaction (on SQLite, the
   * database's one write lock) is not held a moment longer for subscribers that have nothing to do.
   */
  wants(change: ChangeSet): boolean;
  follow(trx: Transaction<Database>, change: ChangeSet): Promise<void>;
}
/** Derived state kept in memory (caches, live events): told once the write has committed, here or elsewhere. */
export type CommitSubscriber = (change: ChangeSet) => void;

/**
 * The one way a write reaches derived state. A write runs in `changes.transaction`, records on the
 * `ChangeSet` it is given what it changed, and is done: subscribers kept in the database run in the
 * same transaction, and once it commits every in-memory subscriber of this process is told, then,
 * on PostgreSQL, those of the other app servers. No write path calls an index, a cache or an event.
 */
export class Changes {
  private readonly inTransaction: TransactionSubscriber[] = [];
  private readonly onCommitted = new Set<CommitSubscriber>();
  private readonly cluster: ClusterChannel | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {
    if (database.kind === 'postgres') {
      this.cluster = new ClusterChannel(database, log, (change) => this.dispatch(change));
    }
  }

  private get db(): Kysely<Database> {
    return this.database.db;
  }

  async start(): Promise<void> {
    await this.cluster?.start();
  }

  /** Runs `work` in one transaction and brings every subscriber in step with what it recorded. */
  async transaction<T>(work: (trx: Transaction<Database>, change: ChangeSet) => Promise<T>): Promise<T> {
    const change = new ChangeSet(this.clock.nowIso());
    const result = await this.db.transaction().execute(async (trx) => {
      const value = await work(trx, change);
      // Not even one await when no subscriber wants the change (a vote): on SQLite the transaction holds
      // the database's one connection, and every turn spent here holds every other request too.
      for (const subscriber of this.concernedBy(change)) await subscriber.follow(trx, change);
      return value;
    });
    this.committed(change);
    return result;
  }

  /**
   * Tells every subscriber about a change written outside `transaction`: bulk loads and test data
   * written straight into the database.
   */
  async announce(change: ChangeSet): Promise<void> {
    if (change.isEmpty) return;
    await this.db.transaction().execute(async (trx) => {
      for (const subscriber of this.concernedBy(change)) await subscriber.follow(trx, change);
    });
    this.committed(change);
  }

  private concernedBy(change: ChangeSet): TransactionSubscriber[] {
    if (change.isEmpty) return [];
    return this.inTransaction.filter((subscriber) => subscriber.wants(change));
  }

  subscribeInTransaction(subscriber: TransactionSubscriber): void {
    this.inTransaction.push(subscriber);
  }

  subscribe(subscriber: CommitSubscriber): () => void {
    this.onCommitted.add(subscriber);
    return () => this.onCommitted.delete(subscriber);
  }

  private committed(change: ChangeSet): void {
    if (change.isEmpty) return;
    this.dispatch(change);
    this.cluster?.send(change);
  }

  /** A subscriber that throws is logged and the others still run: the write has committed. */
  private dispatch(change: ChangeSet): void {
    for (const subscriber of this.onCommitted) {
      try {
        subscriber(change);
      } catch (error) {
        this.log.error({ err: error }, 'changes: a subscriber failed');
      }
    }
  }

  async close(): Promise<void> {
    await this.cluster?.close();
    this.onCommitted.clear();
  }
}
