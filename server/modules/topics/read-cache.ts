import { perDatabase } from '../../db/per-database.js';

/** How long a popular list may be served from memory. */
export const READ_CACHE_TTL_MS = 1000;
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
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Keys filed under a tag (such as one topic's id), to drop them together. */
  private readonly tagged = new Map<string, Set<string>>();

  /** `ttlMs` lengthens the lifetime of entries that something else drops when they change. */
  get<T>(key: string, load: () => Promise<T>, ttlMs = READ_CACHE_TTL_MS): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (hit?.settled && hit.expires + STALE_GRACE_MS > now) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.remember(key, load, ttlMs, hit);
      }
      return hit.value as Promise<T>;
    }
    return this.remember(key, load, ttlMs);
  }

  /** Files `key` under `tag`: `forget(tag)` drops it. */
  tag(key: string, tag: string): void {
    if (!this.entries.has(key)) return;
    const keys = this.tagged.get(tag) ?? new Set<string>();
    this.tagged.set(tag, keys);
    keys.add(key);
  }

  /** Drops every entry filed under `tag`. */
  forget(tag: string): void {
    for (const key of this.tagged.get(tag) ?? []) this.entries.delete(key);
    this.tagged.delete(tag);
  }

  /** Loads and stores `key`; while `stale` is given, it keeps being served until the load succeeds. */
  private remember<T>(key: string, load: () => Promise<T>, ttlMs: number, stale?: Entry): Promise<T> {
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key)) this.clear();
    const value = load();
    const entry: Entry = { expires: Date.now() + ttlMs, value, settled: false, refreshing: false };
    if (!stale) this.entries.set(key, entry);
    value.then(
      () => {
        entry.settled = true;
        entry.expires = Date.now() + ttlMs;
        // A clear() while loading wins: only replace what is still there.
        if (stale && this.entries.get(key) === stale) this.entries.set(key, entry);
      },
      // A failure is not remembered (nor the stale value kept: the topic may be gone); the next
      // request tries again.
      () => {
        const current = this.entries.get(key);
        if (current === entry || current === stale) this.entries.delete(key);
      },
    );
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.tagged.clear();
  }
}

export const readCacheFor = perDatabase(() => new ReadCache());
