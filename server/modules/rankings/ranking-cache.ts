import type { RankingData } from '../../../common/api/topics.js';
import { perDatabase } from '../../db/per-database.js';

/**
 * A backstop only: every change of a topic's ranking (made in this process, or on PostgreSQL in any
 * other, through the change events) drops its entry at once. This bounds what a missed notification
 * could cost.
 */
const RANKING_CACHE_TTL_MS = 10_000;
const MAX_TOPICS = 5_000;

interface Entry {
  expires: number;
  value: Promise<RankingData>;
}

/**
 * Public rankings per topic, served from memory until a vote or an edit changes them. Reading a
 * ranking (tens of rows, each a row object) cost more than answering the request around it; with
 * this a popular topic's ranking is read once per change, however many people are watching it.
 *
 * A read that was under way when its topic changed is never stored: it may have seen the old state.
 */
export class RankingCache {
  private readonly entries = new Map<number, Map<number, Entry>>();
  /** Loads in flight per topic, each marked stale if the topic changes before it ends. */
  private readonly loads = new Map<number, Set<{ stale: boolean }>>();

  get(topicId: number, limit: number, load: () => Promise<RankingData>): Promise<RankingData> {
    const now = Date.now();
    const hit = this.entries.get(topicId)?.get(limit);
    if (hit && hit.expires > now) return hit.value;

    const token = { stale: false };
    const inFlight = this.loads.get(topicId) ?? new Set();
    this.loads.set(topicId, inFlight);
    inFlight.add(token);
    const value = load();
    const entry: Entry = { expires: now + RANKING_CACHE_TTL_MS, value };
    if (this.entries.size >= MAX_TOPICS && !this.entries.has(topicId)) this.entries.clear();
    const byLimit = this.entries.get(topicId) ?? new Map<number, Entry>();
    this.entries.set(topicId, byLimit);
    byLimit.set(limit, entry);

    const settle = (keep: boolean) => {
      inFlight.delete(token);
      if (inFlight.size === 0 && this.loads.get(topicId) === inFlight) this.loads.delete(topicId);
      if (!keep || token.stale) {
        const current = this.entries.get(topicId);
        if (current?.get(limit) === entry) current.delete(limit);
      }
    };
    // A failure is not remembered: the next request tries again.
    value.then(
      () => settle(true),
      () => settle(false),
    );
    return value;
  }

  invalidate(topicId: number): void {
    this.entries.delete(topicId);
    for (const token of this.loads.get(topicId) ?? []) token.stale = true;
  }

  clear(): void {
    this.entries.clear();
    for (const tokens of this.loads.values()) for (const token of tokens) token.stale = true;
  }
}

export const rankingCacheFor = perDatabase(() => new RankingCache());
