import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import {
  animationsSettled,
  expectNoSeriousA11yViolations,
  SCREENSHOT_DIR,
  seedVotedTopic,
  setupE2E,
  text,
  voteAsNewUser,
} from './support/index.js';

const app = setupE2E();
const PHONE_360 = { width: 360, height: 800 } as const;

/** The rank each row of the ranking shows, as a person reads it. */
const shownRanks = (page: Page) => page.locator('ol.ranking .ranking__number').allTextContents();
/** What a screen reader says of each row's rank. */
const spokenRanks = (page: Page) =>
  page.locator('ol.ranking .ranking__rank > .visually-hidden').allTextContents();

describe('tied ranks on the topic page', () => {
  for (const lng of ['en', 'fr', 'de'] as Language[]) {
    it(`show "2" twice, then "4", when two propositions tie on points and voters, live, in ${lng}`, async () => {
      // Pizzeria Da Marco 6 points from 2 voters, Chez Nino 3 from 2, Luigi 2 from 1.
      const topicId = await seedVotedTopic(app.url, `Best pizza ${lng}`);
      const page = await app.newPage(lng, {
        path: `/topic/${topicId}`,
        viewport: PHONE_360,
        reducedMotion: 'reduce',
      });
      const rank = (n: number) => text(lng, 'topic.ranking.rank', { rank: String(n) });
      await expect.poll(() => shownRanks(page)).toEqual([rank(1), rank(2), rank(3)]);

      // Luigi reaches 3 points from 2 voters, level with Chez Nino; Trattoria has 3 points from 1 voter.
      await voteAsNewUser(app.url, topicId, ['Trattoria', 'Sushi Bar', 'Luigi']);
      await expect.poll(() => shownRanks(page)).toEqual([rank(1), rank(2), rank(2), rank(4), rank(5)]);
      expect(await page.locator('ol.ranking .ranking__name').allTextContents()).toEqual([
        'Pizzeria Da Marco',
        'Chez Nino',
        'Luigi',
        'Trattoria',
        'Sushi Bar',
      ]);
      const tiedLabel = text(lng, 'topic.ranking.rankTiedLabel', { rank: '2' });
      expect(await spokenRanks(page)).toEqual([
        text(lng, 'topic.ranking.rankLabel', { rank: '1' }),
        tiedLabel,
        tiedLabel,
        text(lng, 'topic.ranking.rankLabel', { rank: '4' }),
        text(lng, 'topic.ranking.rankLabel', { rank: '5' }),
      ]);
      // Both share the silver medal; no bronze follows a shared second place.
      expect(
        await page
          .locator('ol.ranking .medal-icon')
          .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('aria-label'))),
      ).toEqual([
        text(lng, 'topic.ranking.medal1'),
        text(lng, 'topic.ranking.medal2'),
        text(lng, 'topic.ranking.medal2'),
      ]);
      expect(await page.locator('ol.ranking .ranking__tied').count()).toBe(2);
      // The page served afresh (rendered on the server, then hydrated) ranks alike.
      await page.reload();
      await expect.poll(() => shownRanks(page)).toEqual([rank(1), rank(2), rank(2), rank(4), rank(5)]);

      await expectNoSeriousA11yViolations(page, `tied ranks ${lng}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      await animationsSettled(page);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `${lng}-phone360-topic-tied-ranks.png`),
        fullPage: true,
      });
      await page.context().close();
    });
  }
});
