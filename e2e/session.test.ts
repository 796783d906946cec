import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { register, setupE2E, text, userMenuButton } from './support/index.js';

// Short enough to wait for, long enough that a token fresh from a refresh (its expiry is rounded down
// to the second, so it may live a second less) outlives the retries it serves on a busy machine.
const ACCESS_TTL_SECONDS = 5;
const app = setupE2E({ ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS) });

/** Resolves once the server refuses `token` as expired. */
async function waitForExpiry(token: string) {
  await expect
    .poll(
      async () => {
        const response = await fetch(`${app.url}/api/auth/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await response.json()) as { error?: { code?: string } }).error?.code;
      },
      { timeout: (ACCESS_TTL_SECONDS + 5) * 1000, interval: 250 },
    )
    .toBe('TOKEN_EXPIRED');
}

describe('session', () => {
  it('access-token expiry mid-session is invisible to the user', async () => {
    const page = await app.newPage('en');
    const user = await register(page);
    const firstToken = await page.evaluate(() => localStorage.token);
    await waitForExpiry(firstToken);
    await page.goto('/profile');
    await (await userMenuButton(page, user.username)).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      text('en', 'page.profile.title'),
    );
    expect(await page.evaluate(() => localStorage.token)).not.toBe(firstToken);
  });

  it('two tabs refreshing at the same moment both stay signed in', async () => {
    const first = await app.newPage('en');
    const user = await register(first);
    const second = await app.newTab(first.context(), '/?lng=en');
    await (await userMenuButton(second, user.username)).waitFor();

    // Hold every request that still carries the expired access token until both tabs have sent one:
    // neither tab can meet a 401 (and refresh) before the other has started with the same stale token,
    // so both want to refresh at once. Requests with a fresh token (retries, later calls) pass freely.
    let stale: string | null = null;
    let held: Array<() => void> = [];
    const tabsWithStaleToken = new Set<Page>();
    await first.context().route('**/api/**', async (route) => {
      const request = route.request();
      if (stale === null || request.headers().authorization !== `Bearer ${stale}`) {
        await route.continue();
        return;
      }
      tabsWithStaleToken.add(request.frame().page());
      if (tabsWithStaleToken.size < 2) await new Promise<void>((release) => held.push(release));
      else {
        for (const release of held) release();
        held = [];
      }
      await route.continue();
    });
    let refreshes = 0;
    first.context().on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes += 1;
    });

    for (let round = 1; round <= 2; round += 1) {
      const token: string = await first.evaluate(() => localStorage.token);
      stale = token;
      tabsWithStaleToken.clear();
      await waitForExpiry(token);
      await Promise.all([first.reload(), second.reload()]);
      for (const tab of [first, second]) {
        await (await userMenuButton(tab, user.username)).waitFor();
        expect(new URL(tab.url()).pathname).toBe('/');
      }
      expect(tabsWithStaleToken.size).toBe(2);
      // One rotation for both tabs: a second one would present a used refresh token and end the session.
      expect(refreshes).toBe(round);
      expect(await first.evaluate(() => localStorage.token)).not.toBe(stale);
    }
  });

  it('a logout in one tab signs out the other', async () => {
    const first = await app.newPage('en');
    const user = await register(first);
    const second = await app.newTab(first.context(), '/profile?lng=en');
    await (await userMenuButton(second, user.username)).waitFor();
    await (await userMenuButton(first, user.username)).click();
    await first.getByRole('menuitem', { name: text('en', 'nav.logout') }).click();
    await expect.poll(() => new URL(second.url()).pathname).toBe('/login');
    expect(await (await userMenuButton(second, user.username)).count()).toBe(0);
  });

  it('a rejected session is cleared and the browser goes to /login', async () => {
    const page = await app.newPage('en');
    await register(page);
    await page.evaluate(() => localStorage.setItem('token', 'not-a-token'));
    await page.reload();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await expect.poll(() => page.getByText(text('en', 'auth.sessionEnded')).count()).toBe(1);
    expect(
      await page.evaluate(() => [localStorage.token ?? null, localStorage.refreshToken ?? null]),
    ).toEqual([null, null]);
  });
});
