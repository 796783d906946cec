import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { pageLanguage, text } from './texts.js';

export interface Credentials {
  username: string;
  email: string;
  password: string;
}

export function newCredentials(overrides: Partial<Credentials> = {}): Credentials {
  const id = randomBytes(4).toString('hex');
  return {
    username: `user_${id}`,
    email: `user_${id}@example.test`,
    password: 'secret-pass-1',
    ...overrides,
  };
}

/** The header's account menu button (of `username` when given), in whatever language the page shows. */
export async function userMenuButton(page: Page, username?: string) {
  const language = await pageLanguage(page);
  if (username) {
    return page.getByRole('button', {
      name: text(language, 'userMenu.button', { name: username }),
      exact: true,
    });
  }
  const after = text(language, 'userMenu.button', { name: '' });
  return page.getByRole('button', { name: new RegExp(`${after.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
}

async function headerButton(page: Page, key: string) {
  const lang = await pageLanguage(page);
  return page.getByRole('banner').getByRole('button', { name: text(lang, key), exact: true });
}

/** Signs up through the header's register dialog and waits until the header shows the account menu. */
export async function register(page: Page, overrides: Partial<Credentials> = {}): Promise<Credentials> {
  const user = newCredentials(overrides);
  await (await headerButton(page, 'nav.register')).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="username"]').fill(user.username);
  await dialog.locator('input[name="email"]').fill(user.email);
  await dialog.locator('input[name="password"]').fill(user.password);
  await dialog.locator('input[name="confirmPassword"]').fill(user.password);
  await dialog.locator('button[type="submit"]').click();
  await (await userMenuButton(page, user.username)).waitFor();
  return user;
}

/** Signs in through the header's login dialog and waits for the account menu. */
export async function login(page: Page, user: { email: string; password: string; username?: string }) {
  await (await headerButton(page, 'nav.login')).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="email"]').fill(user.email);
  await dialog.locator('input[name="password"]').fill(user.password);
  await dialog.locator('button[type="submit"]').click();
  await (await userMenuButton(page, user.username)).waitFor();
}

/** Logs out through the account menu and waits for the visitor's header. */
export async function logout(page: Page, username?: string): Promise<void> {
  await (await userMenuButton(page, username)).click();
  const lang = await pageLanguage(page);
  await page.getByRole('menuitem', { name: text(lang, 'nav.logout') }).click();
  await (await headerButton(page, 'nav.login')).waitFor();
}
