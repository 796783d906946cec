import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_LABELS } from '../common/constants.js';
import {
  expectNoSeriousA11yViolations,
  languageButton,
  register,
  setupE2E,
  text,
  userMenuButton,
} from './support/index.js';

const app = setupE2E();

const activeName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });

const languageTrigger = (page: Page) => languageButton(page, 'en');

describe('dialogs and menus', () => {
  it('the auth dialog closes on Escape, the close button and a backdrop click, returning focus', async () => {
    const page = await app.newPage('en');
    const opener = page
      .getByRole('banner')
      .getByRole('button', { name: text('en', 'nav.login'), exact: true });
    const dialog = page.getByRole('dialog');

    await opener.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await dialog.locator('input[name="email"]').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await expectNoSeriousA11yViolations(page, 'login dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => activeName(page)).toBe(text('en', 'nav.login'));

    await opener.click();
    await dialog.getByRole('button', { name: text('en', 'action.close') }).click();
    await dialog.waitFor({ state: 'detached' });

    await opener.click();
    await page.mouse.click(5, 400);
    await dialog.waitFor({ state: 'detached' });
  });

  it('keeps Tab inside the open dialog', async () => {
    const page = await app.newPage('en');
    await page
      .getByRole('banner')
      .getByRole('button', { name: text('en', 'nav.register'), exact: true })
      .click();
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      await expect
        .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog'))))
        .toBe(true);
    }
  });

  it('the language menu works from the keyboard and closes on Escape and outside click', async () => {
    const page = await app.newPage('en');
    const trigger = languageTrigger(page);
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menu').waitFor();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    // Opens on the current language, the checked item.
    await expect.poll(() => activeName(page)).toBe(LANGUAGE_LABELS.en);
    await expectNoSeriousA11yViolations(page, 'language menu open');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => activeName(page)).toBe(LANGUAGE_LABELS.es);
    await page.keyboard.press('End');
    await expect.poll(() => activeName(page)).toBe(LANGUAGE_LABELS.de);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => activeName(page)).toBe(LANGUAGE_LABELS.fr);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    await trigger.click();
    await page.getByRole('menu').waitFor();
    await page.mouse.click(600, 500);
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => activeName(page)).toBe(LANGUAGE_LABELS.fr);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
  });

  it('the user menu closes on Escape and on an outside click', async () => {
    const page = await app.newPage('en');
    const user = await register(page);
    const trigger = await userMenuButton(page, user.username);
    await trigger.click();
    await page.getByRole('menu').waitFor();
    await expect.poll(() => activeName(page)).toBe(text('en', 'nav.profile'));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await trigger.click();
    await page.getByRole('menu').waitFor();
    await page.mouse.click(600, 500);
    await page.getByRole('menu').waitFor({ state: 'detached' });
  });
});
