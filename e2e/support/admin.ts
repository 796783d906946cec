import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Language } from '../../common/constants.js';
import { SCREENSHOT_DIR } from './paths.js';
import { text } from './texts.js';

/** Opens a back-office screen in `lng` and waits until its first list has loaded. */
export async function openAdminScreen(page: Page, path: string, lng: Language): Promise<void> {
  await page.goto(`${path}?lng=${lng}`);
  await page.locator('.admin-screen').waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: text(lng, 'status.loading') })
    .waitFor({ state: 'detached' });
}

/** A picture of the whole page, once the network is quiet, into e2e/screenshots/`name`.png. */
export async function shootFullPage(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
