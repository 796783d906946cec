import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Language } from '../../common/constants.js';
import { animationsSettled } from './a11y.js';
import { SCREENSHOT_DIR } from './paths.js';
import { text } from './texts.js';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The ranking row of the proposition named `name`, by its name alone: a row also says "too close to call
 * with <its neighbour>" and its figures, so a row containing the text or a number is not enough.
 */
export function rankingRow(page: Page, name: string) {
  return page
    .locator('.ranking__row')
    .filter({ has: page.locator('.ranking__name', { hasText: new RegExp(`^${escaped(name)}$`) }) });
}

/** The points the row of `name` shows, once they read `points` (the number, in any language). */
export function rankingPoints(page: Page, name: string, points: number) {
  return rankingRow(page, name).locator('.ranking__points', {
    hasText: new RegExp(`(^|\\D)${points}(\\D|$)`),
  });
}

/** The names of a topic page's ranking rows, in order. */
export const rankingNames = (page: Page) => page.locator('ol.ranking .ranking__name').allTextContents();

/** A topic page's choice of period (issue 37), by its label in `lng`. */
export const rankingPeriods = (page: Page, lng: Language) =>
  page.getByRole('group', { name: text(lng, 'topic.window.label') });

/** A full-page screenshot once animations have settled, named `windows-<name>.png`. */
export async function shootPeriods(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await animationsSettled(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `windows-${name}.png`), fullPage: true });
}
