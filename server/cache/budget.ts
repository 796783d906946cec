import { type Clock, systemClock } from '../clock/clock.js';

/**
 * Share of the budget kept for entries read at least twice: a stream of one-off entries (made-up
 * addresses, a crawler's walk) only ever churns the rest, so it cannot push out what is read most.
 */
const PROTECTED_SHARE = 0.8;
/**
 * Share of the budget for answers that something does not exist (a made-up topic's page): kept apart
 * and small, so however many made-up addresses come, they only push out each other.
 */
const MISS_SHARE = 1 / 32;

export interface BudgetOptions {
  maxBytes: number;
  clock?: Clock;
}

/** Where an entry is charged: once read, read again, or a not-found answer. */
class Segment {
  /** In order of use, the least recently used first (a Set keeps its insertion order). */
  readonly nodes = new Set<CacheNode>();
  bytes = 0;
}

/**
 * What one named cache holds and how it is read, summed over its regions (a cache made anew, as search's
 * per version, goes on counting under the same name). Plain numbers, read by the metrics at scrape time.
 */
export interface CacheUsage {
  /** Reads that found an entry (one being reloaded after its lifetime too). */
  hits: number;
  /** Reads that found none: the caller loads it. */
  misses: number;
  entries: number;
  bytes: number;
}

/** One cached entry as the budget sees it: its owner, its key and what it is charged. */
export class CacheNode {
  segment: Segment | undefined;
  constructor(
    readonly region: CacheRegion<unknown, unknown>,
    readonly key: unknown,
    public bytes: number,
    public miss: boolean,
  ) {}
}

/**
 * The one memory budget of every in-process cache of an app (reads, pages, rankings, search), in bytes
 * as estimated by the caches (`estimateBytes`). Entries are kept least recently used first out, in a
 * segmented LRU: a new entry is on probation, one read again moves to the protected part (at most 80%
 * of the budget; past it, its least recent entry goes back on probation), and room is made from the
 * probation's least recent entries first. Not-found answers have their own small LRU part. Every
 * cache's entries share the one order, so the budget goes where the reads are, whatever the cache.
 */
export class CacheBudget {
  /** The clock the caches' lifetimes read (the app's). */
  clock: Clock = systemClock;
  private readonly probation = new Segment();
  private readonly protected = new Segment();
  private readonly misses = new Segment();
  private maxBytes = 0;
  private missLimit = 0;
  private mainLimit = 0;
  /** Per cache name; a handful of names, each kept for the budget's life. */
  private readonly usageByCache = new Map<string, CacheUsage>();

  constructor(options: BudgetOptions) {
    this.configure(options);
  }

  /**
   * Sets its size and clock (the app does, once, at its start: a cache made before then, by a script
   * or a seed, still follows it); a smaller size drops what no longer fits at once.
   */
  configure({ maxBytes, clock = this.clock }: BudgetOptions): void {
    this.clock = clock;
    this.maxBytes = maxBytes;
    this.missLimit = Math.floor(maxBytes * MISS_SHARE);
    this.mainLimit = maxBytes - this.missLimit;
    this.makeRoom();
  }

  get limitBytes(): number {
    return this.maxBytes;
  }

  /** Bytes charged now, not-found answers included. */
  get usedBytes(): number {
    return this.probation.bytes + this.protected.bytes + this.misses.bytes;
  }

  /** The running figures of the cache called `name`, shared by every region of that name. */
  usageOf(name: string): CacheUsage {
    let usage = this.usageByCache.get(name);
    if (!usage) {
      usage = { hits: 0, misses: 0, entries: 0, bytes: 0 };
      this.usageByCache.set(name, usage);
    }
    return usage;
  }

  /** Every cache's figures, by name. */
  get usage(): ReadonlyMap<string, Readonly<CacheUsage>> {
    return this.usageByCache;
  }

  /** Charges a new entry; false when it is larger than its whole part of the budget (it is not kept). */
  admit(node: CacheNode): boolean {
    if (node.bytes > (node.miss ? this.missLimit : this.mainLimit)) return false;
    this.place(node, node.miss ? this.misses : this.probation);
    this.makeRoom();
    return node.segment !== undefined;
  }

  /** Marks an entry as just read: read twice, it is protected. */
  touch(node: CacheNode): void {
    const segment = node.segment;
    if (!segment) return;
    this.place(node, segment === this.misses ? this.misses : this.protected);
    if (segment === this.probation) this.makeRoom();
  }

