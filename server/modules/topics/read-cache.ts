import { perDatabase } from '../../db/per-database.js';

/** How long a popular list may be served from memory. */
export const READ_CACHE_TTL_MS = 1000;
/**
 * A topic's details are dropped by every change of the topic (caches.ts), here or on another app
 * server; the lifetime only bounds what a missed notification could cost.
 */
export const TOPIC_DETAIL_TTL_MS = 3000;
/** The tag a topic's cached reads are filed under. */
export const topicTag = (topicId: number) => `topic-id:${topicId}`;
/** The tag of everything made of the interface texts (the boot catalog of served pages). */
export const UI_TEXTS_TAG = 'ui-texts';
/**
 * For this long after expiry an entry is still served while one request reloads it in the
 * background: hundreds of entries that expire together no longer make hundreds of requests wait
 * for the database at the same moment (on PostgreSQL that stampede set the topic route's p99).
 */
const STALE_GRACE_MS = 2000;
const MAX_ENTRIES = 2000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
  settled: boolean;
  refreshing: boolean;
}

/**
 * A per-process memo of public reads that every visitor asks for at once (home page lists, a shared
 * topic). An entry lives one second (topic details three, since every vote drops them), plus the
 * background reload's grace; rankings have their own cache, emptied by every vote. One cache per
 * database so that an administrator's change in this process clears it at once; other app servers
 * catch up within those bounds.
 */
export interface ReadOptions<T> {
  /** Lengthens the lifetime of entries that something else drops when they change. */
  ttlMs?: number;
  /** Files the entry under a tag known from its value (a topic's id): `forget(tag)` drops it. */
  tagOf?: (value: T) => string;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Keys filed under each tag, to drop them together. */
  private readonly tagged = new Map<string, Set<string>>();
  /** When each tag was last forgotten (a step of `sequence`): a load begun before that is stale. */
  private readonly forgottenAt = new Map<string, number>();
  private sequence = 0;

  get<T>(key: string, load: () => Promise<T>, options: ReadOptions<T> = {}): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (hit?.settled && hit.expires + STALE_GRACE_MS > now) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.remember(key, load, options, hit);
      }
      return hit.value as Promise<T>;
    }
    return this.remember(key, load, options);
  }

  /** Drops every entry filed under `tag`, and any load of one under way. */
  forget(tag: string): void {
    for (const key of this.tagged.get(tag) ?? []) this.entries.delete(key);
    this.tagged.delete(tag);
    if (this.forgottenAt.size >= MAX_ENTRIES) this.clear();
    this.forgottenAt.set(tag, ++this.sequence);
  }

  /** Loads and stores `key`; while `stale` is given, it keeps being served until the load succeeds. */
  private remember<T>(
    key: string,
    load: () => Promise<T>,
    options: ReadOptions<T>,
    stale?: Entry,
  ): Promise<T> {
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key)) this.clear();
    const ttlMs = options.ttlMs ?? READ_CACHE_TTL_MS;
    const started = this.sequence;
    const value = load();
    const entry: Entry = { expires: Date.now() + ttlMs, value, settled: false, refreshing: false };
    if (!stale) this.entries.set(key, entry);
    const drop = () => {
      const current = this.entries.get(key);
      if (current === entry || current === stale) this.entries.delete(key);
    };
    value.then(
      (result) => {
        const tag = options.tagOf?.(result);
        // Its tag was forgotten while it loaded: it may hold what the change replaced.
        if (tag !== undefined && (this.forgottenAt.get(tag) ?? 0) > started) return drop();
        entry.settled = true;
        entry.expires = Date.now() + ttlMs;
        // A clear() while loading wins: only replace what is still there.
        if (stale && this.entries.get(key) === stale) this.entries.set(key, entry);
        if (tag !== undefined && this.entries.get(key) === entry) {
          const keys = this.tagged.get(tag) ?? new Set<string>();
          this.tagged.set(tag, keys);
          keys.add(key);
        }
      },
      // A failure is not remembered (nor the stale value kept: the topic may be gone); the next
      // request tries again.
      drop,
    );
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.tagged.clear();
    this.forgottenAt.clear();
  }
}

export const readCacheFor = perDatabase(() => new ReadCache());
