import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import {
  type Credentials,
  DESKTOP,
  expectNoSeriousA11yViolations,
  linkIn,
  login,
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

/** Opens `path` in `lng`: the browser's own language is English, and `?lng=` is not kept from page to page. */
const open = (page: Page, path: string, lng: Language) =>
  page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);

const heading = (page: Page, lng: Language, key: string) =>
  page.getByRole('heading', { level: 1, name: text(lng, key) });

const accountForm = (page: Page, lng: Language) =>
  page.locator('form', { has: page.getByRole('heading', { name: text(lng, 'profile.form.title') }) });

/** What the profile's e-mail field says of itself (its badge, through aria-describedby). */
const describedEmail = (page: Page, lng: Language) =>
  page.getByLabel(text(lng, 'profile.field.email')).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' '),
  );

/**
 * Asks for `newEmail` on the profile (already open) and answers the two messages it sends: the link to
 * confirm, to the new address, and the notice with its link to cancel, to the old one.
 */
async function askForNewAddress(
  page: Page,
  lng: Language,
  user: Credentials,
  newEmail: string,
): Promise<{ confirmMail: ParsedMail; noticeMail: ParsedMail }> {
  const form = accountForm(page, lng);
  // The registration's message comes from a job: once it is in, the next one to the old address is the notice.
  await mailbox.nextTo(user.email);
  const before = mailbox.count();
  await form.locator('input[name="email"]').fill(newEmail);
  await form.locator('input[name="currentPassword"]').fill(user.password);
  await form.locator('button[type="submit"]').click();
  await form
    .getByRole('status')
    .filter({ hasText: text(lng, 'account.emailChange.sent', { email: newEmail }) })
    .waitFor();
  const [confirmMail, noticeMail] = await Promise.all([
    mailbox.nextTo(newEmail, { after: before }),
    mailbox.nextTo(user.email, { after: before }),
  ]);
  return { confirmMail, noticeMail };
}

