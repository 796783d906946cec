import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenFlagsData } from '../common/api/integrity.js';
import type { RankingData, TopicDto } from '../common/api/topics.js';
import type { Language } from '../common/constants.js';
import {
  ADMIN,
  callApi,
  DESKTOP,
  expectNoSeriousA11yViolations,
  openAdminScreen,
  rankingPoints,
  seedTopic,
  setupE2E,
  text,
  userMenuButton,
  voteAsNewUser,
} from './support/index.js';
import { NARROW, shootChecked } from './support/shots.js';

const app = setupE2E();

/** The burst: this many fresh accounts, all from 127.0.0.1 as every e2e request, name one proposition. */
const BURST = 4;
const TARGET = 'Pizzeria Lampo';
/** The detector runs once a minute, on the minute; the bound leaves it one look and a margin. */
const DETECTOR_WAIT_MS = 75_000;

let admin = '';
beforeAll(async () => {
  ({ accessToken: admin } = await callApi(app.url, 'POST', '/auth/login', {
    email: ADMIN.email,
    password: ADMIN.password,
  }));
});

const openFlags = () =>
  callApi<OpenFlagsData>(app.url, 'GET', '/admin/integrity/flags?lang=en', undefined, admin);

const publicFigures = async (topicId: number) => {
  const { topic } = await callApi<{ topic: TopicDto }>(app.url, 'GET', `/topics/${topicId}?lang=en`);
  return { cast: topic.ballotsCast, counted: topic.ballotsCounted };
};

const pointsOf = async (topicId: number, name: string) => {
  const { rankings } = await callApi<RankingData>(app.url, 'GET', `/search/rankings/topic/${topicId}`);
  return rankings.find((row) => row.itemName === name)?.totalPoints;
};

/** The element that has the keyboard: its name attribute, or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('name') ?? element?.textContent ?? '';
  });

/** The first flag's card on the topic's integrity screen. */
const firstFlag = (page: Page) => page.locator('.flag-card').first();

async function openTopicScreen(page: Page, topicId: number, lng: Language) {
  await openAdminScreen(page, `/admin/integrity/topics/${topicId}`, lng);
  await page.locator('.ballots-timeline__canvas canvas').waitFor();
  await firstFlag(page).waitFor();
}

