import { CacheBudget, CacheRegion } from '../cache/budget.js';
import { cacheBudgetFor, DEFAULT_CACHE_BUDGET_BYTES } from '../cache/budget-for.js';
import { estimateBytes } from '../cache/estimate.js';
import { perDatabase } from './per-database.js';

/** How long a popular list may be served from memory. */
export const READ_CACHE_TTL_MS = 1000;

/**
 * For this long after expiry, or for its lifetime again if that is longer, an entry is still served
 * while one request reloads it in the background: hundreds of entries that expire together no longer
 * make hundreds of requests wait for the database at the same moment (on PostgreSQL that stampede set
 * the topic route's p99; 200 topic pages read again a little after their minute were all rendered again
 * at once, 49 pages/s with p50 174 ms on SQLite, whose renders block each other). A change drops an
 * entry outright: only an entry nothing changed is served past its lifetime.
 */
const STALE_GRACE_MS = 2000;
/**
 * What an entry costs besides its value (its key, its place in two maps, its record), and what a load
 * under way is charged until its value is known.
 */
const ENTRY_OVERHEAD_BYTES = 200;
/** Forgotten tags remembered at most (each a topic id and a number). */
const MAX_FORGOTTEN_TAGS = 2000;

interface Entry {
  expires: number;
  /** Until when, past `expires`, it may still be served while it reloads. */
  staleUntil: number;
  value: Promise<unknown>;
  settled: boolean;
  refreshing: boolean;
  /** The tags it is filed under, once its value is known. */
  tags: readonly string[];
}

/**
 * A per-process memo of public reads that every visitor asks for at once (home page lists, a shared
 * topic, the UI catalog of served pages). Entries are dropped by the change events that alter them
 * (subscribers in server/derived-state.ts), here or on another app server; their lifetime
 * (one second unless the reader asks for longer) only bounds what a missed notification could cost.
 * One cache per database, so two apps in one process (tests) never share one.
 */
export interface ReadOptions<T> {
  /** Lengthens the lifetime of entries that something else drops when they change. */
  ttlMs?: number;
  /**
   * Files the entry under the tags known from its value (a topic's id): `forget` of any of them drops
   * it.
   */
  tagOf?: (value: T) => string | readonly string[];
  /** Its size in bytes, when `estimateBytes` would guess it worse or slower. */
  sizeOf?: (value: T) => number;
  /**
   * Whether the value says that something does not exist (a made-up topic's page): such answers are
   * charged to the budget's small part for misses, so a stream of them pushes out only each other.
   */
  isMiss?: (value: T) => boolean;
}

export class ReadCache {
  /** Bounded by the app's cache budget (server/cache/budget.ts), shared with the other caches. */
  private readonly entries: CacheRegion<string, Entry>;
  /** Keys filed under each tag, to drop them together. */
  private readonly tagged = new Map<string, Set<string>>();
  /** When each tag was last forgotten (a step of `sequence`): a load begun before that is stale. */
  private readonly forgottenAt = new Map<string, number>();
  /** Keys filed by tag whose first load has not settled yet. */
  private readonly loading = new Set<string>();
  private sequence = 0;

  /** Alone (a test), it has a budget of its own of the default size. */
  constructor(budget = new CacheBudget({ maxBytes: DEFAULT_CACHE_BUDGET_BYTES })) {
    this.entries = new CacheRegion(budget, 'reads', (key, entry) => this.unfile(key, entry));
  }

  /** How many entries are kept (loads under way included). */
  get size(): number {
    return this.entries.size;
  }

  get<T>(key: string, load: () => Promise<T>, options: ReadOptions<T> = {}): Promise<T> {
    const now = this.entries.budget.clock.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (hit?.settled && hit.staleUntil > now) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.remember(key, load, options, hit);
      }
      return hit.value as Promise<T>;
    }
    return this.remember(key, load, options);
  }

  /**
   * Drops every entry filed under `tag`, and every load under way of an entry that is filed by tag:
   * its tag is known only from its value, and a reader joining it now could get what the change
   * replaced. Untagged entries (popular lists) only lag by their lifetime, by design.
   */
  forget(tag: string): void {
    for (const key of this.tagged.get(tag) ?? []) this.entries.delete(key);
    this.tagged.delete(tag);
    for (const key of this.loading) this.entries.delete(key);
    this.loading.clear();
    // Tags are unbounded (every topic id); past this many, starting over costs one load per entry.
    if (this.forgottenAt.size >= MAX_FORGOTTEN_TAGS) this.clear();
    this.forgottenAt.set(tag, ++this.sequence);
  }

  /** Loads and stores `key`; while `stale` is given, it keeps being served until the load succeeds. */
  private remember<T>(
    key: string,
    load: () => Promise<T>,
    options: ReadOptions<T>,
    stale?: Entry,
  ): Promise<T> {
    const ttlMs = options.ttlMs ?? READ_CACHE_TTL_MS;
    const graceMs = Math.max(STALE_GRACE_MS, ttlMs);
    const started = this.sequence;
    const value = load();
    const expires = this.entries.budget.clock.now() + ttlMs;
    const entry: Entry = {
      expires,
      staleUntil: expires + graceMs,
      value,
      settled: false,
      refreshing: false,
      tags: [],
    };
    if (!stale && this.entries.set(key, entry, { bytes: ENTRY_OVERHEAD_BYTES }) && options.tagOf)
      this.loading.add(key);
    const settled = () => {
      if (this.entries.peek(key) !== entry) return;
      this.loading.delete(key);
    };
    const drop = () => {
      const current = this.entries.peek(key);
      if (current === entry || current === stale) this.entries.delete(key);
    };
    value.then(
      (result) => {
        settled();
        const tagged = options.tagOf?.(result) ?? [];
        const tags = typeof tagged === 'string' ? [tagged] : tagged;
        // A tag of it was forgotten while it loaded: it may hold what the change replaced.
        if (tags.some((tag) => (this.forgottenAt.get(tag) ?? 0) > started)) return drop();
        entry.settled = true;
        entry.expires = this.entries.budget.clock.now() + ttlMs;
        entry.staleUntil = entry.expires + graceMs;
        const charge = {
          bytes: ENTRY_OVERHEAD_BYTES + 2 * key.length + (options.sizeOf ?? estimateBytes)(result),
          miss: options.isMiss?.(result) ?? false,
        };
        // A clear() while loading wins: only replace what is still there.
        if (stale && this.entries.peek(key) === stale) {
          this.unfile(key, stale);
          this.entries.set(key, entry, charge);
        } else if (this.entries.peek(key) === entry) this.entries.recharge(key, charge);
        if (this.entries.peek(key) !== entry) return;
        entry.tags = tags;
        for (const tag of tags) {
          const keys = this.tagged.get(tag) ?? new Set<string>();
          this.tagged.set(tag, keys);
          keys.add(key);
        }
      },
      // A failure is not remembered (nor the stale value kept: the topic may be gone); the next
      // request tries again.
      () => {
        settled();
        drop();
      },
    );
    return value;
  }

  /** Takes an entry the budget dropped (or one replaced) out of the tags and loads. */
  private unfile(key: string, entry: Entry): void {
    this.loading.delete(key);
    for (const tag of entry.tags) {
      const keys = this.tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.tagged.delete(tag);
    }
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.tagged.clear();
    this.forgottenAt.clear();
  }
}

export const readCacheFor = perDatabase((db) => new ReadCache(cacheBudgetFor(db)));
