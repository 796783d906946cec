import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
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
} from './support/index.js';
import { NARROW, shootChecked } from './support/shots.js';

const app = setupE2E();

const followButton = (page: Page, lng: Language, state: 'follow' | 'following' | 'login') =>
  page.getByRole('button', { name: text(lng, `follow.button.${state}`), exact: true });

async function voteAs(page: Page, topicId: number) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.post('/api/search/propositions', {
    headers: { authorization: `Bearer ${token}` },
    data: { topicId, propositions: [{ itemName: 'E2E Follow', points: 3 }], userTags: [] },
  });
  expect(response.status()).toBeLessThan(300);
}

describe('following topics', () => {
  it('invites a signed-out visitor to sign in first', async () => {
    const topicId = await seedVotedTopic(app.url, 'Followed pizza');
    const page = await app.newPage('en', { path: `/topic/${topicId}` });
    await hydrated(followButton(page, 'en', 'login'));
    await followButton(page, 'en', 'login').click();
    await page.getByRole('dialog').waitFor();
    await page.context().close();
  });

  it('follows a main topic from its page, still shown followed after a reload', async () => {
    const { accessToken: admin } = await callApi(app.url, 'POST', '/auth/login', {
      email: ADMIN.email,
      password: ADMIN.password,
    });
    const { category } = await callApi(
      app.url,
      'POST',
      '/admin/categories',
      { name: 'Hubs to follow' },
      admin,
    );
    const { topic: hub } = await callApi(
      app.url,
      'POST',
      '/admin/topics',
      { name: 'Best cities to follow', categoryId: category.id, language: 'en', isMainTopic: true },
      admin,
    );
    const page = await app.newPage('en', { viewport: NARROW });
    await register(page);
    await page.goto(`/topic/${hub.id}?lng=en`);
    const follow = followButton(page, 'en', 'follow');
    await hydrated(follow);
    await follow.click();
    await expect.poll(() => followButton(page, 'en', 'following').getAttribute('aria-pressed')).toBe('true');
    await app.reload(page);
    await expect.poll(() => followButton(page, 'en', 'following').getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'follow-hub-en-360.png'), animations: 'disabled' });
    await page.context().close();
  });

  it('shows more followed topics page after page, past the 100 one request may ask for', async () => {
    const { accessToken: admin } = await callApi(app.url, 'POST', '/auth/login', {
      email: ADMIN.email,
      password: ADMIN.password,
    });
    const { category } = await callApi(
      app.url,
      'POST',
      '/admin/categories',
      { name: 'Many to follow' },
      admin,
    );
    const page = await app.newPage('en');
    await register(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const FOLLOWED = 105;
    for (let i = 0; i < FOLLOWED; i++) {
      const { topic } = await callApi(
        app.url,
        'POST',
        '/admin/topics',
        { name: `Followed place ${i}`, categoryId: category.id, language: 'en' },
        admin,
      );
      await callApi(app.url, 'PUT', `/topics/${topic.id}/follow`, undefined, token ?? '');
    }

    await page.goto('/profile?lng=en');
    const items = page.locator('.followed-topics__item');
    const more = page.getByRole('button', { name: text('en', 'follow.profile.more') });
    await expect.poll(() => items.count()).toBe(20);
    for (let shown = 20; shown < FOLLOWED; shown = Math.min(FOLLOWED, shown + 20)) {
      await hydrated(more);
      await more.click();
      await expect.poll(() => items.count()).toBe(Math.min(FOLLOWED, shown + 20));
    }
    expect(await more.count()).toBe(0);
    expect(await page.locator('section[aria-labelledby="followed-topics-title"] .alert').count()).toBe(0);
    const titles = await items.getByRole('link').allTextContents();
    expect(new Set(titles).size).toBe(FOLLOWED);
    await page.context().close();
  });

  for (const lng of ['fr', 'de'] as const) {
    it(`follows a topic by keyboard, lists it on the profile with the voted one, and stops following both (${lng})`, async () => {
      const followed = await seedVotedTopic(app.url, `Followed ${lng}`);
      const voted = await seedVotedTopic(app.url, `Voted ${lng}`);
      const page = await app.newPage(lng, { viewport: NARROW, reducedMotion: 'reduce' });
      await register(page);

      await page.goto(`/topic/${followed}?lng=${lng}`);
      const follow = followButton(page, lng, 'follow');
      await hydrated(follow);
      expect(await follow.getAttribute('aria-pressed')).toBe('false');
      await follow.focus();
      await page.keyboard.press('Space');
      const following = followButton(page, lng, 'following');
      await expect.poll(() => following.getAttribute('aria-pressed')).toBe('true');
      await page
        .getByRole('status')
        .filter({ hasText: text(lng, 'follow.status.followed') })
        .waitFor();
      await expectNoSeriousA11yViolations(page, `topic page following ${lng}`);
      await page
        .locator('.topic-aside__card')
        .first()
        .screenshot({
          path: join(SCREENSHOT_DIR, `follow-button-${lng}-360.png`),
          animations: 'disabled',
        });

      await voteAs(page, voted);
      await page.goto(`/profile?lng=${lng}`);
      const items = page.locator('.followed-topics__item');
      await expect.poll(() => items.count()).toBe(2);
      const byVote = items.filter({ hasText: text(lng, 'follow.reason.vote') });
      expect(await byVote.getByRole('link').getAttribute('href')).toBe(`/topic/${voted}`);
      const chosen = items.filter({ hasText: text(lng, 'follow.reason.explicit') });
      expect(await chosen.getByRole('link').getAttribute('href')).toBe(`/topic/${followed}`);
      await expectNoSeriousA11yViolations(page, `profile follows ${lng}`);
      await shootChecked(page, `follow-profile-${lng}-360`);
      await page.locator('section[aria-labelledby="followed-topics-title"]').screenshot({
        path: join(SCREENSHOT_DIR, `follow-list-${lng}-360.png`),
        animations: 'disabled',
      });

      await chosen.getByRole('button', { name: text(lng, 'follow.profile.unfollow') }).click();
      await expect.poll(() => items.count()).toBe(1);
      await page
        .getByRole('status')
        .filter({ hasText: text(lng, 'follow.profile.unfollowed', { title: '' }).slice(0, 8) })
        .waitFor();

      const votedSwitch = page.getByRole('checkbox', { name: text(lng, 'follow.profile.votedSwitch') });
      expect(await votedSwitch.isChecked()).toBe(true);
      await votedSwitch.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => items.count()).toBe(0);
      expect(await votedSwitch.isChecked()).toBe(false);
      await page.getByText(text(lng, 'follow.profile.empty')).waitFor();
      await page.context().close();
    });
  }
});
