import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../common/constants.js';
import { setupE2E } from './support/index.js';

/**
 * Every page fits a 360 px phone in every language (German words are long, French adds spaces before
 * punctuation): nothing makes the page scroll sideways. A table may scroll inside its own frame.
 */
const app = setupE2E({ SEED: 'demo' });
const PHONE_360 = { width: 360, height: 800 } as const;

let subTopicId = 0;
let mainTopicId = 0;
beforeAll(async () => {
  const first = async (type: 'main' | 'sub') => {
    const response = await fetch(`${app.url}/api/topics/popular/fr?type=${type}&limit=1`);
    const body = (await response.json()) as { data: { topics: { id: number }[] } };
    const topic = body.data.topics[0];
    if (!topic) throw new Error(`the demo catalogue has no ${type} topic`);
    return topic.id;
  };
  [subTopicId, mainTopicId] = await Promise.all([first('sub'), first('main')]);
});

/** Loads `path` and answers how far the page reaches past the viewport (0 when it fits). */
async function overflowAt(page: Page, path: string, ready: string, act?: (page: Page) => Promise<void>) {
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await act?.(page);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function expectAllFit(
  page: Page,
  pages: readonly (readonly [string, string, ((page: Page) => Promise<void>)?])[],
) {
  const offenders: string[] = [];
  for (const [path, ready, act] of pages) {
    const overflow = await overflowAt(page, path, ready, act);
    if (overflow > 0) offenders.push(`${path}: ${overflow}px too wide`);
  }
  expect(offenders).toEqual([]);
}

const openVoteForm = async (page: Page) => {
  await page.locator('.vote-panel .button--primary').first().click();
  await page.locator('.vote-form').waitFor();
};

describe('pages at 360 px', () => {
  for (const lng of LANGUAGES as readonly Language[]) {
    it(`fit the width for a visitor in ${lng}`, async () => {
      const page = await app.newPage(lng, { viewport: PHONE_360 });
      await expectAllFit(page, [
        [`/?lng=${lng}`, 'main h1'],
        [`/search?q=pizza&lng=${lng}`, 'main h1'],
        [`/search?lng=${lng}`, 'main h1'],
        [`/topic/${subTopicId}?lng=${lng}`, '.ranking'],
        [`/topic/${mainTopicId}?lng=${lng}`, 'main h1'],
        [`/login?lng=${lng}`, 'main h1'],
        [`/methodology?lng=${lng}`, 'main h1'],
        [`/no/such/page?lng=${lng}`, '.not-found'],
      ]);
      await page.context().close();
    }, 120_000);

    it(`fit the width for a signed-in administrator in ${lng}, vote form open`, async () => {
      const page = await app.asAdmin(lng);
      await page.setViewportSize(PHONE_360);
      await expectAllFit(page, [
        [`/topic/${subTopicId}?lng=${lng}`, '.vote-panel .button--primary', openVoteForm],
        [`/vote/${subTopicId}?lng=${lng}`, '.vote-form'],
        [`/profile?lng=${lng}`, 'main h1'],
        [`/admin?lng=${lng}`, 'main h1'],
        [`/admin/categories?lng=${lng}`, 'main h1'],
        [`/admin/tags?lng=${lng}`, 'main h1'],
        [`/admin/topics?lng=${lng}`, 'main h1'],
        [`/admin/topics/edit/${subTopicId}?lng=${lng}`, '.ranking'],
        [`/admin/users?lng=${lng}`, 'main h1'],
        [`/admin/translations?lng=${lng}`, 'main h1'],
        [`/admin/audit?lng=${lng}`, 'main h1'],
        [`/admin/settings?lng=${lng}`, '.settings-form'],
        [`/admin/integrity?lng=${lng}`, '.admin-table'],
        [`/admin/integrity/topics/${subTopicId}?lng=${lng}`, '.ballots-timeline__canvas canvas'],
        [`/admin/exports?lng=${lng}`, 'main h1'],
        [`/admin/users/1/ballots?lng=${lng}`, '.integrity-screen'],
      ]);
      await page.context().close();
    }, 180_000);
  }
});
