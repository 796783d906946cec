import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import {
  DESKTOP,
  languageButton,
  PHONE,
  register,
  SCREENSHOT_DIR,
  setupE2E,
  text,
  userMenuButton,
} from './support/index.js';

const app = setupE2E({ SEED: 'demo' });

/** A dotted key the catalog has no text for would show as `section.key.name`. */
const RAW_KEY = /\b[a-z][a-zA-Z]*(\.[a-zA-Z]+){2,}\b/;

/**
 * Keeps the picture for people to look at, and checks what a person would notice first: the page scrolls
 * sideways, or shows a translation key instead of a text.
 */
async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
  const { overflow, text } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a person reads; textContent includes hidden parts
    text: document.body.innerText,
  }));
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(text.match(RAW_KEY)?.[0], `${name} shows a raw key`).toBeUndefined();
}

const DEVICES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe('screenshots', () => {
  for (const lng of ['fr', 'de'] as Language[]) {
    for (const [device, viewport] of DEVICES) {
      it(`captures the shell in ${lng} on ${device}`, async () => {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const tag = `${lng}-${device}`;
        const page = await app.newPage(lng, { viewport, reducedMotion: 'reduce' });
        await shoot(page, `${tag}-home-visitor`);
        await page
          .getByRole('banner')
          .getByRole('button', { name: text(lng, 'nav.register'), exact: true })
          .click();
        await page.getByRole('dialog').locator('button[type="submit"]').click();
        await shoot(page, `${tag}-register-errors`);
        await page.keyboard.press('Escape');
        const user = await register(page);
        await (await userMenuButton(page, user.username)).click();
        await shoot(page, `${tag}-user-menu`);
        await page.keyboard.press('Escape');
        await languageButton(page, lng).click();
        await shoot(page, `${tag}-language-menu`);
        await page.keyboard.press('Escape');
        await page.goto(`/nowhere?lng=${lng}`);
        await page.locator('.not-found').waitFor();
        await shoot(page, `${tag}-404`);
        const visitor = await app.newPage(lng, { viewport, reducedMotion: 'reduce', path: '/profile' });
        await visitor.locator('.login-page').waitFor();
        await shoot(visitor, `${tag}-login-page`);
        await page.context().close();
        await visitor.context().close();
      }, 120_000);
    }
  }

  it('captures the admin panel', async () => {
    const admin = await app.asAdmin('en');
    await admin.goto('/admin?lng=en');
    await admin.getByRole('heading', { level: 1 }).waitFor();
    await shoot(admin, 'en-desktop-admin');
  });
});
