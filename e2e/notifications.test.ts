import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { JobListData } from '../common/api/jobs.js';
import type { Language } from '../common/constants.js';
import { PODIUM_SWEEP } from '../server/modules/notifications/podium-marks.js';
import {
  ADMIN,
  callApi,
  expectNoSeriousA11yViolations,
  hydrated,
  register,
  SCREENSHOT_DIR,
  seedVotedTopic,
  setupE2E,
  text,
  voteAsNewUser,
} from './support/index.js';
import { NARROW, shootChecked } from './support/shots.js';

const app = setupE2E();

/** The server's jobs make the notification on their own poll: a generous wait, never a sleep. */
const NOTIFIED = { timeout: 30_000, interval: 200 };

const bell = (page: Page) => page.getByRole('banner').locator('.notification-bell__button');
const bellLabel = (page: Page) => bell(page).getAttribute('aria-label');
const unreadLabel = (lng: Language, count: number) =>
  text(lng, count === 1 ? 'notifications.bell.label_one' : 'notifications.bell.label_other', {
    count: String(count),
  });
const panel = (page: Page) => page.locator('.notification-panel');
const focusedInside = (page: Page, selector: string) =>
  page.evaluate((within) => Boolean(document.activeElement?.closest(within)), selector);
const bellFocused = (page: Page) =>
  page.evaluate(() => document.activeElement?.classList.contains('notification-bell__button') ?? false);

/**
 * Resolves once the server has run every podium sweep it has queued (a ballot's second has one, which checks
 * the topics it marked). A topic's first check only records the podium it sees (decision 032): if it ran
 * after the ballots that change the #1, it would record the new #1 as the first one and tell nobody. The
 * test waits for it through the administrators' jobs list.
 */
async function podiumChecksDone(): Promise<void> {
  const { accessToken } = await callApi(app.url, 'POST', '/auth/login', {
    email: ADMIN.email,
    password: ADMIN.password,
  });
  await expect
    .poll(async () => {
      const { recent } = await callApi<JobListData>(
        app.url,
        'GET',
        '/admin/jobs?limit=200',
        undefined,
        accessToken,
      );
      // A sweep that fell due while another ran is done at once; the running one sweeps again before it is.
      return recent.filter(
        (job) => job.kind === PODIUM_SWEEP && (job.state === 'queued' || job.state === 'running'),
      ).length;
    }, NOTIFIED)
    .toBe(0);
}

/**
 * A topic whose #1 is Pizzeria Da Marco (6 points) followed by a new person on `page`; then two other
 * accounts put Chez Nino first through the API (3 + 6 = 9 points): its #1 changes.
 */
async function followThenLeaderChanges(page: Page, lng: Language): Promise<{ topicId: number }> {
  const topicId = await seedVotedTopic(app.url, `Notified ${lng}`);
  await podiumChecksDone();
  await page.goto(`/topic/${topicId}?lng=${lng}`);
  const follow = page.getByRole('button', { name: text(lng, 'follow.button.follow'), exact: true });
  await hydrated(follow);
  await follow.click();
  const following = page.getByRole('button', { name: text(lng, 'follow.button.following'), exact: true });
  await expect.poll(() => following.getAttribute('aria-pressed')).toBe('true');
  expect(await bellLabel(page)).toBe(text(lng, 'notifications.bell.labelNone'));
  expect(await page.locator('.notification-bell__badge').count()).toBe(0);
  // Marks this document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await voteAsNewUser(app.url, topicId, ['Chez Nino', 'Luigi']);
  await voteAsNewUser(app.url, topicId, ['Chez Nino', 'Luigi']);
  return { topicId };
}

