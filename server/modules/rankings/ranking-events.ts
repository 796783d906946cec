import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type RankingEventDto, rankingEventOf } from '../../../common/api/ranking-event.js';
import { RANKING_LIMIT_MAX } from '../../../common/api/topics.js';
import { type ChangeSet, RANKING_ASPECTS } from '../../changes/change-set.js';
import type { Database } from '../../db/schema.js';
import { RankingsService } from './service.js';

export type RankingListener = (event: RankingEventDto) => void;

/**
 * Sends the open pages of a topic its new ranking when it changes. A subscriber of the changes
 * (server/changes): votes, propositions and status changes made by this process or, on PostgreSQL,
 * by any other reach it after their commit.
 */
export class RankingEvents {
  private readonly listeners = new Map<number, Set<RankingListener>>();
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly rankings: RankingsService;

  /**
   * @param coalesceMs Many votes in a burst make one reload per topic: changes landing within this window
   *   are sent together, so a hot topic costs its watchers at most a few reads per second.
   */
  constructor(
    db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly coalesceMs = 50,
  ) {
    this.rankings = new RankingsService(db);
  }

  /** The changes subscriber: watched topics whose ranking changed are reloaded and sent. */
  readonly changed = (change: ChangeSet): void => {
    const topicIds = change.isEverything ? [...this.listeners.keys()] : change.topicsWith(RANKING_ASPECTS);
    for (const topicId of topicIds) this.schedule(topicId);
  };

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
    const ranking = await this.rankings.read(topicId, RANKING_LIMIT_MAX);
    return ranking && rankingEventOf(ranking);
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

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.listeners.clear();
  }
}
