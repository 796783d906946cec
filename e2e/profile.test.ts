import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import {
  type Credentials,
  expectNoSeriousA11yViolations,
  login,
  PHONE,
  pageLanguage,
  register,
  SCREENSHOT_DIR,
  setupE2E,
  text,
} from './support/index.js';

const app = setupE2E({ SEED: 'demo' });

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A signed-up user with a top 3 on the first two popular topics, on their profile page. */
async function voterOnProfile(lng: Language): Promise<{ page: Page; user: Credentials; topicIds: number[] }> {
  const page = await app.newPage(lng);
  const user = await register(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const popular = await page.request.get('/api/topics/popular/en?type=sub&limit=2');
  const topicIds: number[] = (await popular.json()).data.topics.map((topic: { id: number }) => topic.id);
  for (const topicId of topicIds) {
    const response = await page.request.post('/api/search/propositions', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        topicId,
        propositions: [
          { itemName: 'E2E Alpha', points: 3 },
          { itemName: 'E2E Beta', points: 2 },
        ],
        userTags: [],
      },
    });
    expect(response.status()).toBeLessThan(300);
  }
  await page.goto(`/profile?lng=${lng}`);
  await page.getByText(text(lng, 'profile.greeting', { username: user.username })).waitFor();
  await page.locator('.my-votes__item').first().waitFor();
  return { page, user, topicIds };
}

for (const lng of ['fr', 'en'] as const) {
  describe(`/profile in ${lng}`, () => {
    it('greets the user, lists their votes with links, and withdraws one after confirmation', async () => {
      const { page, topicIds } = await voterOnProfile(lng);
      const items = page.locator('.my-votes__item');
      await expect.poll(() => items.count()).toBe(2);
      const first = items.first();
      await expect.poll(() => first.getByRole('link').getAttribute('href')).toBe(`/topic/${topicIds[1]}`);
      expect(await first.locator('.my-votes__place').allTextContents()).toEqual([
        `${text(lng, 'profile.votes.points_other', { count: '3' })} E2E Alpha`,
        `${text(lng, 'profile.votes.points_other', { count: '2' })} E2E Beta`,
      ]);
      await expectNoSeriousA11yViolations(page, `profile ${lng}`);
      await shoot(page, `profile-${lng}-desktop`);
      await page.setViewportSize(PHONE);
      await shoot(page, `profile-${lng}-phone`);

      await first.getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expectNoSeriousA11yViolations(page, `withdraw dialog ${lng}`);
      await dialog.getByRole('button', { name: text(lng, 'profile.votes.withdraw') }).click();
      await expect.poll(() => items.count()).toBe(1);
      await page
        .getByRole('status')
        .filter({ hasText: text(lng, 'profile.votes.withdrawn', { title: '' }).slice(0, 8) })
        .waitFor();
    });

    it('validates the profile form inline, saves it, and switching the language changes the interface', async () => {
      const page = await app.newPage(lng);
      const user = await register(page);
      await page.goto(`/profile?lng=${lng}`);
      const formIn = (language: Language) =>
        page.locator('form', {
          has: page.getByRole('heading', { name: text(language, 'profile.form.title') }),
        });
      const form = formIn(lng);
      const username = form.locator('input[name="username"]');
      await username.fill('ab');
      await username.blur();
      await form.getByText(text(lng, 'form.usernameLength', { min: '3', max: '32' })).waitFor();
      await username.fill(`${user.username}_x`);
      await form.locator('input[name="firstName"]').fill('Zoé');
      const other = lng === 'fr' ? 'en' : 'fr';
      await form.locator('select[name="language"]').selectOption(other);
      await form.locator('button[type="submit"]').click();
      // The interface switches to the new preferred language, the form's own title included.
      await formIn(other)
        .getByRole('status')
        .filter({ hasText: text(other, 'profile.form.saved') })
        .waitFor();
      await expect.poll(() => pageLanguage(page)).toBe(other);
      await expectNoSeriousA11yViolations(page, `profile saved ${lng}`);

      const me = await page.request.get('/api/auth/me', {
        headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
      });
      expect((await me.json()).data.user).toMatchObject({
        username: `${user.username}_x`,
        firstName: 'Zoé',
        language: other,
      });
    });

    it('changes the password: mismatch and short passwords are refused, success is announced, other sessions end', async () => {
      const page = await app.newPage(lng);
      const user = await register(page);
      const otherDevice = await app.newPage(lng);
      await login(otherDevice, user);
      await page.goto(`/profile?lng=${lng}`);
      const form = page.locator('form', {
        has: page.getByRole('heading', { name: text(lng, 'profile.password.title') }),
      });
      await form.locator('input[name="currentPassword"]').fill('wrong password');
      await form.locator('input[name="newPassword"]').fill('12345');
      await form.locator('input[name="confirmPassword"]').fill('54321');
      await form.locator('button[type="submit"]').click();
      await form.getByText(text(lng, 'form.passwordTooShort', { min: '6' })).waitFor();
      await form.getByText(text(lng, 'form.passwordMismatch')).waitFor();
      // Show / hide keeps the value.
      await form
        .getByRole('button', { name: text(lng, 'field.showPassword') })
        .nth(1)
        .click();
      await expect.poll(() => form.locator('input[name="newPassword"]').getAttribute('type')).toBe('text');

      await form.locator('input[name="newPassword"]').fill('brand-new-pass');
      await form.locator('input[name="confirmPassword"]').fill('brand-new-pass');
      await form.locator('button[type="submit"]').click();
      await form.getByText(text(lng, 'profile.password.wrongCurrent')).waitFor();
      await expectNoSeriousA11yViolations(page, `password errors ${lng}`);

      await form.locator('input[name="currentPassword"]').fill(user.password);
      await form.locator('button[type="submit"]').click();
      await form
        .getByRole('status')
        .filter({ hasText: text(lng, 'profile.password.saved') })
        .waitFor();

      // This tab keeps working with its fresh session; the other device's refresh token is dead.
      await page.reload();
      await page.getByText(text(lng, 'profile.greeting', { username: user.username })).waitFor();
      const refresh = await otherDevice.request.post('/api/auth/refresh', {
        data: { refreshToken: await otherDevice.evaluate(() => localStorage.getItem('refreshToken')) },
      });
      expect(refresh.status()).toBe(401);
      await otherDevice.context().close();
    });
  });
}

