import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type RankingEventDto, rankingEventOf } from '../../../common/api/ranking-event.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { findRanking, findTopicVoteCount } from './repository.js';

export type RankingListener = (event: RankingEventDto) => void;
/** Told of every ranking change (a topic id), or that changes may have been missed ('all'). */
export type RankingChangeListener = (topicId: number | 'all') => void;

const RECONNECT_MS = 1_000;
/** Changes announced within this window leave in one NOTIFY. */
const NOTIFY_BATCH_MS = 5;
/** Topic ids per NOTIFY: PostgreSQL caps a payload below 8,000 bytes. */
const NOTIFY_IDS_PER_MESSAGE = 500;

/**
 * Tells the open pages of a topic, and the ranking caches, that its ranking changed. Each process
 * keeps its own subscribers; on PostgreSQL a change made by any process reaches all of them through
 * LISTEN/NOTIFY, sent after the change commits. On SQLite there is one process, and an in-process
 * hand-off suffices.
 */
export class RankingEvents {
  private readonly listeners = new Map<number, Set<RankingListener>>();
  private readonly pending = new Set<number>();
  private readonly changeListeners = new Set<RankingChangeListener>();
  private timer: NodeJS.Timeout | undefined;
  /** Topics changed here, waiting for the next NOTIFY to the other app servers. */
  private readonly outgoing = new Set<number>();
  private notifyTimer: NodeJS.Timeout | undefined;
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Test schemas share one server: the channel carries the schema so that they never cross-talk. */
  readonly channel: string;
  /** Marks this process's NOTIFY payloads, so that it does not reload what it announced itself. */
  private readonly origin = randomUUID();

  /**
   * @param coalesceMs Many votes in a burst make one reload per topic: changes landing within this window
   *   are announced together, so a hot topic costs its watchers at most a few reads per second.
   */
  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly coalesceMs = 50,
  ) {
    this.channel = `podium_votes_${database.schema ?? 'public'}`;
  }

  private get db(): Kysely<Database> {
    return this.database.db;
  }

  async start(): Promise<void> {
    if (this.database.kind === 'postgres') await this.listen();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client(this.database.clientConfig);
    client.on('notification', (message) => {
      // "origin:id,id,...": this process announced its own changes already (see announce).
      const [origin, ids = ''] = (message.payload ?? '').split(':');
      if (origin === this.origin) return;
      for (const part of ids.split(',')) {
        const topicId = Number(part);
        if (Number.isSafeInteger(topicId) && topicId > 0) this.changed(topicId);
      }
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'ranking events: LISTEN connection lost');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    this.client = client;
    await client.connect();
    await client.query(`listen "${this.channel}"`);
  }

  private reconnect(lost: pg.Client): void {
    if (this.closed || this.client !== lost || this.reconnectTimer) return;
    this.client = undefined;
    lost.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.closed) return;
      this.listen()
        .then(() => {
          // Changes made while we were deaf: every watched topic is re-read once.
          for (const listener of this.changeListeners) listener('all');
          for (const topicId of this.listeners.keys()) this.schedule(topicId);
        })
        .catch((error) => {
          this.log.warn({ err: error }, 'ranking events: LISTEN reconnect failed');
          if (this.client) this.reconnect(this.client);
        });
    }, RECONNECT_MS);
  }

  /**
   * Announces a change to the topic's ranking: call it once the transaction that made it has
   * committed. This process hears it at once; on PostgreSQL the other app servers hear it through
   * one NOTIFY per few milliseconds, sent outside the vote transactions. (A NOTIFY inside a vote
   * transaction made every commit of the cluster queue for the notification lock: 44% fewer commits
   * per second in a 10-connection test.) Should this process die in between, the other servers'
   * caches still expire (see ranking-cache.ts).
   */
  announce(topicId: number): void {
    if (this.closed) return;
    this.changed(topicId);
    if (this.database.kind !== 'postgres') return;
    this.outgoing.add(topicId);
    this.notifyTimer ??= setTimeout(() => void this.notifyOthers(), NOTIFY_BATCH_MS);
  }

  private async notifyOthers(): Promise<void> {
    this.notifyTimer = undefined;
    const topicIds = [...this.outgoing];
    this.outgoing.clear();
    for (let i = 0; i < topicIds.length; i += NOTIFY_IDS_PER_MESSAGE) {
      const payload = `${this.origin}:${topicIds.slice(i, i + NOTIFY_IDS_PER_MESSAGE).join(',')}`;
      try {
        await sql`select pg_notify(${this.channel}, ${payload})`.execute(this.db);
      } catch (error) {
        this.log.warn({ err: error }, 'ranking events: NOTIFY failed');
      }
    }
  }

  /** Every change, in this process or (on PostgreSQL) any other: for caches of rankings. */
  onChange(listener: RankingChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(topicId: number): void {
    for (const listener of this.changeListeners) listener(topicId);
    this.schedule(topicId);
  }

  subscribe(topicId: number, listener: RankingListener): () => void {
    let set = this.listeners.get(topicId);
    if (!set) {
      set = new Set();
      this.listeners.set(topicId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(topicId);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(topicId);
    };
  }

  /** The topic's current ranking event, or undefined for an unknown or inactive topic. */
  async snapshot(topicId: number): Promise<RankingEventDto | undefined> {
    const voteCount = await findTopicVoteCount(this.db, topicId);
    if (voteCount === undefined) return undefined;
    return rankingEventOf({ topicId, voteCount, rankings: await findRanking(this.db, topicId) });
  }

  private schedule(topicId: number): void {
    if (this.closed || !this.listeners.has(topicId)) return;
    this.pending.add(topicId);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const topics = [...this.pending];
      this.pending.clear();
      for (const id of topics) void this.broadcast(id);
    }, this.coalesceMs);
  }

  private async broadcast(topicId: number): Promise<void> {
    try {
      const event = await this.snapshot(topicId);
      if (!event) return;
      for (const listener of this.listeners.get(topicId) ?? []) listener(event);
    } catch (error) {
      if (!this.closed) this.log.error({ err: error, topicId }, 'ranking events: reload failed');
    }
  }

  async close(): Promise<void> {
    // Changes already committed here still reach the other servers.
    clearTimeout(this.notifyTimer);
    if (this.outgoing.size > 0) await this.notifyOthers();
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.reconnectTimer);
    this.listeners.clear();
    this.changeListeners.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
