import { describe, expect, it } from 'vitest';
import type { PopularTopicsData, RankingData } from '../common/api/topics.js';
import {
  callApi,
  hydrated,
  rankingNames,
  rankingPeriods,
  setupE2E,
  shootPeriods,
  text,
} from './support/index.js';

/** The demo content: two years of ballots, more of them recent, and 90 days of rank history back-filled. */
const app = setupE2E({ SEED: 'demo' });
const PHONE_360 = { width: 360, height: 800 } as const;

const ranking = (topicId: number, query: string) =>
  callApi<RankingData>(app.url, 'GET', `/search/rankings/topic/${topicId}?${query}`);

describe('periods and rank history on the demo content', () => {
  it('tells a demo topic’s week from its whole history, and shows the sparklines only for all time (screenshots)', async () => {
    // The demo's ballots are spread over two years, more of them recent: the busiest topic's week is a part.
    const [busiest] = (
      await callApi<PopularTopicsData>(app.url, 'GET', '/topics/popular/en?type=sub&limit=1')
    ).topics;
    if (!busiest) throw new Error('the demo has no topic');
    const [all, week] = await Promise.all([
      ranking(busiest.id, 'window=all'),
      ranking(busiest.id, 'window=week'),
    ]);
    expect(week.voteCount).toBeLessThan(all.voteCount);
    for (const [lng, viewport] of [
      ['en', { width: 1280, height: 900 }],
      ['fr', PHONE_360],
    ] as const) {
      const page = await app.newPage(lng, {
        path: `/topic/${busiest.id}`,
        viewport,
        reducedMotion: 'reduce',
      });
      await expect.poll(() => page.locator('ol.ranking .rank-trend').count()).toBeGreaterThan(0);
      await shootPeriods(page, `demo-all-${lng}-${viewport.width}`);
      const tab = rankingPeriods(page, lng).getByRole('link', { name: text(lng, 'topic.window.week') });
      await hydrated(tab);
      await tab.click();
      await page.waitForURL((url) => url.searchParams.get('window') === 'week');
      await expect.poll(() => rankingNames(page)).toEqual(week.rankings.map((row) => row.itemName));
      // The history is of the all-time ranking: no sparkline under a period.
      expect(await page.locator('ol.ranking .rank-trend').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await shootPeriods(page, `demo-week-${lng}-${viewport.width}`);
      await page.context().close();
    }
  });
});