  /**
   * Charges an entry anew (its value is known now, or it grew); false when it no longer fits at all,
   * and it is then dropped.
   */
  recharge(node: CacheNode, bytes: number, miss: boolean): boolean {
    if (!node.segment) return false;
    const segment = node.miss === miss ? node.segment : miss ? this.misses : this.probation;
    this.unplace(node);
    node.bytes = bytes;
    node.miss = miss;
    if (bytes > (miss ? this.missLimit : this.mainLimit)) {
      node.region.evicted(node);
      return false;
    }
    this.place(node, segment);
    this.makeRoom();
    return node.segment !== undefined;
  }

  /** Stops charging an entry its cache dropped. */
  release(node: CacheNode): void {
    this.unplace(node);
  }

  private place(node: CacheNode, segment: Segment): void {
    this.unplace(node);
    segment.nodes.add(node);
    segment.bytes += node.bytes;
    node.segment = segment;
    node.region.usage.entries += 1;
    node.region.usage.bytes += node.bytes;
  }

  private unplace(node: CacheNode): void {
    const segment = node.segment;
    if (!segment) return;
    segment.nodes.delete(node);
    segment.bytes -= node.bytes;
    node.segment = undefined;
    node.region.usage.entries -= 1;
    node.region.usage.bytes -= node.bytes;
  }

  private makeRoom(): void {
    while (this.misses.bytes > this.missLimit) this.evictOldest(this.misses);
    const protectedLimit = this.mainLimit * PROTECTED_SHARE;
    while (this.protected.bytes > protectedLimit) {
      const oldest = this.oldest(this.protected);
      if (!oldest) break;
      this.place(oldest, this.probation);
    }
    while (this.probation.bytes + this.protected.bytes > this.mainLimit)
      this.evictOldest(this.probation.nodes.size > 0 ? this.probation : this.protected);
  }

  private oldest(segment: Segment): CacheNode | undefined {
    const first = segment.nodes.values().next();
    return first.done ? undefined : first.value;
  }

  private evictOldest(segment: Segment): void {
    const oldest = this.oldest(segment);
    if (!oldest) return;
    this.unplace(oldest);
    oldest.region.evicted(oldest);
  }
}

/** How an entry is charged: its size in bytes, and whether it says that something does not exist. */
export interface Charge {
  bytes: number;
  miss?: boolean;
}

/**
 * One cache's entries under a shared budget: a map whose entries the budget may drop at any time (the
 * least recently used of all the caches first). `onEvict` hears of each entry the budget drops, for
 * the cache's own indexes (tags, keys per topic).
 */
export class CacheRegion<K, V> {
  private readonly entries = new Map<K, { node: CacheNode; value: V }>();
  /** Its cache's figures (the metrics' `cache` label is its name). */
  readonly usage: CacheUsage;

  constructor(
    readonly budget: CacheBudget,
    /** What it caches, in a word ("reads", "rankings"): regions of one name are counted as one cache. */
    name: string,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {
    this.usage = budget.usageOf(name);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, marked as read. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.usage.hits += 1;
      this.budget.touch(entry.node);
    } else this.usage.misses += 1;
    return entry?.value;
  }

  /** The value, leaving its place in the order as it is. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps `value` (in place of any other under `key`); false when it is too large to keep. */
  set(key: K, value: V, { bytes, miss = false }: Charge): boolean {
    this.delete(key);
    const node = new CacheNode(this as CacheRegion<unknown, unknown>, key, bytes, miss);
    this.entries.set(key, { node, value });
    if (this.budget.admit(node)) return true;
    this.entries.delete(key);
    return false;
  }

  /** Charges the entry under `key` anew; false when it is not there, or was dropped as too large. */
  recharge(key: K, { bytes, miss = false }: Charge): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && this.budget.recharge(entry.node, bytes, miss);
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.budget.release(entry.node);
    return true;
  }

  clear(): void {
    for (const { node } of this.entries.values()) this.budget.release(node);
    this.entries.clear();
  }

  keys(): IterableIterator<K> {
    return this.entries.keys();
  }

  /** Called by the budget when it drops `node` to make room. */
  evicted(node: CacheNode): void {
    const key = node.key as K;
    const entry = this.entries.get(key);
    if (entry?.node !== node) return;
    this.entries.delete(key);
    this.onEvict?.(key, entry.value);
  }
}