describe('sign out everywhere', () => {
  it('ends this session and the other devices at once, and brings the person home signed out', async () => {
    const lng = 'fr';
    const page = await app.newPage(lng, { viewport: PHONE });
    const user = await register(page);
    const otherDevice = await app.newPage(lng);
    await login(otherDevice, user);
    const otherToken = await otherDevice.evaluate(() => localStorage.getItem('token'));

    await page.goto(`/profile?lng=${lng}`);
    const card = page.locator('section', {
      has: page.getByRole('heading', { name: text(lng, 'profile.sessions.title') }),
    });
    await card.getByText(text(lng, 'profile.sessions.text')).waitFor();
    await shoot(page, `profile-sessions-${lng}-phone`);
    await card.getByRole('button', { name: text(lng, 'profile.sessions.everywhere') }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: text(lng, 'nav.login'), exact: true })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // The other device's access token stops working now, not when it expires.
    await expect
      .poll(async () =>
        (
          await otherDevice.request.get('/api/auth/me', {
            headers: { authorization: `Bearer ${otherToken}` },
          })
        ).status(),
      )
      .toBe(401);
    await Promise.all([page.context().close(), otherDevice.context().close()]);
  });
});

describe('e-mail change', () => {
  it.each([
    ['en', undefined],
    ['de', PHONE],
  ] as const)(
    'asks for the current password when the e-mail changes, says when it is wrong, and with it waits for the new address to be confirmed (%s)',
    async (lng, viewport) => {
      const page = await app.newPage(lng, viewport ? { viewport } : {});
      const user = await register(page);
      await page.goto(`/profile?lng=${lng}`);
      const form = page.locator('form', {
        has: page.getByRole('heading', { name: text(lng, 'profile.form.title') }),
      });
      const current = form.locator('input[name="currentPassword"]');
      expect(await current.count(), 'no password asked while the e-mail is unchanged').toBe(0);

      const newEmail = `new.${user.email}`;
      await form.locator('input[name="email"]').fill(newEmail);
      await current.waitFor();
      await form.locator('button[type="submit"]').click();
      await form.getByText(text(lng, 'form.required')).waitFor();
      await current.fill('not the password');
      await form.locator('button[type="submit"]').click();
      await form.getByText(text(lng, 'profile.password.wrongCurrent')).waitFor();
      await shoot(page, `profile-email-password-${lng}${viewport ? '-phone' : ''}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport?.width ?? Number.POSITIVE_INFINITY,
      );
      await expectNoSeriousA11yViolations(page, 'e-mail change, wrong password');

      await current.fill(user.password);
      await form.locator('button[type="submit"]').click();
      // Asked for, not changed: the account keeps its address until the link mailed to the new one is followed.
      await form
        .getByRole('status')
        .filter({ hasText: text(lng, 'account.emailChange.sent', { email: newEmail }) })
        .waitFor();
      expect(await current.count(), 'the field goes once the new e-mail is asked for').toBe(0);
      expect(await form.locator('input[name="email"]').inputValue()).toBe(user.email);
      await form.getByText(text(lng, 'account.emailChange.waiting', { email: newEmail })).waitFor();
      await form.getByRole('button', { name: text(lng, 'account.emailChange.drop') }).waitFor();
      await expectNoSeriousA11yViolations(page, 'e-mail change pending');
      await shoot(page, `profile-email-pending-${lng}${viewport ? '-phone' : ''}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport?.width ?? Number.POSITIVE_INFINITY,
      );
      await page.context().close();
    },
  );
});
