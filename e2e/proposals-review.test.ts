import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import {
  ADMIN,
  callApi,
  DESKTOP,
  expectNoSeriousA11yViolations,
  openAdminScreen,
  rankingPoints,
  rankingRow,
  register,
  SCREENSHOT_DIR,
  seedTopic,
  setupE2E,
  shootFullPage,
  text,
  userMenuButton,
  voteAsNewUser,
} from './support/index.js';

const app = setupE2E();
const PHONE_360 = { width: 360, height: 800 } as const;

const adminToken = async () =>
  (await callApi(app.url, 'POST', '/auth/login', { email: ADMIN.email, password: ADMIN.password }))
    .accessToken;

/** The review queue's card of a proposal, by its name. */
const proposalCard = (page: Page, name: string) =>
  page.locator('.proposal').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The element that has the keyboard, by its text. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

/** The picture, and what a person would notice first: the page scrolling sideways. */
async function shoot(page: Page, name: string) {
  // From the top: a page scrolled by a click would draw its sticky header halfway down the picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootFullPage(page, name);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** What the screen shows (a dialog over the page): a full page's picture would draw the sticky header mid-page. */
async function shootScreen(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

async function openQueue(page: Page, lng: Language, waitFor: string) {
  await openAdminScreen(page, '/admin/proposals', lng);
  await proposalCard(page, waitFor).waitFor();
}

describe('proposals under review', () => {
  it('a new name on a topic held for review counts for its voter only until an administrator approves it', async () => {
    const topicId = await seedTopic(app.url, 'Best ramen', [['Ramen Ya', 'Noodle Bar']]);
    const proposal = 'Ramen Ichiban';

    // The administrator holds the topic's new propositions for review in its editor.
    const admin = await app.asAdmin('en');
    await admin.goto(`/admin/topics/edit/${topicId}?lng=en`);
    const policy = admin.getByLabel(text('en', 'adminCatalogue.topicEdit.policy'), { exact: true });
    await policy.selectOption('review');
    await admin
      .locator('form', { has: policy })
      .getByRole('button', { name: text('en', 'action.save'), exact: true })
      .click();
    await admin.getByText(text('en', 'adminCatalogue.topicEdit.policySaved.review')).waitFor();
    await shoot(admin, 'topic-editor-policy-en-1280');

    // A voter types a name that matches no proposition and saves.
    const voter = await app.newPage('en', { path: `/topic/${topicId}` });
    await register(voter);
    await voter.getByRole('button', { name: text('en', 'vote.panel.start'), exact: true }).click();
    await voter.getByRole('textbox', { name: text('en', 'vote.place.1') }).fill(proposal);
    await voter.getByRole('textbox', { name: text('en', 'vote.place.2') }).fill('Ramen Ya');
    await voter.getByRole('button', { name: text('en', 'vote.form.submit'), exact: true }).click();
    await voter.getByText(text('en', 'vote.panel.savedAwaitingReview_one', { name: proposal })).waitFor();
    // Their own ballot says it awaits review; the public ranking does not list it.
    const mine = voter.locator('.vote-summary__item', { hasText: proposal });
    await mine.getByText(text('en', 'vote.review.badge'), { exact: true }).waitFor();
    await voter.getByText(text('en', 'vote.review.summary')).waitFor();
    await rankingPoints(voter, 'Ramen Ya', 5).waitFor();
    expect(await rankingRow(voter, proposal).count()).toBe(0);
    // Editing the ballot, the form says the same of that place.
    await voter.getByRole('button', { name: text('en', 'vote.panel.edit'), exact: true }).click();
    await voter
      .locator('.vote-place', { has: voter.getByRole('textbox', { name: text('en', 'vote.place.1') }) })
      .getByText(text('en', 'vote.review.explain'))
      .waitFor();
    await expectNoSeriousA11yViolations(voter, 'ballot with a proposal awaiting review');
    await voter.getByRole('button', { name: text('en', 'vote.form.cancel'), exact: true }).click();
    await shoot(voter, 'vote-awaiting-review-en-1280');

    // The administrator sees the count beside the admin panel's entry and on the queue's card.
    await admin.goto('/admin?lng=en');
    const pendingOne = text('en', 'adminProposals.pending_one', { count: '1' });
    const card = admin.getByRole('link', {
      name: new RegExp(text('en', 'adminCatalogue.panel.proposals.title')),
    });
    await expect.poll(() => card.textContent()).toContain(pendingOne);
    await shoot(admin, 'admin-panel-proposals-en-1280');
    await (await userMenuButton(admin, ADMIN.username)).click();
    const entry = admin.getByRole('menuitem', { name: new RegExp(`^${text('en', 'nav.adminPanel')}`) });
    await expect.poll(() => entry.textContent()).toContain(pendingOne);
    await shootScreen(admin, 'user-menu-pending-en-1280');
    await admin.keyboard.press('Escape');

    await card.click();
    await admin.waitForURL(/\/admin\/proposals/);
    await openQueue(admin, 'en', proposal);
    const item = proposalCard(admin, proposal);
    expect(await item.textContent()).toContain(
      text('en', 'adminProposals.item.points_other', { count: '3' }),
    );
    await item.getByRole('link', { name: /Best ramen/ }).waitFor();
    await expectNoSeriousA11yViolations(admin, 'review queue');

    await item.getByRole('button', { name: `${text('en', 'adminProposals.approve')} ${proposal}` }).click();
    await admin
      .getByRole('status')
      .getByText(/is approved/)
      .waitFor();
    await expect.poll(() => proposalCard(admin, proposal).count()).toBe(0);
    // The queue is empty now: the keyboard is on its heading, which says so.
    await expect.poll(() => focusedText(admin)).toBe(text('en', 'adminProposals.pending_zero'));
    await admin.getByText(text('en', 'adminProposals.empty')).waitFor();

    // The public ranking lists it with the points its ballot gave it.
    const visitor = await app.newPage('en', { path: `/topic/${topicId}` });
    await rankingPoints(visitor, proposal, 3).waitFor();
    for (const page of [admin, voter, visitor]) await page.context().close();
  });

  it('a proposal rejected with a reason leaves its voter a notice in their language, until they dismiss it', async () => {
    // Seeded while new names are still published: its two propositions are in the ranking.
    const topicId = await seedTopic(app.url, 'Best pasta', [['Trattoria Roma', 'Pasta Fresca']]);
    // The site's setting, on its page: every topic that follows it holds new names for review.
    const admin = await app.asAdmin('en');
    for (const [lng, viewport] of [
      ['en', DESKTOP],
      ['fr', PHONE_360],
      ['en', PHONE_360],
      ['fr', DESKTOP],
    ] as const) {
      await admin.setViewportSize(viewport);
      await openAdminScreen(admin, '/admin/settings', lng);
      await admin.getByRole('radio', { name: text(lng, 'proposalPolicy.review') }).waitFor();
      await shoot(admin, `admin-settings-${lng}-${viewport.width}`);
    }
    await admin.setViewportSize(DESKTOP);
    await openAdminScreen(admin, '/admin/settings', 'en');
    await expectNoSeriousA11yViolations(admin, 'settings');
    await admin.getByRole('radio', { name: text('en', 'proposalPolicy.review') }).check();
    await admin.getByRole('button', { name: text('en', 'action.save'), exact: true }).click();
    await admin.getByRole('status').getByText(text('en', 'adminSettings.saved.review')).waitFor();
    await admin.getByText(/Last saved by admin/).waitFor();
    await shoot(admin, 'admin-settings-en-1280-saved');

    try {
      const proposal = 'Pâtes du coin';
      // A French voter on a phone proposes a name.
      const voter = await app.newPage('fr', { path: `/topic/${topicId}`, viewport: PHONE_360 });
      await register(voter);
      await voter.getByRole('button', { name: text('fr', 'vote.panel.start'), exact: true }).click();
      await voter.getByRole('textbox', { name: text('fr', 'vote.place.1') }).fill(proposal);
      await voter.getByRole('button', { name: text('fr', 'vote.form.submit'), exact: true }).click();
      await voter.getByText(text('fr', 'vote.panel.savedAwaitingReview_one', { name: proposal })).waitFor();

      // The administrator turns it down: off topic, with a note.
      await openQueue(admin, 'en', proposal);
      const item = proposalCard(admin, proposal);
      await item.getByRole('button', { name: `${text('en', 'adminProposals.reject')} ${proposal}` }).click();
      const reason = item.getByLabel(text('en', 'adminProposals.reject.reason', { name: proposal }));
      await expect.poll(() => reason.evaluate((element) => element === document.activeElement)).toBe(true);
      await reason.selectOption('off_topic');
      await item.getByLabel(text('en', 'adminProposals.reject.note')).fill('We rank restaurants here.');
      await item.getByRole('button', { name: text('en', 'adminProposals.reject'), exact: true }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByText(text('en', 'adminProposals.reject.ballots_one')).waitFor();
      await expectNoSeriousA11yViolations(admin, 'reject confirmation');
      await shootScreen(admin, 'admin-proposals-reject-en-1280');
      await dialog
        .getByRole('button', { name: text('en', 'adminProposals.reject.confirm'), exact: true })
        .click();
      await admin
        .getByRole('status')
        .getByText(text('en', 'adminProposals.done.rejected_one', { name: proposal, count: '1' }))
        .waitFor();
      await expect.poll(() => proposalCard(admin, proposal).count()).toBe(0);

      // The voter opens the topic again: the notice says why, in French, with the note.
      await app.reload(voter);
      const notice = text('fr', 'vote.notice.rejected', {
        name: proposal,
        reason: text('fr', 'proposals.reason.off_topic.text'),
      });
      await voter.getByText(notice).waitFor();
      await voter.getByText(text('fr', 'vote.notice.note', { note: 'We rank restaurants here.' })).waitFor();
      await expectNoSeriousA11yViolations(voter, 'notice of a rejection');
      await shoot(voter, 'vote-notice-fr-360');
      // Their ballot lost it: they have no vote left on the topic.
      await voter.getByText(text('fr', 'vote.panel.noVote')).waitFor();

      await voter.getByRole('button', { name: text('fr', 'action.dismiss'), exact: true }).click();
      await expect.poll(() => voter.getByText(notice).count()).toBe(0);
      await app.reload(voter);
      await voter.getByText(text('fr', 'vote.panel.noVote')).waitFor();
      expect(await voter.getByText(notice).count()).toBe(0);
      await voter.context().close();
    } finally {
      await callApi(app.url, 'PUT', '/admin/settings', { proposalPolicy: 'publish' }, await adminToken());
      await admin.context().close();
    }
  });

  it('an administrator merges a proposal from the queue into the proposition it repeats', async () => {
    const topicId = await seedTopic(app.url, 'Best sushi', [['Sushi Zen', 'Maki Bar']]);
    await callApi(
      app.url,
      'PUT',
      `/admin/topics/${topicId}`,
      { proposalPolicy: 'review' },
      await adminToken(),
    );
    const typed = 'Sushi Zenn';
    const voterToken = await voteAsNewUser(app.url, topicId, [typed, 'Maki Bar']);
    await voteAsNewUser(app.url, topicId, [
      'Omakase Counter at the Old Fish Market, Shinjuku Station East Exit',
    ]);
    await voteAsNewUser(app.url, topicId, ['Kaiten-Sushi-Restaurant Fischmarktstraße']);

    const admin = await app.asAdmin('en');
    // The queue with several proposals, in each language on a phone and on a desktop.
    for (const [lng, viewport] of [
      ['en', DESKTOP],
      ['en', PHONE_360],
      ['fr', PHONE_360],
      ['fr', DESKTOP],
      ['de', PHONE_360],
    ] as const) {
      await admin.setViewportSize(viewport);
      await openQueue(admin, lng, typed);
      await shoot(admin, `admin-proposals-${lng}-${viewport.width}`);
    }
    await expectNoSeriousA11yViolations(admin, 'review queue in German on a phone');

    await admin.setViewportSize(DESKTOP);
    await openQueue(admin, 'en', typed);
    const item = proposalCard(admin, typed);
    // Its similar proposition is named on its card, and offered first.
    // Polled: the card shows before its similar propositions have been looked up.
    await expect
      .poll(() => item.textContent())
      .toContain(text('en', 'adminProposals.item.similar', { names: '“Sushi Zen”' }));
    await item.getByRole('button', { name: `${text('en', 'adminProposals.merge')} ${typed}` }).click();
    const into = item.getByLabel(text('en', 'adminCatalogue.topicEdit.mergeInto', { name: typed }));
    await expect
      .poll(() => into.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.text))
      .toBe('Sushi Zen');
    await expectNoSeriousA11yViolations(admin, 'merge from the queue');
    await item.scrollIntoViewIfNeeded();
    await shootScreen(admin, 'admin-proposals-merge-en-1280');
    await item
      .getByRole('button', { name: text('en', 'adminCatalogue.topicEdit.merge'), exact: true })
      .click();
    const dialog = admin.getByRole('dialog');
    await dialog
      .getByText(
        text('en', 'adminCatalogue.topicEdit.mergeBallots_one', {
          count: '1',
          name: typed,
          into: 'Sushi Zen',
        }),
      )
      .waitFor();
    await dialog
      .getByRole('button', { name: text('en', 'adminCatalogue.topicEdit.mergeConfirm'), exact: true })
      .click();
    await admin
      .getByRole('status')
      .getByText(text('en', 'adminProposals.done.merged', { name: typed, into: 'Sushi Zen' }))
      .waitFor();
    await expect.poll(() => proposalCard(admin, typed).count()).toBe(0);
    // The keyboard moved on to the next proposal's name.
    await expect
      .poll(() => focusedText(admin))
      .toBe('Omakase Counter at the Old Fish Market, Shinjuku Station East Exit');

    // The ranking adds the merged ballot to the proposition, and its voter is told.
    const visitor = await app.newPage('en', { path: `/topic/${topicId}` });
    await rankingPoints(visitor, 'Sushi Zen', 6).waitFor();
    expect(await rankingRow(visitor, typed).count()).toBe(0);
    const { notices } = await callApi(app.url, 'GET', `/search/user-votes/${topicId}`, undefined, voterToken);
    expect(notices).toMatchObject([{ kind: 'merged', propositionName: typed, intoName: 'Sushi Zen' }]);
    for (const page of [admin, visitor]) await page.context().close();
  });
});
