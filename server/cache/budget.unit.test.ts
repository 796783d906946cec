import { describe, expect, it } from 'vitest';
import { CacheBudget, CacheRegion } from './budget.js';
import { estimateBytes } from './estimate.js';

const KB = 1024;
/** 100 KB: 96.9 KB for the entries, 3.1 KB (1/32) for not-found answers, 77.5 KB of it protected. */
const budget = () => new CacheBudget({ maxBytes: 100 * KB });

describe('CacheBudget', () => {
  it('drops the least recently used entries once their bytes pass the budget', () => {
    const region = new CacheRegion<string, string>(budget(), 'test');
    for (const key of ['a', 'b', 'c', 'd']) region.set(key, key, { bytes: 30 * KB });
    expect([...region.keys()]).toEqual(['b', 'c', 'd']);
    expect(region.budget.usedBytes).toBe(90 * KB);
  });

  it('keeps the entry read last: reading one moves it behind the others', () => {
    const region = new CacheRegion<string, string>(budget(), 'test');
    for (const key of ['a', 'b', 'c']) region.set(key, key, { bytes: 30 * KB });
    expect(region.get('a')).toBe('a');
    region.set('d', 'd', { bytes: 30 * KB });
    expect(region.peek('a')).toBe('a');
    expect(region.peek('b')).toBeUndefined();
  });

  it('keeps what is read most while a flood of made-up keys passes through', () => {
    const region = new CacheRegion<string, string>(budget(), 'test');
    for (const key of ['hot 1', 'hot 2']) {
      region.set(key, key, { bytes: 10 * KB });
      region.get(key);
    }
    // Thousands of one-off keys, each read once, and far more bytes than the budget.
    for (let i = 0; i < 5000; i++) region.set(`made-up ${i}`, 'x', { bytes: KB });
    expect(region.peek('hot 1')).toBe('hot 1');
    expect(region.peek('hot 2')).toBe('hot 2');
    expect(region.budget.usedBytes).toBeLessThanOrEqual(100 * KB);
  });

  it('keeps not-found answers apart and few: a stream of them pushes out only each other', () => {
    const region = new CacheRegion<string, string>(budget(), 'test');
    region.set('read once', 'page', { bytes: 50 * KB });
    for (let i = 0; i < 1000; i++) region.set(`made-up ${i}`, 'not found', { bytes: KB, miss: true });
    expect(region.peek('read once')).toBe('page');
    expect(region.size).toBe(1 + 3);
    // An answer larger than the whole part for them is not kept.
    expect(region.set('large miss', 'not found', { bytes: 10 * KB, miss: true })).toBe(false);
    expect(region.peek('large miss')).toBeUndefined();
  });

  it('is one budget for several caches: the least recently used of all goes first', () => {
    const shared = budget();
    const evicted: string[] = [];
    const pages = new CacheRegion<string, string>(shared, 'pages', (key) => evicted.push(`page ${key}`));
    const rankings = new CacheRegion<number, string>(shared, 'rankings', (key) =>
      evicted.push(`ranking ${key}`),
    );
    pages.set('/topic/1', 'page', { bytes: 40 * KB });
    rankings.set(1, 'ranking', { bytes: 40 * KB });
    pages.set('/topic/2', 'page', { bytes: 40 * KB });
    expect(evicted).toEqual(['page /topic/1']);
    rankings.set(2, 'ranking', { bytes: 40 * KB });
    expect(evicted).toEqual(['page /topic/1', 'ranking 1']);
    expect(shared.usedBytes).toBe(80 * KB);
  });

  it('charges an entry anew when its value is known, and drops one that no longer fits', () => {
    const region = new CacheRegion<string, string>(budget(), 'test');
    region.set('loading', 'pending', { bytes: 200 });
    expect(region.recharge('loading', { bytes: 20 * KB })).toBe(true);
    expect(region.budget.usedBytes).toBe(20 * KB);
    expect(region.recharge('loading', { bytes: 200 * KB })).toBe(false);
    expect(region.peek('loading')).toBeUndefined();
    expect(region.budget.usedBytes).toBe(0);
  });

  it('frees the bytes of what a cache deletes or clears', () => {
    const region = new CacheRegion<string, string>(budget(), 'test');
    region.set('a', 'a', { bytes: 10 * KB });
    region.set('b', 'b', { bytes: 10 * KB });
    region.delete('a');
    expect(region.budget.usedBytes).toBe(10 * KB);
    region.clear();
    expect(region.budget.usedBytes).toBe(0);
    expect(region.size).toBe(0);
  });

  it("counts each named cache's hits, misses, entries and bytes, summed over its regions", () => {
    const shared = budget();
    const first = new CacheRegion<string, string>(shared, 'queries');
    const second = new CacheRegion<string, string>(shared, 'queries');
    const pages = new CacheRegion<string, string>(shared, 'pages');
    first.set('a', 'a', { bytes: 10 * KB });
    second.set('b', 'b', { bytes: 20 * KB });
    first.get('a');
    first.get('a');
    second.get('a');
    pages.get('x');
    first.delete('a');
    expect(shared.usage.get('queries')).toEqual({ hits: 2, misses: 1, entries: 1, bytes: 20 * KB });
    expect(shared.usage.get('pages')).toEqual({ hits: 0, misses: 1, entries: 0, bytes: 0 });
  });

  it('drops what no longer fits when it is made smaller', () => {
    const shared = budget();
    const region = new CacheRegion<string, string>(shared, 'test');
    for (const key of ['a', 'b', 'c']) region.set(key, key, { bytes: 30 * KB });
    shared.configure({ maxBytes: 50 * KB });
    expect([...region.keys()]).toEqual(['c']);
  });
});

describe('estimateBytes', () => {
  it('counts a string by its characters, a Buffer by its bytes, and walks objects, arrays and maps', () => {
    expect(estimateBytes('abcd')).toBe(16 + 8);
    expect(estimateBytes(Buffer.alloc(1000))).toBe(64 + 1000);
    const row = { name: 'pizza', points: 12 };
    expect(estimateBytes(row)).toBe(32 + (8 + 16 + 8 + 16 + 10) + (8 + 16 + 12 + 8));
    expect(estimateBytes([row, row])).toBe(16 + 8 + estimateBytes(row) + 8 + 8);
    expect(estimateBytes(new Map([['k', 1]]))).toBe(64 + 24 + 18 + 8);
  });

  it('takes the size a value states (a served page knows its bytes)', () => {
    expect(estimateBytes({ page: { cacheBytes: () => 5000 } })).toBe(32 + 8 + 24 + 5000);
  });
});
