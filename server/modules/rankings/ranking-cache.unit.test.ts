import { describe, expect, it, vi } from 'vitest';
import type { RankingData } from '../../../common/api/topics.js';
import { CacheBudget } from '../../cache/budget.js';
import { TestClock } from '../../clock/clock.js';
import { RankingCache } from './ranking-cache.js';

const ranking = (topicId: number, expiresMs: number | null = null) => ({
  ranking: {
    topicId,
    voteCount: 1,
    window: 'all',
    since: null,
    rankings: [],
    condorcetWinnerId: null,
    leaderIsCondorcetWinner: false,
    headToHead: { propositionIds: [], wins: [] },
  } satisfies RankingData,
  expiresMs,
});
const notFound = async (): Promise<{ ranking: RankingData; expiresMs: null }> => {
  throw new Error('Topic not found');
};

describe('RankingCache', () => {
  it('keeps nothing for a made-up topic id, so a stream of them leaves the real rankings in place', async () => {
    const cache = new RankingCache(new CacheBudget({ maxBytes: 64 * 1024 }));
    const load = vi.fn(async () => ranking(1));
    await cache.get(1, 'points:50', load);
    for (let id = 1000; id < 6000; id++) await expect(cache.get(id, 'points:50', notFound)).rejects.toThrow();
    expect(cache.size).toBe(1);
    await cache.get(1, 'points:50', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the rankings read most while rankings read once pass through its budget', async () => {
    const cache = new RankingCache(new CacheBudget({ maxBytes: 64 * 1024 }));
    const hot = vi.fn(async () => ranking(1));
    await cache.get(1, 'points:50', hot);
    await cache.get(1, 'points:50', hot);
    for (let id = 2; id < 3000; id++) await cache.get(id, 'points:50', async () => ranking(id));
    expect(cache.size).toBeLessThan(3000);
    await cache.get(1, 'points:50', hot);
    expect(hot).toHaveBeenCalledTimes(1);
  });

  it('drops every length of a topic’s ranking when the topic changes', async () => {
    const cache = new RankingCache(new CacheBudget({ maxBytes: 64 * 1024 }));
    await cache.get(1, 'points:10', async () => ranking(1));
    await cache.get(1, 'points:50', async () => ranking(1));
    await cache.get(2, 'points:50', async () => ranking(2));
    cache.invalidate(1);
    expect(cache.size).toBe(1);
  });

  it('reads its lifetime from the app’s clock', async () => {
    const clock = new TestClock();
    const cache = new RankingCache(new CacheBudget({ maxBytes: 64 * 1024, clock }));
    const load = vi.fn(async () => ranking(1));
    await cache.get(1, 'points:50', load);
    clock.advance(9_000);
    await cache.get(1, 'points:50', load);
    expect(load).toHaveBeenCalledTimes(1);
    clock.advance(2_000);
    await cache.get(1, 'points:50', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads a window’s ranking again as soon as its earliest ballot leaves the window, before its lifetime', async () => {
    const clock = new TestClock();
    const cache = new RankingCache(new CacheBudget({ maxBytes: 64 * 1024, clock }));
    // The test clock runs on with real time under its offset: the steps leave a wide margin on each side.
    const earliestBallotLeavesAt = clock.now() + 3_000;
    const load = vi.fn(async () => ranking(1, earliestBallotLeavesAt));
    await cache.get(1, 'points:50:week', load);
    clock.advance(2_000);
    await cache.get(1, 'points:50:week', load);
    expect(load).toHaveBeenCalledTimes(1);
    clock.advance(1_000);
    await cache.get(1, 'points:50:week', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
