import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import {
  callApi,
  expectNoSeriousA11yViolations,
  newCredentials,
  PHONE,
  rankingPoints,
  rankingRow,
  register,
  SCREENSHOT_DIR,
  seedVotedTopic,
  setupE2E,
  text,
} from './support/index.js';

const app = setupE2E();

const seedTopic = (title: string) => seedVotedTopic(app.url, title);

const place = (page: Page, lang: Language, n: 1 | 2 | 3) =>
  page.getByRole('textbox', { name: text(lang, `vote.place.${n}`) });
const medal = (page: Page, lang: Language, name: string, n: 1 | 2 | 3) =>
  page.getByRole('button', {
    name: text(lang, 'vote.medal.set', { name, place: text(lang, `vote.place.${n}`) }),
  });
const button = (page: Page, lang: Language, key: string) =>
  page.getByRole('button', { name: text(lang, key), exact: true });

/** The viewport with the panel in view (full-page captures paint the sticky header mid-page). */
async function shoot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.locator('.vote-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOT_DIR, `voting-${name}.png`) });
}

describe('voting panel', () => {
  it('asks a visitor to log in and opens the login dialog', async () => {
    const topicId = await seedTopic('Best pizza');
    for (const lang of ['en', 'fr'] as const) {
      const page = await app.newPage(lang, { path: `/topic/${topicId}` });
      await page.getByText(text(lang, 'vote.panel.loggedOut')).waitFor();
      await shoot(page, `logged-out-${lang}-desktop`);
      await expectNoSeriousA11yViolations(page, 'voting panel, logged out');
      await button(page, lang, 'vote.panel.login').click();
      await page.getByRole('dialog').locator('input[name="email"]').waitFor();
      await page.context().close();
    }
  });

  it('after signing in from the panel, the keyboard is on "Start voting", and Enter puts it in the 1st place', async () => {
    const topicId = await seedTopic('Best ramen');
    const lang = 'fr';
    const page = await app.newPage(lang, { path: `/topic/${topicId}` });
    const credentials = newCredentials();
    await callApi(app.url, 'POST', '/auth/register', { ...credentials, language: lang });
    await button(page, lang, 'vote.panel.login').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="email"]').fill(credentials.email);
    await dialog.locator('input[name="password"]').fill(credentials.password);
    await dialog.locator('button[type="submit"]').click();
    const start = button(page, lang, 'vote.panel.start');
    await expect.poll(() => start.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => place(page, lang, 1).evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.keyboard.type('Ichiran');
    expect(await place(page, lang, 1).inputValue()).toBe('Ichiran');
    await button(page, lang, 'vote.form.cancel').click();
    await expect.poll(() => start.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('picks, toggles medals, clears duplicates, accepts a suggestion, saves, edits and withdraws', async () => {
    const lang = 'en';
    const topicId = await seedTopic('Best pizza');
    const page = await app.newPage(lang, { path: `/topic/${topicId}` });
    await register(page);
    await page.getByText(text(lang, 'vote.panel.noVote')).waitFor();
    await shoot(page, 'no-vote-en-desktop');
    await button(page, lang, 'vote.panel.start').click();

    // An exact, case-insensitive match picks the existing proposition's spelling.
    await place(page, lang, 1).fill('luigi');
    await expect.poll(() => place(page, lang, 1).inputValue()).toBe('Luigi');
    await page.getByText(text(lang, 'vote.form.existing')).waitFor();
    // The same name typed in another place clears the first one.
    await place(page, lang, 3).fill('LUIGI');
    await expect.poll(() => place(page, lang, 1).inputValue()).toBe('');
    await expect.poll(() => place(page, lang, 3).inputValue()).toBe('Luigi');

    // Medals on ranking rows: set, move (clearing the duplicate), toggle off.
    await medal(page, lang, 'Chez Nino', 1).click();
    await expect.poll(() => place(page, lang, 1).inputValue()).toBe('Chez Nino');
    await medal(page, lang, 'Chez Nino', 2).click();
    await expect.poll(() => place(page, lang, 1).inputValue()).toBe('');
    await expect.poll(() => place(page, lang, 2).inputValue()).toBe('Chez Nino');
    await expect.poll(() => medal(page, lang, 'Chez Nino', 2).getAttribute('aria-pressed')).toBe('true');
    await medal(page, lang, 'Chez Nino', 2).click();
    await expect.poll(() => place(page, lang, 2).inputValue()).toBe('');
    await medal(page, lang, 'Chez Nino', 2).click();

    // A near miss offers the existing name with its similarity.
    await place(page, lang, 1).fill('Pizeria da Marco');
    const suggestion = page.getByRole('button', { name: /Pizzeria Da Marco.*%/ });
    await suggestion.waitFor();
    await shoot(page, 'form-en-desktop');
    await expectNoSeriousA11yViolations(page, 'voting form');
    await suggestion.click();
    await expect.poll(() => place(page, lang, 1).inputValue()).toBe('Pizzeria Da Marco');

    await button(page, lang, 'vote.form.submit').click();
    await page.getByText(text(lang, 'vote.panel.saved')).waitFor();
    const summary = page.locator('.vote-summary');
    expect(await summary.locator('.vote-summary__name').allTextContents()).toEqual([
      'Pizzeria Da Marco',
      'Chez Nino',
      'Luigi',
    ]);
    // The ranking refreshed: Pizzeria Da Marco now has 3 + 3 + 3 points from three people.
    await rankingPoints(page, 'Pizzeria Da Marco', 9).waitFor();
    expect(await page.locator('.medal-buttons').count()).toBe(0);
    await shoot(page, 'summary-en-desktop');

    // Edit: the form opens with my places; emptying them all withdraws my votes.
    await button(page, lang, 'vote.panel.edit').click();
    await expect.poll(() => place(page, lang, 2).inputValue()).toBe('Chez Nino');
    for (const n of [1, 2, 3] as const) await place(page, lang, n).fill('');
    await button(page, lang, 'vote.form.submitNone').click();
    await page.getByText(text(lang, 'vote.panel.withdrawn')).waitFor();
    await button(page, lang, 'vote.panel.start').waitFor();
    await rankingPoints(page, 'Pizzeria Da Marco', 6).waitFor();
    await page.context().close();
  });

  it('shows the rules of the server in an inline alert when a save is refused', async () => {
    const lang = 'en';
    const topicId = await seedTopic('Best pizza');
    const page = await app.newPage(lang, { path: `/topic/${topicId}` });
    await register(page);
    await button(page, lang, 'vote.panel.start').click();
    await place(page, lang, 1).fill('Margherita');
    await page.route('**/api/search/propositions', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
    );
    await button(page, lang, 'vote.form.submit').click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toContain(text(lang, 'vote.error.submit'));
    await expect.poll(() => place(page, lang, 1).inputValue()).toBe('Margherita');
    await page.context().close();
  });
});

describe('live ranking', () => {
  it('updates an open topic page when someone else votes from the vote page', async () => {
    const topicId = await seedTopic('Best pizza');
    const watcher = await app.newPage('en', { path: `/topic/${topicId}` });
    await rankingRow(watcher, 'Chez Nino').waitFor();
    let polls = 0;
    watcher.on('request', (request) => {
      if (request.url().includes('/rankings/') || request.url().includes('/user-votes/')) polls += 1;
    });

    const voter = await app.newPage('fr', { path: '/' });
    await register(voter);
    await voter.goto(`/vote/${topicId}?lng=fr`);
    await place(voter, 'fr', 1).waitFor();
    await shoot(voter, 'vote-page-fr-desktop');
    await expectNoSeriousA11yViolations(voter, 'vote page');
    await place(voter, 'fr', 1).fill('Trattoria Nuova');
    await button(voter, 'fr', 'vote.form.submit').click();
    await voter.getByText(text('fr', 'vote.panel.saved')).waitFor();

    // No reload, no polling: the new proposition arrives through the event stream.
    await rankingRow(watcher, 'Trattoria Nuova').waitFor({ timeout: 10_000 });
    expect(polls).toBe(0);
    await Promise.all([watcher.context().close(), voter.context().close()]);
  });

  it('lays out the vote page and the panel on a phone', async () => {
    const topicId = await seedTopic('Best pizza');
    for (const lang of ['en', 'fr'] as const) {
      const page = await app.newPage(lang, { path: '/', viewport: PHONE });
      await register(page);
      await page.goto(`/vote/${topicId}?lng=${lang}`);
      await place(page, lang, 1).fill('Pizeria');
      await shoot(page, `vote-page-${lang}-phone`);
      await page.goto(`/topic/${topicId}?lng=${lang}`);
      await button(page, lang, 'vote.panel.start').waitFor();
      await shoot(page, `no-vote-${lang}-phone`);
      await button(page, lang, 'vote.panel.start').click();
      await medal(page, lang, 'Luigi', 1).click();
      await shoot(page, `form-${lang}-phone`);
      await button(page, lang, 'vote.form.submit').click();
      await page.getByText(text(lang, 'vote.panel.saved')).waitFor();
      await shoot(page, `summary-${lang}-phone`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
      await page.context().close();
    }
  });
});
