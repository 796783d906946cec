import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SearchResponseDto } from '../common/api/search.js';
import type { PopularTopicsData } from '../common/api/topics.js';
import { SEARCH_DEBOUNCE_MS } from '../common/constants.js';
import { callApi, newCredentials, setupE2E, text, userMenuButton } from './support/index.js';

const e2e = setupE2E({ SEED: 'demo' });

interface FirstLoad {
  page: Page;
  /** Console errors and warnings, and uncaught exceptions, from the first byte on. */
  problems: string[];
  /** Every request the page made. */
  requests: Request[];
}

/** Opens `path` in a fresh context, recording from before the document arrives; waits for hydration. */
async function openFirstLoad(path: string, setup?: (page: Page) => Promise<void>): Promise<FirstLoad> {
  const page = await e2e.newPage(null, { path: '/404' });
  await setup?.(page);
  const problems: string[] = [];
  const requests: Request[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => requests.push(request));
  await page.goto(path);
  // Hydrated and the session read: the header's account corner has its final content.
  await page.locator('.site-header__actions-placeholder').waitFor({ state: 'detached' });
  return { page, problems, requests };
}

/** The page's cumulative layout shift so far (every shift not caused by input, since the first paint). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

describe('the home page rendered on the server', () => {
  it('hydrates without a warning and without fetching the popular topics again', async () => {
    const popular = await callApi<PopularTopicsData>(e2e.url, 'GET', '/topics/popular/de?limit=6');
    expect(popular.topics.length).toBeGreaterThan(0);
    const { page, problems, requests } = await openFirstLoad('/?lng=de');

    // The document itself already held the content (no JavaScript needed to see it).
    const documentHtml = await (await page.request.get('/?lng=de')).text();
    expect(documentHtml).toContain('<html lang="de"');
    expect(documentHtml).toContain('id="podium-page-data"');

    await page.getByRole('heading', { name: text('de', 'home.hero.title') }).waitFor();
    const firstTitle = popular.topics[0]?.title as string;
    await page.getByText(firstTitle, { exact: true }).first().waitFor();
    // Let the effects after hydration run, then look at what was asked for.
    await page.waitForLoadState('networkidle');
    const apiCalls = requests
      .map((request) => new URL(request.url()).pathname)
      .filter((p) => p.startsWith('/api/'));
    expect(apiCalls.filter((p) => p.startsWith('/api/topics/popular'))).toEqual([]);
    expect(apiCalls.filter((p) => p.startsWith('/api/topics/main'))).toEqual([]);
    expect(apiCalls.filter((p) => p.startsWith('/api/translations/ui'))).toEqual([]);
    expect(problems).toEqual([]);
    // Hydration and the header's completion move nothing on screen.
    const shift = await layoutShift(page);
    console.info(`home, signed out: cumulative layout shift ${shift.toFixed(4)}`);
    expect(shift).toBeLessThan(0.01);

    // Interactive: the hero's search box takes input and suggests.
    const box = page.locator('.home-hero').getByRole('combobox');
    await box.fill('pizza');
    expect(await box.inputValue()).toBe('pizza');
    await page.locator('.home-hero').getByRole('listbox').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('completes the header with the user menu after hydration for a signed-in person', async () => {
    const credentials = newCredentials();
    const session = await callApi<{ accessToken: string; refreshToken: string }>(
      e2e.url,
      'POST',
      '/auth/register',
      credentials,
    );
    const { page, problems } = await openFirstLoad('/?lng=en', async (first) => {
      // Signed in as the app keeps a session: both tokens in localStorage.
      await first.evaluate(
        ({ token, refreshToken }) => {
          localStorage.setItem('token', token);
          localStorage.setItem('refreshToken', refreshToken);
        },
        { token: session.accessToken, refreshToken: session.refreshToken },
      );
    });
    // The server could not know the person: its HTML has the placeholder, never a sign-in button.
    const documentHtml = await (await page.request.get('/?lng=en')).text();
    expect(documentHtml).toContain('site-header__actions-placeholder');
    expect(documentHtml).not.toContain(`>${text('en', 'nav.login')}<`);

    await (await userMenuButton(page, credentials.username)).waitFor();
    const shift = await layoutShift(page);
    console.info(`home, signed in: cumulative layout shift ${shift.toFixed(4)}`);
    expect(shift).toBeLessThan(0.01);
    expect(
      await page
        .getByRole('banner')
        .getByRole('button', { name: text('en', 'nav.login') })
        .count(),
    ).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the search page rendered on the server', () => {
  it('hydrates a search with a query without a warning, a loading flash or a second search', async () => {
    const found = await callApi<SearchResponseDto>(e2e.url, 'GET', '/search/smart?q=pizza&lang=en');
    const firstTitle = found.suggestions[0]?.title as string;
    const { page, problems, requests } = await openFirstLoad('/search?q=pizza&lng=en', async (first) => {
      // Any spinner the page shows on its way (the lazy page's Suspense fallback, a results loader).
      await first.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('.page-spinner, .spinner'))
            document.documentElement.dataset.spinnerSeen = 'yes';
        }).observe(document, { childList: true, subtree: true });
      });
    });
    await page.locator('.search-results').getByText(firstTitle, { exact: true }).first().waitFor();
    // Past the box's debounce and every effect after hydration.
    await page.waitForTimeout(SEARCH_DEBOUNCE_MS * 2);
    await page.waitForLoadState('networkidle');
    const apiCalls = requests
      .map((request) => new URL(request.url()).pathname)
      .filter((p) => p.startsWith('/api/'));
    expect(apiCalls.filter((p) => p.startsWith('/api/search'))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.dataset.spinnerSeen ?? 'no')).toBe('no');
    // The address is the one asked for: hydration wrote nothing into it.
    expect(new URL(page.url()).search).toBe('?q=pizza&lng=en');
    expect(problems).toEqual([]);
    const shift = await layoutShift(page);
    console.info(`search, signed out: cumulative layout shift ${shift.toFixed(4)}`);
    expect(shift).toBeLessThan(0.01);

    // Interactive: typing another query searches it and the address follows.
    const brunch = await callApi<SearchResponseDto>(e2e.url, 'GET', '/search/smart?q=brunch&lang=en');
    await page.getByRole('searchbox').fill('brunch');
    await page
      .locator('.search-results')
      .getByText(brunch.suggestions[0]?.title as string, { exact: true })
      .first()
      .waitFor();
    await page.waitForURL(/[?&]q=brunch(&|$)/);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
