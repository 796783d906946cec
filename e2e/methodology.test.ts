import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PopularTopicsData } from '../common/api/topics.js';
import type { Language } from '../common/constants.js';
import {
  METHODOLOGY_SECTION_TITLES,
  METHODOLOGY_SECTIONS,
  type MethodologySection,
} from '../common/routes.js';
import {
  callApi,
  DESKTOP,
  expectNoSeriousA11yViolations,
  hydrated,
  PHONE,
  SCREENSHOT_DIR,
  setupE2E,
  text,
} from './support/index.js';

const e2e = setupE2E({ SEED: 'demo' });

const LANGUAGES: Language[] = ['en', 'de'];
const PHONE_360 = { width: 360, height: 800 } as const;

/** Runs `body` on a fresh page and always closes its context, so a failure cannot slow the next test. */
async function onPage(
  language: Language | null,
  options: Parameters<typeof e2e.newPage>[1],
  body: (page: Page) => Promise<void>,
) {
  const page = await e2e.newPage(language, options);
  try {
    await body(page);
  } finally {
    await page.context().close();
  }
}

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `methodology-${name}.png`), fullPage: true });
}

/** Waits for the page's title and every section's heading, in `language`. */
async function expectHeadings(page: Page, language: Language) {
  await page.getByRole('heading', { level: 1, name: text(language, 'methodology.title') }).waitFor();
  for (const id of METHODOLOGY_SECTIONS)
    await page
      .getByRole('heading', { level: 2, name: text(language, METHODOLOGY_SECTION_TITLES[id]) })
      .waitFor();
}

describe.each(LANGUAGES)('the methodology page in %s', (language) => {
  it('shows its title and every section’s heading, hydrates without a warning, and has no serious accessibility violation', async () => {
    await onPage(null, { path: '/404', viewport: DESKTOP }, async (page) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`/methodology?lng=${language}`);
      await page.locator('.site-header__actions-placeholder').waitFor({ state: 'detached' });
      await expectHeadings(page, language);
      expect(await page.title()).toBe(`${text(language, 'methodology.title')} · Podium`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      // Each section is listed at the top, linked to its anchor.
      for (const id of METHODOLOGY_SECTIONS)
        expect(
          await page
            .getByRole('link', { name: text(language, METHODOLOGY_SECTION_TITLES[id]) })
            .getAttribute('href'),
        ).toBe(`#${id}`);
      await expectNoSeriousA11yViolations(page, `methodology page ${language}`);
      expect(problems).toEqual([]);
      if (language === 'en') await screenshot(page, 'en-desktop');
    });
  });

  it('fits a 360 px wide phone', async () => {
    await onPage(language, { path: '/methodology', viewport: PHONE_360 }, async (page) => {
      await expectHeadings(page, language);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      if (language === 'de') await screenshot(page, 'de-360');
    });
  });

  it('shows its text without JavaScript', async () => {
    await onPage(
      language,
      { path: '/methodology', viewport: PHONE, javaScriptEnabled: false },
      async (page) => {
        await expectHeadings(page, language);
        await page.getByText(text(language, 'methodology.points.ballot')).waitFor();
        await page.getByText(text(language, 'methodology.eligible.totals')).waitFor();
      },
    );
  });
});

describe('a link to a section of the methodology page', () => {
  /** How far below the sticky header the section starts (negative: under it). */
  const belowHeader = (page: Page, id: MethodologySection) =>
    page.evaluate((section) => {
      const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      return (document.getElementById(section)?.getBoundingClientRect().top ?? 0) - header;
    }, id);

  it('opens the page at that section, below the sticky header', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await onPage(null, { path: '/methodology?lng=en#too-close', viewport }, async (page) => {
        await expect
          .poll(() => belowHeader(page, 'too-close'))
          .toSatisfy((below: number) => below >= 0 && below < 48);
      });
    }
  });

  it('opens the page at that section from a ranking’s link, without loading a document, before and after its code is loaded', async () => {
    const popular = await callApi<PopularTopicsData>(e2e.url, 'GET', '/topics/popular/en?type=sub&limit=1');
    const topicId = popular.topics[0]?.id;
    await onPage('en', { path: `/topic/${topicId}`, viewport: PHONE }, async (page) => {
      const link = page.getByRole('link', { name: text('en', 'topic.standing.howRanked') }).first();
      await hydrated(link);
      await page.evaluate(() => {
        (window as { sameDocument?: boolean }).sameDocument = true;
      });
      await link.click();
      await page
        .getByRole('heading', { level: 2, name: text('en', METHODOLOGY_SECTION_TITLES['head-to-head']) })
        .waitFor();
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await expect
        .poll(() => belowHeader(page, 'head-to-head'))
        .toSatisfy((below: number) => below >= 0 && below < 48);
      // Once more, the page's code already loaded: it is shown in the same render as the navigation.
      await page.goBack();
      await link.waitFor();
      await link.click();
      await page.waitForURL(/\/methodology/);
      await expect
        .poll(() => belowHeader(page, 'head-to-head'))
        .toSatisfy((below: number) => below >= 0 && below < 48);
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });
  });
});