describe('a change of address', () => {
  it('waits for the link mailed to the new address; the old address can cancel it, which signs out everywhere', async () => {
    const lng = 'en';
    const page = await app.newPage(lng);
    const user = await register(page);
    const newEmail = `new.${user.email}`;
    await open(page, '/profile', lng);
    const form = accountForm(page, lng);
    const { confirmMail, noticeMail } = await askForNewAddress(page, lng, user, newEmail);

    // Until the link is followed the account keeps its address, and says which one waits.
    expect(await form.locator('input[name="email"]').inputValue()).toBe(user.email);
    expect(await form.locator('input[name="currentPassword"]').count()).toBe(0);
    await form.getByText(text(lng, 'account.emailChange.waiting', { email: newEmail })).waitFor();
    await expectNoSeriousA11yViolations(page, 'profile with a pending address');
    await shootChecked(page, 'email-change-pending-en-desktop');

    // The message to the new address confirms; the profile then shows that address, confirmed.
    await open(page, linkIn(confirmMail, '/confirm-email-change'), lng);
    await heading(page, lng, 'account.emailChange.confirm.title').waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: text(lng, 'account.emailChange.confirm.done', { email: newEmail }) })
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'address change confirmed');
    await page.setViewportSize(NARROW);
    await shootChecked(page, 'email-change-confirmed-en-360');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: text(lng, 'account.verify.toProfile') }).click();
    await expect.poll(() => form.locator('input[name="email"]').inputValue()).toBe(newEmail);
    await expect.poll(() => describedEmail(page, lng)).toContain(text(lng, 'account.email.verified'));
    expect(await form.getByText(text(lng, 'account.emailChange.waiting', { email: newEmail })).count()).toBe(
      0,
    );

    // The notice to the old address asks before it cancels, since every session ends.
    const cancelLink = linkIn(noticeMail, '/cancel-email-change');
    await open(page, cancelLink, lng);
    await heading(page, lng, 'account.emailChange.cancel.title').waitFor();
    await page.getByText(text(lng, 'account.emailChange.cancel.text')).waitFor();
    await (await userMenuButton(page, user.username)).waitFor();
    await expectNoSeriousA11yViolations(page, 'cancel page');
    await page.setViewportSize(NARROW);
    await shootChecked(page, 'email-change-cancel-en-360');
    // By keyboard: the button is reached with Tab and shows its focus.
    const cancel = page.getByRole('button', { name: text(lng, 'account.emailChange.cancel.submit') });
    await cancel.focus();
    expect(await cancel.evaluate((button) => getComputedStyle(button).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: text(lng, 'account.emailChange.cancel.done') })
      .waitFor();
    // Signed out here, staying on the page that says why; the keyboard goes on from "Log in".
    await page
      .getByRole('banner')
      .getByRole('button', { name: text(lng, 'nav.login'), exact: true })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/cancel-email-change');
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    const loginLink = page.getByRole('link', { name: text(lng, 'account.reset.request.login') });
    await expect.poll(() => loginLink.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.getByRole('link', { name: text(lng, 'account.forgotPassword') }).waitFor();
    await expectNoSeriousA11yViolations(page, 'address change cancelled');
    await shootChecked(page, 'email-change-cancelled-en-360');
    await page.setViewportSize(DESKTOP);

    // The old address signs in again; the new one no longer does.
    const withNew = await page.request.post('/api/auth/login', {
      data: { email: newEmail, password: user.password },
    });
    expect(withNew.status()).toBe(401);
    await login(page, user);
    await open(page, '/profile', lng);
    await expect.poll(() => form.locator('input[name="email"]').inputValue()).toBe(user.email);

    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    await shootMail(browser, confirmMail, 'mail-change-email-en', ['360']);
    await shootMail(browser, noticeMail, 'mail-cancel-email-change-en', ['360']);
    await page.context().close();
  });

  it('is dropped from the profile by its owner: the waiting line goes, the keyboard returns to the address, the link no longer works', async () => {
    const lng = 'en';
    const page = await app.newPage(lng);
    const user = await register(page);
    const newEmail = `dropped.${user.email}`;
    await open(page, '/profile', lng);
    const form = accountForm(page, lng);
    const { confirmMail } = await askForNewAddress(page, lng, user, newEmail);

    await form.getByRole('button', { name: text(lng, 'account.emailChange.drop') }).click();
    await form
      .getByRole('status')
      .filter({ hasText: text(lng, 'account.emailChange.dropped', { email: user.email }) })
      .waitFor();
    expect(await form.getByText(text(lng, 'account.emailChange.waiting', { email: newEmail })).count()).toBe(
      0,
    );
    const email = form.locator('input[name="email"]');
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await email.inputValue()).toBe(user.email);

    await open(page, linkIn(confirmMail, '/confirm-email-change'), lng);
    await page
      .getByRole('alert')
      .filter({ hasText: text(lng, 'error.INVALID_LINK') })
      .waitFor();
    await page.context().close();
  });

  it('in French on a phone: pending on the profile, confirmed and cancelled from a signed-out browser', async () => {
    const lng = 'fr';
    const page = await app.newPage(lng, { viewport: NARROW });
    const user = await register(page);
    const newEmail = `nouvelle.${user.email}`;
    await open(page, '/profile', lng);
    const { confirmMail, noticeMail } = await askForNewAddress(page, lng, user, newEmail);
    expect(confirmMail.subject).toBe(text(lng, 'mail.changeEmail.subject'));
    expect(noticeMail.subject).toBe(text(lng, 'mail.cancelEmailChange.subject'));
    await accountForm(page, lng)
      .getByText(text(lng, 'account.emailChange.waiting', { email: newEmail }))
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'profile with a pending address fr');
    await shootChecked(page, 'email-change-pending-fr-360');

    // Another browser, signed out: the link works all the same, and leads to signing in.
    const elsewhere = await app.newPage(lng, { viewport: NARROW });
    await open(elsewhere, linkIn(confirmMail, '/confirm-email-change'), lng);
    await elsewhere
      .getByRole('status')
      .filter({ hasText: text(lng, 'account.emailChange.confirm.done', { email: newEmail }) })
      .waitFor();
    await elsewhere.getByRole('link', { name: text(lng, 'account.reset.request.login') }).waitFor();
    await expectNoSeriousA11yViolations(elsewhere, 'address change confirmed fr');
    await shootChecked(elsewhere, 'email-change-confirmed-fr-360');

    await open(elsewhere, linkIn(noticeMail, '/cancel-email-change'), lng);
    await heading(elsewhere, lng, 'account.emailChange.cancel.title').waitFor();
    await expectNoSeriousA11yViolations(elsewhere, 'cancel page fr');
    await shootChecked(elsewhere, 'email-change-cancel-fr-360');
    await elsewhere.getByRole('button', { name: text(lng, 'account.emailChange.cancel.submit') }).click();
    await elsewhere
      .getByRole('status')
      .filter({ hasText: text(lng, 'account.emailChange.cancel.done') })
      .waitFor();
    await shootChecked(elsewhere, 'email-change-cancelled-fr-360');
    // A link used once is refused the second time.
    await open(elsewhere, linkIn(noticeMail, '/cancel-email-change'), lng);
    await elsewhere.getByRole('button', { name: text(lng, 'account.emailChange.cancel.submit') }).click();
    await elsewhere
      .getByRole('alert')
      .filter({ hasText: text(lng, 'error.INVALID_LINK') })
      .waitFor();

    // The first browser's session has ended with every other: its next call sends it to sign in.
    const refresh = await page.request.post('/api/auth/refresh', {
      data: { refreshToken: await page.evaluate(() => localStorage.getItem('refreshToken')) },
    });
    expect(refresh.status()).toBe(401);

    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    await shootMail(browser, confirmMail, 'mail-change-email-fr', ['360']);
    await shootMail(browser, noticeMail, 'mail-cancel-email-change-fr', ['360']);
    await Promise.all([page.context().close(), elsewhere.context().close()]);
  });
});