describe('notifications in the browser', () => {
  it('sends a visitor who opens /notifications to sign in, and shows visitors no bell', async () => {
    const page = await app.newPage('en', { path: '/notifications' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await bell(page).count()).toBe(0);
    await page.context().close();
  });

  it('tells a person with no notifications yet how to get some (es, 360 px)', async () => {
    const page = await app.newPage('es', { viewport: NARROW });
    await register(page);
    await page.goto('/notifications?lng=es');
    await page.getByText(text('es', 'notifications.empty')).waitFor();
    // Nothing to have read: the page does not say all is read.
    expect(await page.getByText(text('es', 'notifications.page.allRead')).count()).toBe(0);
    expect(await bellLabel(page)).toBe(text('es', 'notifications.bell.labelNone'));
    expect(await page.getByRole('button', { name: text('es', 'notifications.markAllRead') }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'empty notifications page es');
    await shootChecked(page, 'notifications-page-empty-es-360');
    await page.context().close();
  });

  for (const lng of ['fr', 'de'] as const) {
    it(`raises the bell's count live when a followed topic's #1 changes, lists it, and reads it (${lng}, 360 px)`, async () => {
      const page = await app.newPage(lng, { viewport: NARROW, reducedMotion: 'reduce' });
      await register(page);
      await followThenLeaderChanges(page, lng);

      // Live: the count rises without a reload.
      await expect.poll(() => bellLabel(page), NOTIFIED).toBe(unreadLabel(lng, 1));
      expect(await page.locator('.notification-bell__badge').textContent()).toBe('1');
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `notifications-bell-${lng}-360.png`),
        clip: { x: 0, y: 0, width: NARROW.width, height: 140 },
      });

      // The keyboard opens the panel and focus moves into it; Escape closes it and returns to the bell.
      await bell(page).focus();
      await page.keyboard.press('Enter');
      await panel(page).waitFor();
      expect(await focusedInside(page, '.notification-panel')).toBe(true);
      const item = panel(page).locator('.notification--unread');
      await item.waitFor();
      const sentence = (await item.locator('.notification__link').textContent()) ?? '';
      expect(sentence).toContain('Chez Nino');
      expect(sentence).toContain(`Notified ${lng}`);
      expect(sentence).not.toMatch(/notification\.\w+/);
      expect(await item.locator('time').getAttribute('datetime')).toBeTruthy();
      await expectNoSeriousA11yViolations(page, `notification panel ${lng}`);
      await shootChecked(page, `notifications-panel-${lng}-360`);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `notifications-panel-${lng}-360-view.png`) });
      await page.keyboard.press('Escape');
      await panel(page).waitFor({ state: 'detached' });
      expect(await bellFocused(page)).toBe(true);

      if (lng === 'fr') {
        // Space opens it too; "Mark all as read" sets the count to 0.
        await page.keyboard.press('Space');
        await panel(page).waitFor();
        await panel(page)
          .getByRole('button', { name: text(lng, 'notifications.markAllRead') })
          .click();
        await expect.poll(() => bellLabel(page)).toBe(text(lng, 'notifications.bell.labelNone'));
        expect(await panel(page).locator('.notification--unread').count()).toBe(0);
        // A click outside closes it and gives the focus back to the bell.
        await page.mouse.click(4, NARROW.height - 10);
        await panel(page).waitFor({ state: 'detached' });
        await expect.poll(() => bellFocused(page)).toBe(true);
      } else {
        // Following its link leads to the topic and marks it read.
        await page.keyboard.press('Enter');
        await panel(page).locator('.notification__link').first().click();
        await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/topic\//);
        await expect.poll(() => bellLabel(page)).toBe(text(lng, 'notifications.bell.labelNone'));
      }

      // The page lists it, read.
      await page.goto(`/notifications?lng=${lng}`);
      const listed = page.locator('.notification-list--page .notification');
      await expect.poll(() => listed.count()).toBe(1);
      expect(await listed.first().textContent()).toContain('Chez Nino');
      await page.getByText(text(lng, 'notifications.page.allRead')).waitFor();
      await expectNoSeriousA11yViolations(page, `notifications page ${lng}`);
      await shootChecked(page, `notifications-page-${lng}-360`);
      await page.context().close();
    });
  }

  it('opens the stream again with a new ticket after it failed, and never puts the access token in an address', async () => {
    const page = await app.newPage('en');
    const addresses: string[] = [];
    let tickets = 0;
    page.on('request', (request) => {
      addresses.push(request.url());
      if (request.url().endsWith('/api/notifications/stream-tickets')) tickets += 1;
    });
    // The first stream breaks before it opens, as a restarting server would break it.
    let broken = 0;
    await page.route('**/api/notifications/stream?*', (route) => {
      if (broken++ === 0) return route.abort('connectionreset');
      return route.continue();
    });
    await register(page);
    await expect.poll(() => broken, NOTIFIED).toBe(2);
    expect(tickets).toBe(2);
    const streams = addresses.filter((address) => address.includes('/api/notifications/stream?'));
    expect(new Set(streams.map((address) => new URL(address).searchParams.get('ticket'))).size).toBe(2);

    // The stream that replaced it brings the news.
    await followThenLeaderChanges(page, 'en');
    await expect.poll(() => bellLabel(page), NOTIFIED).toBe(unreadLabel('en', 1));
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(addresses.filter((address) => address.includes(token ?? '-'))).toEqual([]);
    await page.context().close();
  });

  it('marks one read on the page, and its count follows the stream across tabs (en, 1280 px)', async () => {
    const page = await app.newPage('en');
    await register(page);
    await followThenLeaderChanges(page, 'en');
    // The page's clock is the test's from here: it moves the minutes on without waiting for them.
    await page.clock.install();
    await page.goto('/notifications?lng=en');
    const unreadItems = page.locator('.notification-list--page .notification--unread');
    await expect.poll(() => unreadItems.count(), NOTIFIED).toBe(1);
    await page.getByText(text('en', 'notifications.page.unread_one', { count: '1' })).waitFor();
    await expect.poll(() => bellLabel(page)).toBe(unreadLabel('en', 1));
    await shootChecked(page, 'notifications-page-en-1280');
    // Left open, the list's times move on with the minutes (no reload).
    const time = page.locator('.notification-list--page .notification__time');
    expect(await time.textContent()).toMatch(/^(now|1 minute ago)$/);
    await page.clock.fastForward('05:00');
    await expect.poll(() => time.textContent()).toMatch(/^[56] minutes ago$/);
    await bell(page).click();
    await panel(page).locator('.notification--unread').waitFor();
    await expectNoSeriousA11yViolations(page, 'notification panel en 1280');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'notifications-panel-en-1280.png') });
    await bell(page).click();
    await panel(page).waitFor({ state: 'detached' });

    // Another tab marks it read: this tab's bell and list follow without a reload.
    const other = await app.newTab(page.context(), '/notifications?lng=en');
    const mark = other.getByRole('button', { name: new RegExp(`^${text('en', 'notifications.markRead')}`) });
    await hydrated(mark);
    await mark.click();
    await expect.poll(() => bellLabel(other)).toBe(text('en', 'notifications.bell.labelNone'));
    await expect.poll(() => bellLabel(page), NOTIFIED).toBe(text('en', 'notifications.bell.labelNone'));
    await expect.poll(() => unreadItems.count(), NOTIFIED).toBe(0);
    await page.getByText(text('en', 'notifications.page.allRead')).waitFor();
    await page.context().close();
  });
});
