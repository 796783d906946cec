import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import {
  animationsSettled,
  expectNoSeriousA11yViolations,
  SCREENSHOT_DIR,
  seedTopic,
  setupE2E,
  writeRankHistory,
} from './support/index.js';

const app = setupE2E();
const PHONE_360 = { width: 360, height: 800 } as const;

/** Today: Aroma 9 points, Bella 6, Casa 2, Dolce 1. */
const BALLOTS = [
  ['Aroma', 'Bella', 'Casa'],
  ['Aroma', 'Bella', 'Casa'],
  ['Aroma', 'Bella', 'Dolce'],
];
/** The top of each day's end, by days before today: a month ago Bella led and Aroma was 3rd. */
const HISTORY = {
  70: ['Bella', 'Casa', 'Aroma'],
  30: ['Bella', 'Casa', 'Aroma'],
  12: ['Aroma', 'Bella'],
  3: ['Aroma', 'Bella', 'Casa'],
};
/** What each row says of its history, by language. */
const SENTENCES: Record<'en' | 'de', string[]> = {
  en: [
    '3rd a month ago, 1st today',
    '1st a month ago, 2nd today',
    '2nd a month ago, 3rd today',
    'New in the top 10, 4th today',
  ],
  de: [
    'Platz 3 vor einem Monat, heute Platz 1',
    'Platz 1 vor einem Monat, heute Platz 2',
    'Platz 2 vor einem Monat, heute Platz 3',
    'Neu in den Top 10, heute Platz 4',
  ],
};

const sentences = (page: Page) => page.locator('ol.ranking .rank-trend__text').allTextContents();

describe('the rank history on the topic page', () => {
  for (const lng of ['en', 'de'] as const) {
    it(`shows each row's rank over 90 days as a sparkline with its sentence, at 360 px in ${lng}`, async () => {
      const topicId = await seedTopic(app.url, `Bakeries ${lng}`, BALLOTS);
      writeRankHistory(app.databaseFile, topicId, HISTORY);

      // Rendered on the server: the sentences are in the page before any script runs.
      const plain = await app.newPage(lng as Language, {
        path: `/topic/${topicId}`,
        viewport: PHONE_360,
        javaScriptEnabled: false,
      });
      expect(await sentences(plain)).toEqual(SENTENCES[lng]);
      await plain.context().close();

      const page = await app.newPage(lng as Language, {
        path: `/topic/${topicId}`,
        viewport: PHONE_360,
        reducedMotion: 'reduce',
      });
      await expect.poll(() => sentences(page)).toEqual(SENTENCES[lng]);
      // Three rows have a line (with a gap where Casa was out of the top 10); the newcomer has words only.
      expect(await page.locator('ol.ranking svg.rank-trend__line').count()).toBe(3);
      expect(await page.locator('ol.ranking svg.rank-trend__line').first().getAttribute('aria-hidden')).toBe(
        'true',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoSeriousA11yViolations(page, `rank history ${lng}`);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await animationsSettled(page);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `rank-history-${lng}-360.png`), fullPage: true });
      await page.context().close();
    });
  }
});
