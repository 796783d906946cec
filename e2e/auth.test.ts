import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  expectNoSeriousA11yViolations,
  login,
  logout,
  newCredentials,
  register,
  setupE2E,
  text,
  userMenuButton,
} from './support/index.js';

const app = setupE2E();

describe('authentication', () => {
  it('welcomes a newcomer on the page after sign-up and leaves the keyboard on the account menu', async () => {
    for (const lang of ['fr', 'de'] as const) {
      const page = await app.newPage(lang);
      const user = await register(page);
      await page
        .getByRole('status')
        .filter({ hasText: text(lang, 'auth.welcome', { name: user.username }) })
        .waitFor();
      const menu = await userMenuButton(page, user.username);
      await expect.poll(() => menu.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.context().close();
    }
  });

  it('registers, stays signed in after a reload, logs out, and logs back in', async () => {
    const page = await app.newPage('en');
    await expectNoSeriousA11yViolations(page, 'home as visitor');
    const user = await register(page);
    expect(await page.evaluate(() => [localStorage.token, localStorage.refreshToken].every(Boolean))).toBe(
      true,
    );
    await expect.poll(() => page.getByRole('link', { name: text('en', 'nav.profile') }).count()).toBe(1);

    await page.reload();
    await (await userMenuButton(page, user.username)).waitFor();
    await expectNoSeriousA11yViolations(page, 'home signed in');

    await logout(page, user.username);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.token ?? null)).toBeNull();

    await login(page, user);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('shows the account menu with username, e-mail, profile and logout but no admin link', async () => {
    const page = await app.newPage('en');
    const user = await register(page);
    await (await userMenuButton(page, user.username)).click();
    await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
    const popover = page.locator('.menu__popover');
    await expect.poll(() => popover.textContent()).toContain(user.email);
    await expect.poll(() => page.getByRole('menuitem', { name: text('en', 'nav.profile') }).count()).toBe(1);
    expect(await page.getByRole('menuitem', { name: text('en', 'nav.adminPanel') }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'user menu open');
  });

  it('shows the server refusal of a wrong password in the dialog, in the UI language', async () => {
    const page = await app.newPage('de');
    const user = await register(page);
    await logout(page, user.username);
    await page
      .getByRole('banner')
      .getByRole('button', { name: text('de', 'nav.login'), exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="email"]').fill(user.email);
    await dialog.locator('input[name="password"]').fill('wrong-password');
    await dialog.locator('button[type="submit"]').click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(text('de', 'error.INVALID_CREDENTIALS'));
    expect(new URL(page.url()).pathname).toBe('/');
    await expectNoSeriousA11yViolations(page, 'login dialog with error');
  });

  it('catches missing fields, a short password and a mismatch before sending anything', async () => {
    const page = await app.newPage('en');
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/register')) registerCalls += 1;
    });
    await page
      .getByRole('banner')
      .getByRole('button', { name: text('en', 'nav.register'), exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('button[type="submit"]').click();
    await expect.poll(() => dialog.getByText(text('en', 'form.required')).count()).toBe(4);
    expect(
      await dialog.locator('input[name="username"]').evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await dialog.locator('input[name="username"]').fill('shorty');
    await dialog.locator('input[name="email"]').fill('shorty@example.test');
    await dialog.locator('input[name="password"]').fill('12345');
    await dialog.locator('input[name="confirmPassword"]').fill('12346');
    await dialog.locator('button[type="submit"]').click();
    await expect
      .poll(() => dialog.getByText(text('en', 'form.passwordTooShort', { min: '6' })).count())
      .toBe(1);
    await expect.poll(() => dialog.getByText(text('en', 'form.passwordMismatch')).count()).toBe(1);
    await expect
      .poll(() => dialog.locator('input[name="password"]').getAttribute('aria-invalid'))
      .toBe('true');
    await expectNoSeriousA11yViolations(page, 'register dialog with errors');
    expect(registerCalls).toBe(0);
  });

  it.each(['fr', 'de'] as const)(
    'tells under the username which characters are allowed when it holds a space (%s)',
    async (lng) => {
      const page = await app.newPage(lng);
      await page
        .getByRole('banner')
        .getByRole('button', { name: text(lng, 'nav.register'), exact: true })
        .click();
      const dialog = page.getByRole('dialog');
      const username = dialog.locator('input[name="username"]');
      await username.fill('jo hn');
      await username.blur();
      await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true');
      // The message is the field's own description, the text under it that a screen reader reads with it.
      const describedBy = await username.getAttribute('aria-describedby');
      expect(await dialog.locator(`[id="${describedBy}"]`).textContent()).toBe(
        text(lng, 'form.usernameShape'),
      );
    },
  );

  it('shows a taken e-mail as the server says it', async () => {
    const page = await app.newPage('en');
    const first = await register(page);
    await logout(page, first.username);
    await page
      .getByRole('banner')
      .getByRole('button', { name: text('en', 'nav.register'), exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    const second = newCredentials({ email: first.email });
    await dialog.locator('input[name="username"]').fill(second.username);
    await dialog.locator('input[name="email"]').fill(second.email);
    await dialog.locator('input[name="password"]').fill(second.password);
    await dialog.locator('input[name="confirmPassword"]').fill(second.password);
    await dialog.locator('button[type="submit"]').click();
    await expect.poll(() => dialog.getByText(text('en', 'error.EMAIL_EXISTS')).count()).toBe(1);
  });

  it('switching between login and register clears the form, and passwords can be shown', async () => {
    const page = await app.newPage('en');
    await page
      .getByRole('banner')
      .getByRole('button', { name: text('en', 'nav.login'), exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="email"]').fill('someone@example.test');
    const password = dialog.locator('input[name="password"]');
    await password.fill('secret');
    await expect.poll(() => password.getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: text('en', 'field.showPassword') }).click();
    await expect.poll(() => password.getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: text('en', 'field.hidePassword') }).click();
    await expect.poll(() => password.getAttribute('type')).toBe('password');

    await dialog.getByRole('button', { name: text('en', 'auth.login.switch') }).click();
    await expect
      .poll(() => dialog.getByRole('heading').textContent())
      .toBe(text('en', 'auth.register.title'));
    await expect.poll(() => dialog.locator('input[name="email"]').inputValue()).toBe('');
    await expect.poll(() => dialog.locator('input[name="confirmPassword"]').count()).toBe(1);
    await dialog.getByRole('button', { name: text('en', 'auth.register.switch') }).click();
    expect(await dialog.locator('input[name="username"]').count()).toBe(0);
  });
});

describe('route guards', () => {
  it('sends a visitor on /profile to /login, then back to /profile after signing in', async () => {
    const signup = await app.newPage('en');
    const user = await register(signup);
    const page = await app.newPage('en', { path: '/profile' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(text('en', 'page.login.title'));
    await expectNoSeriousA11yViolations(page, '/login');
    await page.locator('main input[name="email"]').fill(user.email);
    await page.locator('main input[name="password"]').fill(user.password);
    await page.locator('main button[type="submit"]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/profile');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      text('en', 'page.profile.title'),
    );
  });

  it('sends a visitor on /vote/1 to /login', async () => {
    const page = await app.newPage('en', { path: '/vote/1' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  });

  it('sends a signed-in non-admin on /admin home, without loading admin code', async () => {
    const page = await app.newPage('en');
    const adminChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/Admin/.test(request.url())) adminChunks.push(request.url());
    });
    await register(page);
    await page.goto('/admin/users');
    await page.locator('header.site-header').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(adminChunks).toEqual([]);
  });

  it('lets an administrator see the Admin Panel link and open /admin', async () => {
    const page = await app.asAdmin('en');
    await (await userMenuButton(page)).click();
    await page.getByRole('menuitem', { name: text('en', 'nav.adminPanel') }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(text('en', 'admin.panel.title'));
    await expectNoSeriousA11yViolations(page, '/admin');
    for (const [path, key] of [
      ['/admin/users', 'admin.users.title'],
      ['/admin/topics/edit/some-topic', 'admin.topicEdit.title'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text('en', key));
    }
    expect(ADMIN.email).toContain('@');
  });
});
