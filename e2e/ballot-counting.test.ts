import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SettingsData, UpdateSettingsBody } from '../common/api/settings.js';
import type { TopicData } from '../common/api/topics.js';
import type { UserVotesDto } from '../common/api/votes.js';
import type { Language } from '../common/constants.js';
import { formatDateTime } from '../web/src/shared/format/date-time.js';
import {
  ADMIN,
  ballotIdOf,
  type Credentials,
  callApi,
  expectNoSeriousA11yViolations,
  login,
  newCredentials,
  openAdminScreen,
  register,
  seedTopic,
  setupE2E,
  text,
} from './support/index.js';
import { NARROW, shootChecked } from './support/shots.js';

const app = setupE2E();

/** Where a topic's "cast, counted" line and a waiting ballot's notice lead. */
const SECTION = 'cast-and-counted';

const adminToken = async () =>
  (await callApi(app.url, 'POST', '/auth/login', { email: ADMIN.email, password: ADMIN.password }))
    .accessToken;

const saveSettings = async (change: UpdateSettingsBody) =>
  callApi<SettingsData>(app.url, 'PUT', '/admin/settings', change, await adminToken());

const castAndCounted = async (topicId: number) => {
  const { topic } = await callApi<TopicData>(app.url, 'GET', `/topics/${topicId}?language=en`);
  return { cast: topic.ballotsCast, counted: topic.ballotsCounted };
};

/** A new setting is applied to every ballot by a job: waits until the topic's figures show it. */
const figuresBecome = (topicId: number, figures: { cast: number; counted: number }) =>
  expect.poll(() => castAndCounted(topicId)).toEqual(figures);

/** "2 ballots cast, 0 counted" as the page writes it in `lng`, each count with its plural. */
function castAndCountedText(lng: Language, cast: number, counted: number): string {
  const plural = (key: string, count: number) =>
    text(lng, `${key}_${new Intl.PluralRules(lng).select(count)}`, { count: String(count) });
  return text(lng, 'topic.ballots.castAndCounted', {
    cast: plural('topic.ballots.cast', cast),
    counted: plural('topic.ballots.counted', counted),
  });
}

const castAndCountedLink = (page: Page, lng: Language, cast: number, counted: number) =>
  page.getByRole('link', { name: castAndCountedText(lng, cast, counted), exact: true });

/** My ballot's notice, a status (not an error), by its text. */
const countingNotice = (page: Page, message: string) => page.getByRole('status').filter({ hasText: message });

/** When the ballot of `user` on the topic counts, as the server says it (the notice's date). */
async function countsFrom(user: Credentials, topicId: number): Promise<string> {
  const { accessToken } = await callApi(app.url, 'POST', '/auth/login', user);
  const mine = await callApi<UserVotesDto>(
    app.url,
    'GET',
    `/search/user-votes/${topicId}`,
    undefined,
    accessToken,
  );
  const from = mine.counting?.countsFrom;
  if (!from) throw new Error(`no date in ${JSON.stringify(mine.counting)}`);
  return from;
}

/** A person who signs up on a phone in `lng` and votes on the topic through its page. */
async function voteOnPhone(lng: Language, topicId: number, first: string) {
  const page = await app.newPage(lng, { path: `/topic/${topicId}`, viewport: NARROW });
  const user = await register(page);
  await page.getByRole('button', { name: text(lng, 'vote.panel.start'), exact: true }).click();
  await page.getByRole('textbox', { name: text(lng, 'vote.place.1') }).fill(first);
  await page.getByRole('button', { name: text(lng, 'vote.form.submit'), exact: true }).click();
  return { page, user };
}

/** Registers a person through the API and casts `names` (3, 2, 1 points) on the topic as them. */
async function voteThroughApi(topicId: number, names: string[]): Promise<Credentials> {
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
  return user;
}

