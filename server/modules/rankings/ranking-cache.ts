import type { RankingData } from '../../../common/api/topics.js';
import { CacheBudget, CacheRegion } from '../../cache/budget.js';
import { cacheBudgetFor, DEFAULT_CACHE_BUDGET_BYTES } from '../../cache/budget-for.js';
import { estimateBytes } from '../../cache/estimate.js';
import { perDatabase } from '../../db/per-database.js';

/**
 * A backstop only: every change of a topic's ranking (made in this process, or on PostgreSQL in any
 * other, through the change events) drops its entry at once. This bounds what a missed notification
 * could cost.
 */
const RANKING_CACHE_TTL_MS = 10_000;
/** What an entry costs besides its rows, and what a read under way is charged until it ends. */
const ENTRY_OVERHEAD_BYTES = 200;

interface Entry {
  expires: number;
  value: Promise<RankingData>;
}

/**
 * Public rankings per topic, served from memory until a vote or an edit changes them. Reading a
 * ranking (tens of rows, each a row object) cost more than answering the request around it; with
 * this a popular topic's ranking is read once per change, however many people are watching it.
 * Its entries share the app's cache budget (server/cache/budget.ts): the least recently read of all
 * the caches go first, and a ranking that failed (a made-up topic id) is not kept at all.
 *
 * A read that was under way when its topic changed is never stored: it may have seen the old state.
 */
export class RankingCache {
  /** Per `topicId:variant` (the ordering and the limit read). */
  private readonly entries: CacheRegion<string, Entry>;
  /** The variants kept per topic, to drop them together. */
  private readonly variants = new Map<number, Set<string>>();
  /** Loads in flight per topic, each marked stale if the topic changes before it ends. */
  private readonly loads = new Map<number, Set<{ stale: boolean }>>();

  /** Alone (a test), it has a budget of its own of the default size. */
  constructor(budget = new CacheBudget({ maxBytes: DEFAULT_CACHE_BUDGET_BYTES })) {
    this.entries = new CacheRegion(budget, 'rankings', (key) => this.unfile(key));
  }

  /**
   * `variant` names what was read of the topic's ranking: its ordering, limit and window
   * (`points:1000:all`). `load` answers the ranking and the instant it stops being true by itself (a time
   * window's earliest ballot leaving it), or null if only a change can end it.
   */
  get(
    topicId: number,
    variant: string,
    load: () => Promise<{ ranking: RankingData; expiresMs: number | null }>,
  ): Promise<RankingData> {
    const now = this.entries.budget.clock.now();
    const key = `${topicId}:${variant}`;
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;

    const token = { stale: false };
    const inFlight = this.loads.get(topicId) ?? new Set();
    this.loads.set(topicId, inFlight);
    inFlight.add(token);
    const loaded = load();
    const value = loaded.then(({ ranking }) => ranking);
    const entry: Entry = { expires: now + RANKING_CACHE_TTL_MS, value };
    if (this.entries.set(key, entry, { bytes: ENTRY_OVERHEAD_BYTES })) {
      const variants = this.variants.get(topicId) ?? new Set<string>();
      this.variants.set(topicId, variants);
      variants.add(variant);
    }

    const settle = (ranking: RankingData | undefined) => {
      inFlight.delete(token);
      if (inFlight.size === 0 && this.loads.get(topicId) === inFlight) this.loads.delete(topicId);
      if (this.entries.peek(key) !== entry) return;
      if (ranking && !token.stale)
        this.entries.recharge(key, { bytes: ENTRY_OVERHEAD_BYTES + estimateBytes(ranking) });
      else {
        this.entries.delete(key);
        this.unfile(key);
      }
    };
    // A failure is not remembered: the next request tries again.
    loaded.then(
      ({ ranking, expiresMs }) => {
        if (expiresMs !== null) entry.expires = Math.min(entry.expires, expiresMs);
        settle(ranking);
      },
      () => settle(undefined),
    );
    return value;
  }

  invalidate(topicId: number): void {
    for (const variant of this.variants.get(topicId) ?? []) this.entries.delete(`${topicId}:${variant}`);
    this.variants.delete(topicId);
    for (const token of this.loads.get(topicId) ?? []) token.stale = true;
  }

  clear(): void {
    this.entries.clear();
    this.variants.clear();
    for (const tokens of this.loads.values()) for (const token of tokens) token.stale = true;
  }

  /** How many rankings are kept (reads under way included). */
  get size(): number {
    return this.entries.size;
  }

  /** Takes a dropped entry out of its topic's variants. */
  private unfile(key: string): void {
    const split = key.indexOf(':');
    const topicId = Number(key.slice(0, split));
    const variants = this.variants.get(topicId);
    variants?.delete(key.slice(split + 1));
    if (variants?.size === 0) this.variants.delete(topicId);
  }
}

export const rankingCacheFor = perDatabase((db) => new RankingCache(cacheBudgetFor(db)));
