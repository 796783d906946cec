import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RankingData } from '../common/api/topics.js';
import type { Language } from '../common/constants.js';
import { tooCloseToCall } from '../common/rankings/too-close-to-call.js';
import {
  animationsSettled,
  callApi,
  expectNoSeriousA11yViolations,
  hydrated,
  SCREENSHOT_DIR,
  seedTopic,
  setupE2E,
  text,
} from './support/index.js';

const app = setupE2E();
const PHONE_360 = { width: 360, height: 800 } as const;

/**
 * Two people put Aroma first and Casa second; then three put Bella (new) first and Aroma second. On
 * points Aroma leads (12, Bella 9, Casa 2), but every ballot that could name Bella put her above Aroma
 * and Casa: the head-to-head winner is not the points leader, and so few ballots cannot tell the first
 * two apart. (The first two ballots were cast before Bella existed: they count in no duel of hers.)
 */
const SPLIT_BALLOTS = [
  ['Aroma', 'Casa'],
  ['Aroma', 'Casa'],
  ['Bella', 'Aroma'],
  ['Bella', 'Aroma'],
  ['Bella', 'Aroma'],
];

const rowNames = (page: Page) => page.locator('ol.ranking .ranking__name').allTextContents();
const decimal = (language: Language, value: number) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
const ranking = (topicId: number, order = 'points') =>
  callApi<RankingData>(app.url, 'GET', `/search/rankings/topic/${topicId}?order=${order}`);

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await animationsSettled(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `standing-${name}.png`), fullPage: true });
}

describe('how far a ranking can be trusted, on the topic page', () => {
  for (const lng of ['en', 'de'] as Language[]) {
    it(`shows each row's likely average, a close call, who wins head to head and every duel, at 360 px in ${lng}`, async () => {
      const topicId = await seedTopic(app.url, `Coffee ${lng}`, SPLIT_BALLOTS);
      const { rankings: rows } = await ranking(topicId);
      const page = await app.newPage(lng, {
        path: `/topic/${topicId}`,
        viewport: PHONE_360,
        reducedMotion: 'reduce',
      });
      await expect.poll(() => rowNames(page)).toEqual(['Aroma', 'Bella', 'Casa']);

      // Each bar says in words what it draws: the average and its likely range, as the API gives them.
      const spoken = await page.locator('ol.ranking .standing .visually-hidden').allTextContents();
      expect(spoken).toHaveLength(3);
      for (const [index, row] of rows.entries()) {
        if (!row.interval || row.weightedAverage === null) throw new Error('the ranking has no figures');
        for (const figure of [row.weightedAverage, row.interval.low, row.interval.high])
          expect(spoken[index]).toContain(decimal(lng, figure));
      }
      // Five ballots cannot tell Aroma and Bella apart, and the page says so on Bella's row.
      const [aroma, bella] = rows;
      if (!aroma?.interval || !bella?.interval) throw new Error('the ranking has no intervals');
      expect(tooCloseToCall(aroma.interval, bella.interval)).toBe(true);
      const close = page.locator('ol.ranking .ranking__row').nth(1).locator('.ranking__close [aria-hidden]');
      expect(await close.textContent()).toBe(text(lng, 'topic.standing.tooClose', { name: 'Aroma' }));
      expect(await page.locator('ol.ranking .ranking__row').first().locator('.ranking__close').count()).toBe(
        0,
      );

      // The leader on points is not the head-to-head winner.
      expect(await page.locator('.head-to-head__verdict').textContent()).toContain(
        text(lng, 'topic.standing.disagree', { winner: 'Bella' }),
      );
      const summary = page.locator('.head-to-head__summary');
      await hydrated(summary);
      await summary.click();
      const duels = () => page.locator('.duel').evaluateAll((items) => items.map((item) => item.textContent));
      const duel = (against: string, outcome: string, wins: string, losses: string) =>
        text(lng, 'topic.duels.against', { name: against }) +
        text(lng, `topic.duels.${outcome}`, { wins, losses });
      await expect.poll(duels).toEqual([duel('Bella', 'loss', '0', '3'), duel('Casa', 'win', '5', '0')]);
      await page.getByLabel(text(lng, 'topic.duels.choose')).selectOption({ label: 'Bella' });
      await expect.poll(duels).toEqual([duel('Aroma', 'win', '3', '0'), duel('Casa', 'win', '3', '0')]);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoSeriousA11yViolations(page, `topic standing ${lng}`);
      await screenshot(page, `${lng}-360`);
      await page.context().close();
    });
  }

  it('keeps the order by average in the address, through a reload and without script, and back to points', async () => {
    // Dolce is proposed by the last two ballots: six points from the only two ballots that could name
    // it put it above Bella by average, below her on points.
    const topicId = await seedTopic(app.url, 'Ice cream', [
      ...Array.from({ length: 6 }, () => ['Aroma', 'Bella']),
      ['Dolce', 'Aroma'],
      ['Dolce', 'Aroma'],
    ]);
    const byPoints = (await ranking(topicId)).rankings.map((row) => row.itemName);
    const byAverage = (await ranking(topicId, 'average')).rankings.map((row) => row.itemName);
    expect(byPoints).toEqual(['Aroma', 'Bella', 'Dolce']);
    expect(byAverage).toEqual(['Aroma', 'Dolce', 'Bella']);

    const page = await app.newPage('en', { path: `/topic/${topicId}`, reducedMotion: 'reduce' });
    const option = (name: string) =>
      page.getByRole('group', { name: text('en', 'topic.order.label') }).getByRole('link', { name });
    const average = option(text('en', 'topic.order.average'));
    await hydrated(average);
    await average.click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'average');
    await expect.poll(() => rowNames(page)).toEqual(byAverage);
    expect(await average.getAttribute('aria-current')).toBe('true');
    await screenshot(page, 'en-average');

    await app.reload(page);
    await expect.poll(() => rowNames(page)).toEqual(byAverage);

    const noScript = await app.newPage('en', {
      path: `/topic/${topicId}?order=average`,
      javaScriptEnabled: false,
    });
    expect(await rowNames(noScript)).toEqual(byAverage);
    await noScript.context().close();

    const points = option(text('en', 'topic.order.points'));
    await points.click();
    await page.waitForURL((url) => !url.searchParams.has('order'));
    await expect.poll(() => rowNames(page)).toEqual(byPoints);
    await page.context().close();
  });
});
