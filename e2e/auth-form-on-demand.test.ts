import { describe, expect, it } from 'vitest';
import { setupE2E, text } from './support/index.js';

const app = setupE2E();

describe('the sign-in form, loaded on demand', () => {
  it('opens the dialog at once and puts the focus in the e-mail field when the form arrives late', async () => {
    const page = await app.newPage(null, { path: '/404' });
    // Hold the form's code on a slow network, as it would be for a click right after the page showed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/AuthForm-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/?lng=en');
    await page.locator('.site-header__actions-placeholder').waitFor({ state: 'detached' });

    await page
      .getByRole('banner')
      .getByRole('button', { name: text('en', 'nav.login'), exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: text('en', 'auth.login.title') });
    await dialog.waitFor();
    await dialog.getByRole('status').waitFor();

    release();
    const email = dialog.getByLabel(text('en', 'auth.field.email'));
    await email.waitFor();
    await expect.poll(() => email.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
