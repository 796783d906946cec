import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import {
  callApi,
  DESKTOP,
  expectNoSeriousA11yViolations,
  linkIn,
  login,
  logout,
  newCredentials,
  register,
  setupE2E,
  setupMailbox,
  text,
  userMenuButton,
} from './support/index.js';
import { NARROW, shootChecked, shootMail } from './support/shots.js';

const mailbox = setupMailbox();
// Every browser of the suite comes from 127.0.0.1: the per-client limit on links would count them as one.
const app = setupE2E(() => ({ SMTP_URL: mailbox.url, RESET_REQUESTS_PER_HOUR: '1000' }));

/** The page at phone width, then at desktop width, each in a picture of its own. */
async function shootBothWidths(page: Page, name: string) {
  await page.setViewportSize(NARROW);
  await shootChecked(page, `${name}-360`);
  await page.setViewportSize(DESKTOP);
  await shootChecked(page, `${name}-desktop`);
}

/** Opens `path` in `lng`: the browser's own language is English, and `?lng=` is not kept from page to page. */
const open = (page: Page, path: string, lng: Language) =>
  page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);

const heading = (page: Page, lng: Language, key: string) =>
  page.getByRole('heading', { level: 1, name: text(lng, key) });

/** Asks for a reset link on /reset-password (already open) and answers the message it sends. */
async function askForResetLink(page: Page, lng: Language, email: string): Promise<ParsedMail> {
  const before = mailbox.count();
  await page.getByLabel(text(lng, 'auth.field.email')).fill(email);
  await page.getByRole('button', { name: text(lng, 'account.reset.request.submit') }).click();
  await page
    .getByRole('status')
    .filter({ hasText: text(lng, 'account.reset.request.sent') })
    .waitFor();
  return mailbox.nextTo(email, { after: before });
}

/** Chooses `password` on the page of a reset link (already open) and waits for the profile, signed in. */
async function chooseNewPassword(page: Page, lng: Language, password: string) {
  await page.getByLabel(text(lng, 'account.reset.new.password'), { exact: true }).fill(password);
  await page.getByLabel(text(lng, 'account.reset.new.confirm'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(lng, 'account.reset.new.submit') }).click();
}

