import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AccountExportDto } from '../common/api/account-data.js';
import type { RankingData } from '../common/api/topics.js';
import type { Language } from '../common/constants.js';
import {
  ADMIN,
  type Credentials,
  callApi,
  DESKTOP,
  expectNoSeriousA11yViolations,
  login,
  newCredentials,
  openAdminScreen,
  SCREENSHOT_DIR,
  seedVotedTopic,
  setupE2E,
  text,
} from './support/index.js';
import { NARROW, shootChecked } from './support/shots.js';

const app = setupE2E();

/** The seeded topic's ballots give it 6 points; the person's own ballot puts it first and adds 3. */
const FAVOURITE = 'Pizzeria Da Marco';
const OWN_BALLOT = [FAVOURITE, 'Luigi', 'Chez Nino'];

const pointsOf = async (topicId: number, name: string) => {
  const { rankings } = await callApi<RankingData>(app.url, 'GET', `/search/rankings/topic/${topicId}`);
  return rankings.find((row) => row.itemName === name)?.totalPoints;
};

/** Registers a person through the API and casts `names` (3, 2, 1 points) on the topic as them. */
async function newVoter(topicId: number, names: string[]): Promise<Credentials & { token: string }> {
  const user = newCredentials();
  const { accessToken } = await callApi(app.url, 'POST', '/auth/register', user);
  const propositions = names.map((itemName, index) => ({ itemName, points: 3 - index }));
  await callApi(
    app.url,
    'POST',
    '/search/propositions',
    { topicId, propositions, userTags: [] },
    accessToken,
  );
  return { ...user, token: accessToken };
}

/** Signs `user` in through the header's dialog, as a person would. */
async function signIn(page: Page, lng: Language, user: Credentials) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: text(lng, 'nav.login'), exact: true })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="email"]').fill(user.email);
  await dialog.locator('input[name="password"]').fill(user.password);
  await dialog.locator('button[type="submit"]').click();
}

/** A person who voted on a fresh topic, signed in and on their profile, its "Your data" card on screen. */
async function voterOnProfile(lng: Language, viewport: { width: number; height: number } = DESKTOP) {
  const topicId = await seedVotedTopic(app.url, 'Best pizza');
  const user = await newVoter(topicId, OWN_BALLOT);
  const page = await app.newPage(lng, { viewport });
  await login(page, user);
  await page.goto(`/profile?lng=${lng}`);
  const card = page.getByRole('region', { name: text(lng, 'profile.data.title') });
  await card.waitFor();
  const openDeletion = card.getByRole('button', { name: text(lng, 'profile.delete.open') });
  return { page, user, topicId, card, openDeletion, dialog: page.getByRole('dialog') };
}

const passwordField = (page: Page, lng: Language) =>
  page.getByRole('dialog').getByLabel(text(lng, 'profile.delete.password'), { exact: true });

const confirmDeletion = (page: Page, lng: Language) =>
  page.getByRole('dialog').getByRole('button', { name: text(lng, 'profile.delete.confirm') });