describe('ballot integrity', () => {
  it('says plainly that nothing looks unusual while no burst is flagged', async () => {
    const page = await app.asAdmin('en');
    await openAdminScreen(page, '/admin/integrity', 'en');
    await page.getByText(text('en', 'integrity.list.empty')).waitFor();
    await expectNoSeriousA11yViolations(page, 'integrity list, empty');
    await shootChecked(page, 'admin-integrity-empty-en-1280');
    await page.context().close();
  });

  it('sets the burst thresholds in their own group of the settings page', async () => {
    const page = await app.asAdmin('fr');
    await page.setViewportSize(NARROW);
    await openAdminScreen(page, '/admin/settings', 'fr');
    const group = page.getByRole('group', { name: text('fr', 'adminSettings.bursts.legend') });
    const ballots = group.getByRole('spinbutton', { name: text('fr', 'adminSettings.bursts.burstBallots') });
    await ballots.fill('3');
    await page.getByRole('button', { name: text('fr', 'adminSettings.bursts.save') }).click();
    await page.getByRole('status').getByText(text('fr', 'adminSettings.bursts.saved')).waitFor();
    await expectNoSeriousA11yViolations(page, 'settings with the burst thresholds');
    await shootChecked(page, 'admin-settings-bursts-fr-360');
    const { settings } = await callApi(app.url, 'GET', '/admin/settings', undefined, admin);
    expect(settings).toMatchObject({ burstBallots: 3, burstMinutes: 10, burstAccountHours: 24 });
    await page.context().close();
  });

  it('makes a burst from fresh accounts, sees it flagged, quarantines, restores, dismisses and deactivates, and sees cast and counted follow on the public page', async () => {
    await callApi(app.url, 'PUT', '/admin/settings', { burstBallots: 3 }, admin);
    const topicId = await seedTopic(app.url, 'Best slice', [['Pizzeria Da Marco', 'Luigi']]);
    for (let i = 0; i < BURST; i++) await voteAsNewUser(app.url, topicId, [TARGET]);
    expect(await publicFigures(topicId)).toEqual({ cast: BURST + 1, counted: BURST + 1 });

    // One look of the detector (every minute, on the minute) flags it twice: one network, fresh accounts.
    await expect
      .poll(async () => (await openFlags()).topics.find((topic) => topic.id === topicId)?.openFlags, {
        timeout: DETECTOR_WAIT_MS,
        interval: 2_000,
      })
      .toBe(2);

    // The administrator's account menu counts what waits; the admin list leads to the topic.
    const page = await app.asAdmin('en');
    await (await userMenuButton(page, ADMIN.username)).click();
    const entry = page.getByRole('menuitem', { name: new RegExp(`^${text('en', 'nav.adminPanel')}`) });
    await expect
      .poll(() => entry.textContent())
      .toContain(text('en', 'integrity.openFlags_other', { count: '2' }));
    await page.keyboard.press('Escape');
    await openAdminScreen(page, '/admin/integrity', 'en');
    await expectNoSeriousA11yViolations(page, 'integrity list');
    await shootChecked(page, 'admin-integrity-list-en-1280');
    await page.getByRole('link', { name: /Best slice/ }).click();
    await page.waitForURL(/\/admin\/integrity\/topics\//);
    await page.locator('.ballots-timeline__canvas canvas').waitFor();

    // The chart has its words beside it; the canvas itself is hidden from assistive technologies.
    const summary = page.locator('.ballots-timeline__summary');
    await expect
      .poll(() => summary.textContent())
      .toContain(`${BURST + 1} ballots cast in the last 30 days.`);
    expect(await summary.textContent()).toContain(
      `2 bursts flagged, the largest ${BURST} ballots for “${TARGET}”`,
    );
    expect(await page.locator('.ballots-timeline__canvas').getAttribute('aria-hidden')).toBe('true');
    const card = firstFlag(page);
    await card.getByText(new RegExp(`^${BURST} ballots for “${TARGET}” within`)).waitFor();
    await expectNoSeriousA11yViolations(page, 'topic integrity screen');
    await shootChecked(page, 'admin-integrity-topic-en-1280');

    // The period is kept in the address.
    await page.getByRole('link', { name: text('en', 'integrity.period.days_other', { count: '7' }) }).click();
    await page.waitForURL(/days=7/);
    await expect.poll(() => summary.textContent()).toContain('in the last 7 days');

    // By keyboard: the dialog starts on the reason, Escape gives the keyboard back to the button.
    const quarantineAll = card.getByRole('button', {
      name: text('en', 'integrity.action.quarantineAll_other', { count: String(BURST) }),
    });
    await quarantineAll.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: text('en', 'integrity.quarantine.title') });
    await dialog.waitFor();
    await expect.poll(() => focused(page)).toBe('reason');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe(await quarantineAll.textContent());

    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('reason');
    // The reason starts as what the detector saw.
    expect(await dialog.getByRole('combobox').inputValue()).toMatch(/^(shared_network|fresh_accounts)$/);
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('note');
    await page.keyboard.type('Four new accounts in two minutes.');
    await expectNoSeriousA11yViolations(page, 'quarantine dialog');
    await page.screenshot({ path: 'e2e/screenshots/admin-integrity-quarantine-en-1280.png' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => focused(page))
      .toBe(text('en', 'integrity.quarantine.confirm_other', { count: String(BURST) }));
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .getByText(text('en', 'integrity.done.quarantined_other', { count: String(BURST) }))
      .waitFor();
    await card.getByText(text('en', 'integrity.flag.closed')).waitFor();
    // The button is gone with the counted ballots: the keyboard stays in the card.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.flag-card') !== null))
      .toBe(true);

    // The public figures: cast stays, counted drops, and the burst's points leave the public ranking.
    expect(await publicFigures(topicId)).toEqual({ cast: BURST + 1, counted: 1 });
    expect((await pointsOf(topicId, TARGET)) ?? 0).toBe(0);
    const visitor = await app.newPage('en', { path: `/topic/${topicId}` });
    await rankingPoints(visitor, 'Pizzeria Da Marco', 3).waitFor();
    await visitor.context().close();

    // One ballot restored, from its row.
    const row = card.getByRole('row').nth(1);
    const username = (await row.getByRole('link').textContent())?.replace('@', '') ?? '';
    await row.getByRole('button', { name: text('en', 'integrity.action.restoreOf', { username }) }).click();
    await page
      .getByRole('status')
      .getByText(text('en', 'integrity.done.restored_one', { count: '1' }))
      .waitFor();
    expect(await publicFigures(topicId)).toEqual({ cast: BURST + 1, counted: 2 });

    // Both flags hold that ballot, so both are open again. One is judged harmless: dismissed, and its ballot
    // still counts; the keyboard stays in the card whose button went away.
    const openCards = page.locator('.flag-card--open');
    await expect.poll(() => openCards.count()).toBe(2);
    const dismissedHeading = await openCards.first().getAttribute('aria-labelledby');
    await openCards
      .first()
      .getByRole('button', { name: text('en', 'integrity.action.dismiss') })
      .click();
    const confirmDismiss = page.getByRole('dialog', { name: text('en', 'integrity.dismiss.title') });
    await confirmDismiss.getByRole('button', { name: text('en', 'integrity.dismiss.confirm') }).click();
    await page
      .getByRole('status')
      .getByText(text('en', 'integrity.done.dismissed', { name: TARGET }))
      .waitFor();
    await page
      .locator(`.flag-card[aria-labelledby="${dismissedHeading}"]`)
      .getByText(/^Dismissed on /)
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.flag-card') !== null))
      .toBe(true);
    expect(await publicFigures(topicId)).toEqual({ cast: BURST + 1, counted: 2 });

    // The other: its accounts are deactivated, so their ballots stop counting and the flag closes.
    await expect.poll(() => openCards.count()).toBe(1);
    await openCards
      .first()
      .getByRole('button', {
        name: text('en', 'integrity.action.deactivate_other', { count: String(BURST) }),
      })
      .click();
    const confirmDeactivate = page.getByRole('dialog', { name: text('en', 'integrity.deactivate.title') });
    await confirmDeactivate
      .getByRole('button', {
        name: text('en', 'integrity.deactivate.confirm_other', { count: String(BURST) }),
      })
      .click();
    await page
      .getByRole('status')
      .getByText(text('en', 'integrity.done.deactivated_other', { count: String(BURST) }))
      .waitFor();
    await expect.poll(() => openCards.count()).toBe(0);
    expect(await publicFigures(topicId)).toEqual({ cast: BURST + 1, counted: 1 });

    // The person's ballots, from their name: the topic, the state, the version with its network.
    await card.getByRole('link', { name: `@${username}` }).click();
    await page.waitForURL(/\/admin\/users\/\d+\/ballots/);
    await page
      .getByRole('heading', { name: text('en', 'integrity.userBallots.title', { username }) })
      .waitFor();
    await page
      .locator('.user-ballot')
      .getByText(/Best slice/)
      .waitFor();
    await page
      .getByText(text('en', 'integrity.userBallots.place_other', { count: '3', name: TARGET }))
      .waitFor();
    // Deactivated from the flag above: said here, with no second deactivation offered.
    await page.getByText(text('en', 'integrity.userBallots.accountDeactivated')).waitFor();
    expect(
      await page.getByRole('button', { name: text('en', 'integrity.action.deactivate_one') }).count(),
    ).toBe(0);
    await expectNoSeriousA11yViolations(page, 'a person’s ballots');
    await shootChecked(page, 'admin-user-ballots-en-1280');

    // The screen in French and German on a 360 px phone.
    for (const lng of ['fr', 'de'] as const) {
      await page.setViewportSize(NARROW);
      await openTopicScreen(page, topicId, lng);
      await expectNoSeriousA11yViolations(page, `topic integrity screen in ${lng} at 360 px`);
      await shootChecked(page, `admin-integrity-topic-${lng}-360`);
    }
    await page.setViewportSize(DESKTOP);
    await page.context().close();
  }, 180_000);

  it('links each person of the users table to their ballots', async () => {
    const page = await app.asAdmin('en');
    await openAdminScreen(page, '/admin/users', 'en');
    await page
      .getByRole('link', { name: text('en', 'integrity.userBallots.linkOf', { username: ADMIN.username }) })
      .click();
    await page.waitForURL(/\/admin\/users\/\d+\/ballots/);
    await page.getByText(text('en', 'integrity.userBallots.empty')).waitFor();
    await page.context().close();
  });

  it('deactivates a person from their ballots, and their ballot leaves the public count', async () => {
    const topicId = await seedTopic(app.url, 'Best crust', [['Pizzeria Da Marco']]);
    const voter = await voteAsNewUser(app.url, topicId, ['Forno Rosso']);
    const { user } = await callApi<{ user: { id: number; username: string } }>(
      app.url,
      'GET',
      '/auth/me',
      undefined,
      voter,
    );
    expect(await publicFigures(topicId)).toEqual({ cast: 2, counted: 2 });
    const page = await app.asAdmin('de');
    await page.setViewportSize(NARROW);
    // Opened from its address: the title names the person all the same.
    await openAdminScreen(page, `/admin/users/${user.id}/ballots`, 'de');
    await page
      .getByRole('heading', { name: text('de', 'integrity.userBallots.title', { username: user.username }) })
      .waitFor();
    await page.getByText(/Best crust/).waitFor();
    await page.getByRole('button', { name: text('de', 'integrity.action.deactivate_one') }).click();
    const dialog = page.getByRole('dialog', { name: text('de', 'integrity.deactivate.title') });
    await dialog.getByText(`@${user.username}`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: text('de', 'integrity.deactivate.confirm_one') }).click();
    await page
      .getByRole('status')
      .getByText(text('de', 'integrity.done.deactivated_one', { count: '1' }))
      .waitFor();
    await page.getByText(text('de', 'integrity.userBallots.accountDeactivated')).waitFor();
    expect(await publicFigures(topicId)).toEqual({ cast: 2, counted: 1 });
    expect((await pointsOf(topicId, 'Forno Rosso')) ?? 0).toBe(0);
    await expectNoSeriousA11yViolations(page, 'a person’s ballots, deactivated, in German at 360 px');
    await shootChecked(page, 'admin-user-ballots-de-360');
    await page.context().close();
  });
});
