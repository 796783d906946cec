import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PopularTopicsData, RankingData } from '../common/api/topics.js';
import type { Language } from '../common/constants.js';
import { animationsSettled, callApi, hydrated, SCREENSHOT_DIR, setupE2E, text } from './support/index.js';

/** The demo content: two years of ballots, more of them recent, and 90 days of rank history back-filled. */
const app = setupE2E({ SEED: 'demo' });
const PHONE_360 = { width: 360, height: 800 } as const;

const rowNames = (page: Page) => page.locator('ol.ranking .ranking__name').allTextContents();
const ranking = (topicId: number, query: string) =>
  callApi<RankingData>(app.url, 'GET', `/search/rankings/topic/${topicId}?${query}`);
const periods = (page: Page, lng: Language) =>
  page.getByRole('group', { name: text(lng, 'topic.window.label') });

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await animationsSettled(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `windows-${name}.png`), fullPage: true });
}

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
      await screenshot(page, `demo-all-${lng}-${viewport.width}`);
      const tab = periods(page, lng).getByRole('link', { name: text(lng, 'topic.window.week') });
      await hydrated(tab);
      await tab.click();
      await page.waitForURL((url) => url.searchParams.get('window') === 'week');
      await expect.poll(() => rowNames(page)).toEqual(week.rankings.map((row) => row.itemName));
      // The history is of the all-time ranking: no sparkline under a period.
      expect(await page.locator('ol.ranking .rank-trend').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await screenshot(page, `demo-week-${lng}-${viewport.width}`);
      await page.context().close();
    }
  });
});