describe('a person’s own data, from their profile', () => {
  it('downloads their data as a JSON file naming their ballot', async () => {
    const lng = 'en';
    const { page, user, topicId, card } = await voterOnProfile(lng);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: text(lng, 'profile.export.download') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^podium-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as AccountExportDto;
    expect(data.format).toBe('podium-account-export');
    expect(data.profile.username).toBe(user.username);
    const ballot = data.ballots.find((entry) => entry.topic.id === topicId);
    expect(ballot?.versions.length).toBeGreaterThanOrEqual(1);
    expect(ballot?.versions.at(-1)?.first?.name).toBe(FAVOURITE);
    // The button is ready for another download once the file is saved.
    await expect
      .poll(() => card.getByRole('button', { name: text(lng, 'profile.export.download') }).isEnabled())
      .toBe(true);
    await page.context().close();
  });

  it('shows the file is being prepared, and says so when the download fails', async () => {
    const lng = 'de';
    const { page, card } = await voterOnProfile(lng);
    const download = card.getByRole('button', { name: text(lng, 'profile.export.download') });
    // The answer is held, then lost, as on a connection that drops while the file is prepared.
    let dropConnection = () => {};
    const dropped = new Promise<void>((resolve) => {
      dropConnection = resolve;
    });
    await page.route('**/api/users/me/export', async (route) => {
      await dropped;
      await route.abort('internetdisconnected');
    });
    await download.click();
    await card
      .getByRole('status')
      .filter({ hasText: text(lng, 'profile.export.busy') })
      .waitFor();
    expect(await download.isDisabled()).toBe(true);
    dropConnection();
    await card
      .getByRole('alert')
      .filter({ hasText: text(lng, 'error.CLIENT_NETWORK') })
      .waitFor();
    expect(await download.isEnabled()).toBe(true);
    await page.context().close();
  });

  it('deletes their account after confirming the password, and can no longer sign in', async () => {
    const lng = 'fr';
    const { page, user, topicId, openDeletion, dialog } = await voterOnProfile(lng, NARROW);
    expect(await pointsOf(topicId, FAVOURITE)).toBe(9);

    await openDeletion.click();
    await passwordField(page, lng).fill('not my password');
    await confirmDeletion(page, lng).click();
    // Said under the field, which keeps the keyboard for another try; nothing has changed.
    await dialog.getByText(text(lng, 'profile.password.wrongCurrent')).waitFor();
    await expect.poll(() => passwordField(page, lng).getAttribute('aria-invalid')).toBe('true');
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${user.token}` } });
    expect(me.status()).toBe(200);
    expect(await pointsOf(topicId, FAVOURITE)).toBe(9);

    await passwordField(page, lng).fill(user.password);
    await confirmDeletion(page, lng).click();
    await page
      .getByRole('status')
      .filter({ hasText: text(lng, 'profile.delete.done') })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const signInButton = page
      .getByRole('banner')
      .getByRole('button', { name: text(lng, 'nav.login'), exact: true });
    await signInButton.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    await shootChecked(page, `account-deleted-home-${lng}-360`);
    // Their ballot left the ranking with them.
    expect(await pointsOf(topicId, FAVOURITE)).toBe(6);

    await signIn(page, lng, user);
    await page
      .getByRole('dialog')
      .getByRole('alert')
      .filter({ hasText: text(lng, 'error.INVALID_CREDENTIALS') })
      .waitFor();
    await page.context().close();
  });

  it('opens the deletion from the keyboard, starts in the password field and gives the focus back on Escape', async () => {
    const lng = 'en';
    const { page, openDeletion, dialog } = await voterOnProfile(lng);
    await openDeletion.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect
      .poll(() => passwordField(page, lng).evaluate((input) => input === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => openDeletion.evaluate((button) => button === document.activeElement)).toBe(true);

    // Cancel closes it the same way, and the next opening starts from an empty field.
    await page.keyboard.press('Enter');
    await passwordField(page, lng).fill('typed then abandoned');
    await dialog.getByRole('button', { name: text(lng, 'profile.cancel') }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => openDeletion.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await passwordField(page, lng).inputValue()).toBe('');
    await page.context().close();
  });

  for (const [lng, viewport] of [
    ['fr', NARROW],
    ['de', NARROW],
    ['en', DESKTOP],
  ] as const) {
    it(`shows the card and the deletion dialog with no serious accessibility problem nor sideways scrolling at ${viewport.width} px in ${lng}`, async () => {
      const { page, card, openDeletion, dialog } = await voterOnProfile(lng, viewport);
      await shootChecked(page, `account-data-profile-${lng}-${viewport.width}`);
      await card.screenshot({ path: join(SCREENSHOT_DIR, `account-data-card-${lng}-${viewport.width}.png`) });

      await openDeletion.click();
      await dialog.waitFor();
      await expectNoSeriousA11yViolations(page, `account deletion dialog ${lng}`);
      await passwordField(page, lng).fill('not my password');
      await confirmDeletion(page, lng).click();
      await dialog.getByText(text(lng, 'profile.password.wrongCurrent')).waitFor();
      await expectNoSeriousA11yViolations(page, `account deletion refused ${lng}`);
      await shootChecked(page, `account-deletion-${lng}-${viewport.width}`);
      await dialog.screenshot({
        path: join(SCREENSHOT_DIR, `account-deletion-dialog-${lng}-${viewport.width}.png`),
      });
      await page.context().close();
    });
  }
});

describe('an administrator deleting an account', () => {
  it('an administrator deletes a person who voted, and the ranking follows', async () => {
    const topicId = await seedVotedTopic(app.url, 'Best pizza');
    const voter = await newVoter(topicId, ['Luigi', 'Chez Nino']);
    expect(await pointsOf(topicId, 'Luigi')).toBe(5);

    const page = await app.asAdmin('en');
    await openAdminScreen(page, '/admin/users', 'en');
    await page.getByRole('searchbox').fill(voter.username);
    const row = page.getByRole('row', { name: new RegExp(`@${voter.username}`) });
    await row.waitFor();
    await row
      .getByRole('button', {
        name: text('en', 'adminPeople.users.deleteLabel', { username: voter.username }),
      })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(text('en', 'adminPeople.users.deleteConfirmVotes_other', { count: '2' }))
      .waitFor();
    await dialog.screenshot({ path: join(SCREENSHOT_DIR, 'account-admin-deletion-dialog-en-1280.png') });
    await dialog.getByRole('button', { name: text('en', 'action.delete') }).click();
    await page.getByText(text('en', 'adminPeople.users.deleted', { username: voter.username })).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect(await pointsOf(topicId, 'Luigi')).toBe(2);
    await page.context().close();
  });

  it('shows in the audit trail an account deleted by its owner as a deleted account, without its name', async () => {
    const topicId = await seedVotedTopic(app.url, 'Best pizza');
    const voter = await newVoter(topicId, ['Luigi']);
    const { user } = await callApi(app.url, 'GET', '/auth/me', undefined, voter.token);
    await callApi(app.url, 'DELETE', '/users/me', { currentPassword: voter.password }, voter.token);

    const page = await app.asAdmin('en');
    await openAdminScreen(page, '/admin/audit', 'en');
    const entry = page
      .locator('.audit-item')
      .filter({ has: page.getByText(`#${user.id}`, { exact: true }) })
      .filter({ hasText: text('en', 'adminPeople.audit.action.delete') });
    await entry
      .getByText(text('en', 'adminPeople.audit.actorKind.deleted_account'), { exact: true })
      .waitFor();
    await entry.getByText(text('en', 'adminPeople.audit.fields.ballotsWithdrawn'), { exact: true }).waitFor();
    expect(await entry.textContent()).not.toContain(voter.username);
    await shootChecked(page, 'account-deleted-audit-en-1280');
    // Entries written by administrators still name them.
    await expect
      .poll(() => page.locator('.audit-item').getByText(`@${ADMIN.username}`).count())
      .toBeGreaterThan(0);
    await page.context().close();
  });
});