describe('a forgotten password', () => {
  it('is reset through the link mailed from the sign-in dialog: signed in with the new one, the old one refused, the link good once', async () => {
    const user = newCredentials();
    const before = mailbox.count();
    await callApi(app.url, 'POST', '/auth/register', { ...user, language: 'en' });
    const welcome = await mailbox.nextTo(user.email, { after: before });
    const page = await app.newPage('en');

    // The address typed in the dialog comes along to the reset page.
    await page
      .getByRole('banner')
      .getByRole('button', { name: text('en', 'nav.login'), exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text('en', 'auth.field.email')).fill(user.email);
    await shootBothWidths(page, 'login-dialog-en');
    // By keyboard: from the password, past its show/hide button, to the link, which shows its focus.
    await dialog.locator('input[name="password"]').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const forgot = dialog.getByRole('link', { name: text('en', 'account.forgotPassword') });
    expect(await forgot.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await forgot.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await heading(page, 'en', 'account.reset.request.title').waitFor();
    expect(await dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    expect(await page.getByLabel(text('en', 'auth.field.email')).inputValue()).toBe(user.email);
    await expectNoSeriousA11yViolations(page, 'reset request en');
    await shootBothWidths(page, 'reset-request-en');

    const beforeReset = mailbox.count();
    await page.getByRole('button', { name: text('en', 'account.reset.request.submit') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: text('en', 'account.reset.request.sent') })
      .waitFor();
    await shootChecked(page, 'reset-request-en-sent-desktop');
    const resetMail = await mailbox.nextTo(user.email, { after: beforeReset });
    const resetLink = linkIn(resetMail, '/reset-password');

    await page.goto(resetLink);
    await heading(page, 'en', 'account.reset.new.title').waitFor();
    await expectNoSeriousA11yViolations(page, 'new password en');
    await shootBothWidths(page, 'reset-new-password-en');
    // The rules of registration, before anything is sent.
    await chooseNewPassword(page, 'en', '12345');
    await page
      .getByText(text('en', 'form.passwordTooShort', { min: '6' }))
      .first()
      .waitFor();
    await shootChecked(page, 'reset-new-password-en-errors-desktop');

    await chooseNewPassword(page, 'en', 'brand-new-pass');
    await page.getByRole('heading', { level: 1, name: text('en', 'page.profile.title') }).waitFor();
    await page.getByText(text('en', 'account.reset.done')).waitFor();
    await (await userMenuButton(page, user.username)).waitFor();
    await expectNoSeriousA11yViolations(page, 'profile after reset');

    await logout(page, user.username);
    await page
      .getByRole('banner')
      .getByRole('button', { name: text('en', 'nav.login'), exact: true })
      .click();
    await dialog.locator('input[name="email"]').fill(user.email);
    await dialog.locator('input[name="password"]').fill(user.password);
    await dialog.locator('button[type="submit"]').click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(text('en', 'error.INVALID_CREDENTIALS'));
    await page.keyboard.press('Escape');
    await login(page, { ...user, password: 'brand-new-pass' });

    // A link serves once: opened again, it says so and leads to a new one.
    await logout(page, user.username);
    await page.goto(resetLink);
    await chooseNewPassword(page, 'en', 'another-pass-2');
    await page
      .getByRole('alert')
      .filter({ hasText: text('en', 'error.INVALID_LINK') })
      .waitFor();
    const askAgain = page.getByRole('link', { name: text('en', 'account.askAgain') });
    await expect.poll(() => askAgain.evaluate((link) => link === document.activeElement)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'used reset link');
    await shootChecked(page, 'reset-link-used-en-desktop');
    await askAgain.click();
    // The same page with another card: the keyboard goes to its title.
    const requestTitle = heading(page, 'en', 'account.reset.request.title');
    await expect.poll(() => requestTitle.evaluate((title) => title === document.activeElement)).toBe(true);
    await page.getByLabel(text('en', 'auth.field.email')).waitFor();

    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    await shootMail(browser, resetMail, 'mail-reset-en');
    await shootMail(browser, welcome, 'mail-verify-en');
    await page.context().close();
  });
});

describe('a new address', () => {
  it('is confirmed by the link of the message sent at registration, and the profile shows it (French)', async () => {
    const page = await app.newPage('fr');
    const before = mailbox.count();
    const user = await register(page);
    const welcome = await mailbox.nextTo(user.email, { after: before });
    expect(welcome.subject).toBe(text('fr', 'mail.verify.subject'));

    await open(page, '/profile', 'fr');
    const email = page.getByLabel(text('fr', 'profile.field.email'));
    await email.waitFor();
    // The badge is said with the field.
    const described = async () =>
      email.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    await expect.poll(described).toContain(text('fr', 'account.email.unverified'));
    await expectNoSeriousA11yViolations(page, 'profile unconfirmed fr');

    // Asked again, a new link goes out; asked too often, the server's refusal is said in French.
    const beforeResend = mailbox.count();
    await page.getByRole('button', { name: text('fr', 'account.email.resend') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: text('fr', 'account.email.resent', { email: user.email }) })
      .waitFor();
    await mailbox.nextTo(user.email, { after: beforeResend });
    await shootBothWidths(page, 'profile-unconfirmed-fr');
    await page.route('**/api/auth/verify-email/resend', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: { code: 'RATE_LIMITED', message: 'Too many requests' },
        }),
      }),
    );
    await page.getByRole('button', { name: text('fr', 'account.email.resend') }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: text('fr', 'error.RATE_LIMITED') })
      .waitFor();
    await page.unroute('**/api/auth/verify-email/resend');

    // The first link still works (each message's link is its own).
    await open(page, linkIn(welcome, '/verify-email'), 'fr');
    await page.getByText(text('fr', 'account.verify.done')).waitFor();
    await expectNoSeriousA11yViolations(page, 'address confirmed fr');
    await shootBothWidths(page, 'verify-email-done-fr');
    await page.getByRole('link', { name: text('fr', 'account.verify.toProfile') }).click();
    await expect.poll(described).toContain(text('fr', 'account.email.verified'));
    expect(await page.getByRole('button', { name: text('fr', 'account.email.resend') }).count()).toBe(0);
    await shootBothWidths(page, 'profile-confirmed-fr');

    // Followed again by its confirmed owner, the spent link says nothing is wrong.
    await open(page, linkIn(welcome, '/verify-email'), 'fr');
    await page
      .getByRole('status')
      .filter({ hasText: text('fr', 'account.verify.already') })
      .waitFor();
    await shootChecked(page, 'verify-email-again-fr-desktop');

    // The French pages of a reset, and the French reset message.
    await logout(page, user.username);
    await open(page, '/reset-password', 'fr');
    await heading(page, 'fr', 'account.reset.request.title').waitFor();
    await shootBothWidths(page, 'reset-request-fr');
    const resetMail = await askForResetLink(page, 'fr', user.email);
    expect(resetMail.subject).toBe(text('fr', 'mail.reset.subject'));
    await shootChecked(page, 'reset-request-fr-sent-desktop');
    await open(page, linkIn(resetMail, '/reset-password'), 'fr');
    await heading(page, 'fr', 'account.reset.new.title').waitFor();
    await expectNoSeriousA11yViolations(page, 'new password fr');
    await shootBothWidths(page, 'reset-new-password-fr');

    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    await shootMail(browser, resetMail, 'mail-reset-fr');
    await shootMail(browser, welcome, 'mail-verify-fr');
    await page.context().close();
  });

  it('says a refused link is not valid after one request, and an address without a token after none', async () => {
    const page = await app.newPage('en');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/verify-email')) asked.push(request.url());
    });
    await page.goto(`/verify-email?token=${'x'.repeat(43)}`);
    await page
      .getByRole('alert')
      .filter({ hasText: text('en', 'error.INVALID_LINK') })
      .waitFor();
    expect(asked).toHaveLength(1);
    await expectNoSeriousA11yViolations(page, 'refused verification link');
    await shootChecked(page, 'verify-email-refused-en-desktop');
    // A new link is asked for from the profile, behind the sign-in.
    await page.getByRole('link', { name: text('en', 'account.askAgain') }).click();
    await page.locator('.login-page').waitFor();
    await page.goto('/verify-email');
    await page
      .getByRole('alert')
      .filter({ hasText: text('en', 'error.INVALID_LINK') })
      .waitFor();
    expect(asked).toHaveLength(1);
  });
});
