import { describe, expect, it } from 'vitest';
import type { RankingData } from '../common/api/topics.js';
import type { Language } from '../common/constants.js';
import {
  callApi,
  expectNoSeriousA11yViolations,
  hydrated,
  rankingNames,
  rankingPeriods,
  seedTopic,
  setupE2E,
  shootPeriods,
  text,
  voteAsNewUser,
} from './support/index.js';

const app = setupE2E();
const PHONE_360 = { width: 360, height: 800 } as const;

const ranking = (topicId: number, query: string) =>
  callApi<RankingData>(app.url, 'GET', `/search/rankings/topic/${topicId}?${query}`);

describe('a ranking read over a period, on the topic page', () => {
  it('keeps the period in the address beside the order, through a reload and without script, and back to all time', async () => {
    const topicId = await seedTopic(app.url, 'Bakeries', [
      ['Aroma', 'Bella'],
      ['Aroma', 'Casa'],
      ['Bella', 'Aroma'],
    ]);
    const week = await ranking(topicId, 'window=week');
    expect(week.rankings.map((row) => row.itemName)).toEqual(['Aroma', 'Bella', 'Casa']);

    const page = await app.newPage('en', {
      path: `/topic/${topicId}?order=average`,
      reducedMotion: 'reduce',
    });
    const tab = (window: string) =>
      rankingPeriods(page, 'en').getByRole('link', { name: text('en', `topic.window.${window}`) });
    await hydrated(tab('week'));
    expect(await tab('all').getAttribute('aria-current')).toBe('true');
    await tab('week').click();
    await page.waitForURL((url) => url.searchParams.get('window') === 'week');
    // The order chosen before stays: the period is one more choice in the address.
    expect(new URL(page.url()).searchParams.get('order')).toBe('average');
    expect(await tab('week').getAttribute('aria-current')).toBe('true');
    const note = page.locator('.topic-ranking__note').first();
    await expect.poll(() => note.textContent()).toContain('Counts 3 ballots cast in the last 7 days, since ');
    expect(await note.textContent()).toContain(text('en', 'topic.window.allTimeDuels'));

    // Another voter's ballot reaches the open period's ranking without a reload.
    await voteAsNewUser(app.url, topicId, ['Dolce', 'Casa']);
    await expect.poll(() => rankingNames(page)).toContain('Dolce');
    await expect.poll(() => note.textContent()).toContain('Counts 4 ballots');

    await app.reload(page);
    expect(await tab('week').getAttribute('aria-current')).toBe('true');
    await expect.poll(() => rankingNames(page)).toContain('Dolce');

    // Rendered on the server: the period's ranking and its note are in the page without script.
    const noScript = await app.newPage('en', {
      path: `/topic/${topicId}?window=week`,
      javaScriptEnabled: false,
    });
    expect(await rankingPeriods(noScript, 'en').locator('[aria-current="true"]').textContent()).toBe(
      text('en', 'topic.window.week'),
    );
    expect(await rankingNames(noScript)).toEqual(
      (await ranking(topicId, 'window=week')).rankings.map((row) => row.itemName),
    );
    expect(await noScript.locator('.topic-ranking__note').first().textContent()).toContain(
      'Counts 4 ballots',
    );
    await noScript.context().close();

    await tab('all').click();
    await page.waitForURL((url) => !url.searchParams.has('window'));
    await expect
      .poll(() => page.locator('.topic-ranking__note').filter({ hasText: 'Counts' }).count())
      .toBe(0);
    await page.context().close();
  });

  for (const lng of ['fr', 'de'] as Language[]) {
    it(`offers the periods on a 360 px phone in ${lng}, from the keyboard, without a serious accessibility issue`, async () => {
      const topicId = await seedTopic(app.url, `Bakeries ${lng}`, [
        ['Aroma', 'Bella', 'Casa'],
        ['Bella', 'Aroma'],
      ]);
      const page = await app.newPage(lng, {
        path: `/topic/${topicId}`,
        viewport: PHONE_360,
        reducedMotion: 'reduce',
      });
      const month = rankingPeriods(page, lng).getByRole('link', { name: text(lng, 'topic.window.month') });
      await hydrated(month);
      await month.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('window') === 'month');
      await expect.poll(() => rankingNames(page)).toEqual(['Aroma', 'Bella', 'Casa']);
      // Focus stays on the chosen period, ready for the next choice.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        text(lng, 'topic.window.month'),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoSeriousA11yViolations(page, `topic periods ${lng}`);
      await shootPeriods(page, `${lng}-360`);
      await page.context().close();
    });
  }
});
