import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** How long a popular list or a topic's texts may be served from memory. */
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
 * topic). At most three seconds stale (one second, plus the background reload's grace); rankings
 * have their own cache, emptied by every vote. One cache per database so that an administrator's
 * change in this process clears it at once; other app servers catch up within that bound.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (hit?.settled && hit.expires + STALE_GRACE_MS > now) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.remember(key, load, hit);
      }
      return hit.value as Promise<T>;
    }
    return this.remember(key, load);
  }

  /** Loads and stores `key`; while `stale` is given, it keeps being served until the load succeeds. */
  private remember<T>(key: string, load: () => Promise<T>, stale?: Entry): Promise<T> {
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key)) this.entries.clear();
    const value = load();
    const entry: Entry = {
      expires: Date.now() + READ_CACHE_TTL_MS,
      value,
      settled: false,
      refreshing: false,
    };
    if (!stale) this.entries.set(key, entry);
    value.then(
      () => {
        entry.settled = true;
        entry.expires = Date.now() + READ_CACHE_TTL_MS;
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
  }
}

const caches = new WeakMap<Kysely<Database>, ReadCache>();

export function readCacheFor(db: Kysely<Database>): ReadCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReadCache();
    caches.set(db, cache);
  }
  return cache;
}