describe('ballots kept without counting', () => {
  it('a new account’s ballot says from when it counts, and the topic page says how many ballots were cast and counted', async () => {
    const topicId = await seedTopic(app.url, 'Best tacos', [['Taqueria Sol', 'El Pastor']]);
    await saveSettings({ minAccountAgeDays: 3 });
    const pages: Page[] = [];
    try {
      // Every account here is minutes old: the seeded ballot waits too once the job has re-assessed it.
      await figuresBecome(topicId, { cast: 1, counted: 0 });

      for (const [lng, cast] of [
        ['fr', 2],
        ['de', 3],
      ] as const) {
        const { page, user } = await voteOnPhone(lng, topicId, 'El Pastor');
        pages.push(page);
        const date = formatDateTime(await countsFrom(user, topicId), lng);
        const notice = countingNotice(page, text(lng, 'vote.counting.accountAge', { date }));
        await notice.waitFor();
        // It answers the save: no second "saved" above it, and the keyboard is on it.
        expect(await page.getByText(text(lng, 'vote.panel.saved'), { exact: true }).count()).toBe(0);
        await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('vote-counting');
        await notice.getByRole('link', { name: text(lng, 'vote.counting.howCounted') }).waitFor();
        // The topic's details are read again after the vote: the line appears without a reload.
        const line = castAndCountedLink(page, lng, cast, 0);
        await line.waitFor();
        expect(await line.getAttribute('href')).toBe(`/methodology#${SECTION}`);
        if (lng === 'fr') await expectNoSeriousA11yViolations(page, 'topic page with a waiting ballot');
        await shootChecked(page, `ballot-counting-age-${lng}-360`);
      }

      // The line leads to the section that says why.
      const [french] = pages;
      if (!french) throw new Error('no French page');
      // Its page shows the figures of when it was read: the German ballot came after.
      await castAndCountedLink(french, 'fr', 2, 0).click();
      await french.waitForURL(new RegExp(`/methodology(\\?[^#]*)?#${SECTION}$`));
      await french
        .getByRole('heading', { level: 2, name: text('fr', 'methodology.castAndCounted.title') })
        .waitFor();
      expect(await french.locator(`section#${SECTION}`).count()).toBe(1);
      await french.getByText(text('fr', 'methodology.castAndCounted.quarantine')).waitFor();
      await shootChecked(french, 'ballot-counting-methodology-fr-360');
    } finally {
      for (const page of pages) await page.context().close();
      await saveSettings({ minAccountAgeDays: 0 });
    }
    // Back to counting everyone: every ballot counts and the line is gone.
    await figuresBecome(topicId, { cast: 3, counted: 3 });
    const visitor = await app.newPage('en', { path: `/topic/${topicId}` });
    await visitor.getByRole('heading', { name: text('en', 'topic.facts.title') }).waitFor();
    expect(await visitor.getByRole('link', { name: /ballots? cast/ }).count()).toBe(0);
    await visitor.context().close();
  });

  it('a quarantined ballot tells its voter why, and cast and counted change on the public page', async () => {
    const topicId = await seedTopic(app.url, 'Best burritos', [['La Cocina', 'Casa Verde']]);
    const voter = await voteThroughApi(topicId, ['Casa Verde', 'La Cocina']);
    const quarantined = text('fr', 'vote.counting.quarantined');

    const page = await app.newPage('fr', { path: `/topic/${topicId}`, viewport: NARROW });
    await login(page, voter);
    await page.getByRole('button', { name: text('fr', 'vote.panel.edit'), exact: true }).waitFor();
    expect(await countingNotice(page, quarantined).count()).toBe(0);

    const ballotIds = [ballotIdOf(app.databaseFile, voter.username, topicId)];
    const token = await adminToken();
    expect(
      await callApi(app.url, 'POST', '/admin/ballots/quarantine', { ballotIds, reason: 'burst' }, token),
    ).toEqual({ changed: 1 });
    await figuresBecome(topicId, { cast: 2, counted: 1 });

    // The voter comes back: their ballot says why it does not count, and where to read more.
    await app.reload(page);
    const notice = countingNotice(page, quarantined);
    await notice.waitFor();
    const more = notice.getByRole('link', { name: text('fr', 'vote.counting.howCounted') });
    expect(await more.getAttribute('href')).toBe(`/methodology#${SECTION}`);
    await castAndCountedLink(page, 'fr', 2, 1).waitFor();
    await shootChecked(page, 'ballot-counting-quarantine-fr-360');
    await page.context().close();

    // Anyone sees it on the public page, in German on a phone; the server's page says it too.
    const withoutScripts = await app.newPage('de', {
      path: `/topic/${topicId}`,
      viewport: NARROW,
      javaScriptEnabled: false,
    });
    await castAndCountedLink(withoutScripts, 'de', 2, 1).waitFor();
    await withoutScripts.context().close();
    const visitor = await app.newPage('de', { path: `/topic/${topicId}`, viewport: NARROW });
    await castAndCountedLink(visitor, 'de', 2, 1).waitFor();
    await shootChecked(visitor, 'ballot-counting-quarantine-topic-de-360');

    expect(await callApi(app.url, 'POST', '/admin/ballots/restore', { ballotIds }, token)).toEqual({
      changed: 1,
    });
    await figuresBecome(topicId, { cast: 2, counted: 2 });
    await app.reload(visitor);
    await visitor.getByRole('heading', { name: text('de', 'topic.facts.title') }).waitFor();
    expect(await visitor.getByRole('link', { name: /Stimmzettel abgegeben/ }).count()).toBe(0);
    await visitor.context().close();
  });

  it('an administrator sets who counts on the settings page', async () => {
    const admin = await app.asAdmin('en');
    try {
      await openAdminScreen(admin, '/admin/settings', 'en');
      const days = admin.getByLabel(text('en', 'adminSettings.minAccountAgeDays.label'), { exact: true });
      const confirmedOnly = admin.getByRole('checkbox', {
        name: text('en', 'adminSettings.confirmedAccountsOnly.label'),
      });
      const save = admin.getByRole('button', { name: text('en', 'action.save'), exact: true });
      expect(await days.inputValue()).toBe('0');
      expect(await confirmedOnly.isChecked()).toBe(false);

      // A number the server would refuse is said under the field once the person leaves it (the line it
      // adds moves Save from under the pointer); Save then sends nothing and takes the keyboard back to it.
      await days.fill('400');
      await save.click();
      await admin.getByText(text('en', 'form.wholeNumber', { min: '0', max: '365' })).waitFor();
      expect(await days.getAttribute('aria-invalid')).toBe('true');
      await save.click();
      await expect.poll(() => days.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(
        (await callApi<SettingsData>(app.url, 'GET', '/admin/settings', undefined, await adminToken()))
          .settings,
      ).toMatchObject({ minAccountAgeDays: 0 });

      await days.fill('7');
      await confirmedOnly.check();
      await save.click();
      await admin.getByRole('status').getByText(text('en', 'adminSettings.saved.counting')).waitFor();
      await expectNoSeriousA11yViolations(admin, 'settings with who counts');
      await shootChecked(admin, 'ballot-counting-settings-en-1280');

      // Kept: the page read again shows them, in German on a phone.
      await admin.setViewportSize(NARROW);
      await openAdminScreen(admin, '/admin/settings', 'de');
      const daysDe = admin.getByLabel(text('de', 'adminSettings.minAccountAgeDays.label'), { exact: true });
      expect(await daysDe.inputValue()).toBe('7');
      expect(
        await admin
          .getByRole('checkbox', { name: text('de', 'adminSettings.confirmedAccountsOnly.label') })
          .isChecked(),
      ).toBe(true);
      await shootChecked(admin, 'ballot-counting-settings-de-360');
    } finally {
      await admin.context().close();
      const { settings } = await saveSettings({ minAccountAgeDays: 0, confirmedAccountsOnly: false });
      expect(settings).toMatchObject({ minAccountAgeDays: 0, confirmedAccountsOnly: false });
    }
  });
});
