import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** How long a popular list or a topic's texts may be served from memory. */
export const READ_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 2000;

/**
 * A per-process memo of public reads that every visitor asks for at once (home page lists, a shared
 * topic). At most one second stale; rankings are never cached (they must move when someone votes).
 * One cache per database so that an administrator's change in this process clears it at once;
 * other app servers catch up within the TTL.
 */
export class ReadCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load();
    this.entries.set(key, { expires: now + READ_CACHE_TTL_MS, value });
    // A failure is not remembered: the next request tries again.
    value.catch(() => this.entries.delete(key));
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
