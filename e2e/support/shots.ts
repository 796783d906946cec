import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP } from './harness.js';
import { SCREENSHOT_DIR } from './paths.js';

/** The narrowest phone the site is made for. */
export const NARROW = { width: 360, height: 740 } as const;

/** A dotted key the catalog has no text for would show as `section.key.name`. */
const RAW_KEY = /\b[a-z][a-zA-Z]*(\.[a-zA-Z]+){2,}\b/;

/** Keeps the picture for people to look at, and fails on what they would notice first: sideways scrolling, a raw key. */
export async function shootChecked(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForLoadState('networkidle');
  // Scrolled, the sticky header would be drawn in the middle of a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  const { overflow, shown } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a person reads; textContent includes hidden parts
    shown: document.body.innerText,
  }));
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(shown.match(RAW_KEY)?.[0], `${name} shows a raw key`).toBeUndefined();
}

/** A delivered message's HTML as a mail client draws it, on a phone (`-360`) and, when asked, a desktop. */
export async function shootMail(
  browser: Browser,
  mail: ParsedMail,
  name: string,
  sizes: readonly ('360' | 'desktop')[] = ['360', 'desktop'],
): Promise<void> {
  expect(mail.html, `${name} has an HTML part`).toBeTruthy();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const size of sizes) {
    const context = await browser.newContext({
      viewport: size === '360' ? NARROW : DESKTOP,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.setContent(mail.html || '', { waitUntil: 'load' });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size}.png`), fullPage: true });
    await context.close();
  }
}
