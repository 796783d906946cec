import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CacheBudget } from '../cache/budget.js';
import { READ_CACHE_TTL_MS, ReadCache } from './read-cache.js';

/** A budget of 256 KB (about 700 small entries), and a stream of one-off addresses four times that. */
const smallCache = () => new ReadCache(new CacheBudget({ maxBytes: 256 * 1024 }));
const FLOOD = 3000;

describe('ReadCache', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  const counter = () => {
    let calls = 0;
    const load = vi.fn(async () => `value ${++calls}`);
    return load;
  };

  it('answers from memory within its lifetime', async () => {
    const cache = new ReadCache();
    const load = counter();
    expect(await cache.get('k', load)).toBe('value 1');
    vi.advanceTimersByTime(READ_CACHE_TTL_MS - 10);
    expect(await cache.get('k', load)).toBe('value 1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('just after expiry, answers at once with the old value and reloads once behind it', async () => {
    const cache = new ReadCache();
    const load = counter();
    await cache.get('k', load);
    vi.advanceTimersByTime(READ_CACHE_TTL_MS + 10);
    const [first, second] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([first, second]).toEqual(['value 1', 'value 1']);
    expect(load).toHaveBeenCalledTimes(2);
    expect(await cache.get('k', load)).toBe('value 2');
  });

  it('long after expiry, waits for a fresh value instead of serving an old one', async () => {
    const cache = new ReadCache();
    const load = counter();
    await cache.get('k', load);
    vi.advanceTimersByTime(60_000);
    expect(await cache.get('k', load)).toBe('value 2');
  });

  it('serves a page kept for a minute at once for another minute past it, while one reload runs', async () => {
    const cache = new ReadCache();
    const load = counter();
    const page = { ttlMs: 60_000 };
    await cache.get('page', load, page);
    vi.advanceTimersByTime(60_000 + 45_000);
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('page', load, page)));
    expect(answers).toEqual(['value 1', 'value 1', 'value 1']);
    expect(load).toHaveBeenCalledTimes(2);
    expect(await cache.get('page', load, page)).toBe('value 2');
    // Past twice its lifetime, a reader waits for a fresh page.
    vi.advanceTimersByTime(120_000 + 10);
    expect(await cache.get('page', load, page)).toBe('value 3');
  });

  it('never serves past its lifetime a page that a change dropped', async () => {
    const cache = new ReadCache();
    const load = counter();
    const page = { ttlMs: 60_000, tagOf: () => 'topic:1' };
    await cache.get('page', load, page);
    vi.advanceTimersByTime(60_000 + 10);
    cache.forget('topic:1');
    expect(await cache.get('page', load, page)).toBe('value 2');
  });

  it('forgets an entry whose reload fails (a deleted topic must not live on)', async () => {
    const cache = new ReadCache();
    await cache.get('k', async () => 'old');
    vi.advanceTimersByTime(READ_CACHE_TTL_MS + 10);
    const gone = vi.fn(async () => {
      throw new Error('not found');
    });
    expect(await cache.get('k', gone)).toBe('old');
    await Promise.resolve();
    await Promise.resolve();
    await expect(cache.get('k', gone)).rejects.toThrow('not found');
  });

  it('drops every entry filed under a tag at once, and only those', async () => {
    const cache = new ReadCache();
    const load = counter();
    const topic12 = { ttlMs: 60_000, tagOf: () => 'topic-id:12' };
    await cache.get('topic:fr:pizza', load, topic12);
    await cache.get('topic:en:12', load, topic12);
    await cache.get('popular:fr', load, { ttlMs: 60_000 });
    cache.forget('topic-id:12');
    expect(await cache.get('topic:fr:pizza', load)).toBe('value 4');
    expect(await cache.get('topic:en:12', load)).toBe('value 5');
    expect(await cache.get('popular:fr', load)).toBe('value 3');
  });

  it('drops an entry filed under several tags when any one of them is forgotten (a page and its hub)', async () => {
    const cache = new ReadCache();
    const load = counter();
    const page = { ttlMs: 60_000, tagOf: () => ['topic-id:3', 'topic-id:1', 'ui-texts'] };
    await cache.get('page:fr:/topic/3', load, page);
    cache.forget('topic-id:1');
    expect(await cache.get('page:fr:/topic/3', load, page)).toBe('value 2');
    cache.forget('ui-texts');
    expect(await cache.get('page:fr:/topic/3', load, page)).toBe('value 3');
    expect(await cache.get('page:fr:/topic/3', load, page)).toBe('value 3');
  });

  it('does not keep a value whose tag was forgotten while it loaded (a vote during the first read)', async () => {
    const cache = new ReadCache();
    let finish: (value: string) => void = () => undefined;
    const slow = () => new Promise<string>((resolve) => (finish = resolve));
    const options = { ttlMs: 60_000, tagOf: () => 'topic-id:7' };
    const first = cache.get('topic:fr:7', slow, options);
    cache.forget('topic-id:7');
    finish('before the vote');
    expect(await first).toBe('before the vote');
    expect(await cache.get('topic:fr:7', async () => 'after the vote', options)).toBe('after the vote');
  });

  it('never hands a reader who comes after a change a load that began before it', async () => {
    const cache = new ReadCache();
    let release: (value: string) => void = () => {};
    const before = new Promise<string>((resolve) => {
      release = resolve;
    });
    const first = cache.get('topic', () => before, { tagOf: () => 'topic-1' });
    cache.forget('topic-1');
    const after = cache.get('topic', async () => 'after the change', { tagOf: () => 'topic-1' });
    release('before the change');
    expect(await first).toBe('before the change');
    expect(await after).toBe('after the change');
    expect(await cache.get('topic', async () => 'a third load', { tagOf: () => 'topic-1' })).toBe(
      'after the change',
    );
  });

  it('keeps what is read often while a stream of one-off addresses passes through it', async () => {
    const cache = smallCache();
    const popular = counter();
    const page = { ttlMs: 60_000, tagOf: () => 'topic-id:1' };
    await cache.get('popular:fr', popular, page);
    for (let i = 0; i < FLOOD; i++) {
      await cache.get(`page:fr:/search?q=made-up-${i}`, async () => 'a page');
      if (i % 100 === 0) await cache.get('popular:fr', popular, page);
    }
    expect(popular).toHaveBeenCalledTimes(1);
    // The least recently read went: the first one-off address is loaded again.
    const again = counter();
    await cache.get('page:fr:/search?q=made-up-0', again);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('drops an entry pushed out by newer ones from its tags too', async () => {
    const cache = smallCache();
    const tagged = { ttlMs: 60_000, tagOf: () => 'topic-id:9' };
    await cache.get('topic:fr:9', counter(), tagged);
    for (let i = 0; i < FLOOD; i++) await cache.get(`page:${i}`, async () => 'a page');
    // Pushed out, then read again and filed anew: forgetting its tag still drops it.
    const load = counter();
    expect(await cache.get('topic:fr:9', load, tagged)).toBe('value 1');
    cache.forget('topic-id:9');
    expect(await cache.get('topic:fr:9', load, tagged)).toBe('value 2');
  });

  it('keeps a page read once while a stream of not-found answers passes through it', async () => {
    const cache = smallCache();
    const page = counter();
    await cache.get('page:fr:/topic/pizza', page, { ttlMs: 60_000 });
    const notFound = { ttlMs: 60_000, isMiss: () => true };
    for (let i = 0; i < FLOOD; i++)
      await cache.get(`page:fr:/topic/made-up-${i}`, async () => 'not found', notFound);
    expect(await cache.get('page:fr:/topic/pizza', page)).toBe('value 1');
    expect(page).toHaveBeenCalledTimes(1);
    // The not-found answers are kept, but only a few: they push out each other.
    expect(cache.size).toBeLessThan(FLOOD / 10);
  });

  it('charges a value by its size: a few large pages push out what was read least recently', async () => {
    const cache = smallCache();
    const bytes = { ttlMs: 60_000, sizeOf: () => 60 * 1024 };
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key, bytes);
    await cache.get('d', async () => 'd', bytes);
    await cache.get('e', async () => 'e', bytes);
    // 256 KB (less the part kept for not-found answers) hold four of them: `a` went first.
    expect(cache.size).toBe(4);
    const again = counter();
    await cache.get('a', again, bytes);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('reads its time from the clock it is given', async () => {
    let now = 1_000_000;
    const clock = { now: () => now, nowIso: () => new Date(now).toISOString() };
    const cache = new ReadCache(new CacheBudget({ maxBytes: 1024 * 1024, clock }));
    const load = counter();
    await cache.get('k', load);
    now += READ_CACHE_TTL_MS + 60_000;
    expect(await cache.get('k', load)).toBe('value 2');
  });
});
