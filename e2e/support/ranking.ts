import type { Page } from 'playwright-core';

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
