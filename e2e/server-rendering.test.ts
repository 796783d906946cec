import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SearchResponseDto } from '../common/api/search.js';
import type { HubData, PopularTopicsData, RankingData } from '../common/api/topics.js';
import { type Language, SEARCH_DEBOUNCE_MS } from '../common/constants.js';
import {
  animationsSettled,
  callApi,
  DESKTOP,
  newCredentials,
  PHONE,
  SCREENSHOT_DIR,
  setupE2E,
  text,
  userMenuButton,
} from './support/index.js';

const e2e = setupE2E({ SEED: 'demo' });

interface FirstLoad {
  page: Page;
  /** Console errors and warnings, and uncaught exceptions, from the first byte on. */
  problems: string[];
  /** Every request the page made. */
  requests: Request[];
}

/** Opens `path` in a fresh context, recording from before the document arrives; waits for hydration. */
async function openFirstLoad(
  path: string,
  setup?: (page: Page) => Promise<void>,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<FirstLoad> {
  const page = await e2e.newPage(null, { path: '/404', viewport });
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

/** The demo seed's most voted hub and, among its sub-topics, the first with a podium. */
async function demoHub(language: Language) {
  const mains = await callApi<PopularTopicsData>(
    e2e.url,
    'GET',
    `/topics/popular/${language}?limit=1&type=main`,
  );
  const hubId = mains.topics[0]?.id as number;
  const hub = await callApi<HubData>(e2e.url, 'GET', `/topics/main/${hubId}/hub?lang=${language}`);
  const sub = hub.subTopics.find((topic) => topic.podium.length > 0);
  if (!sub) throw new Error('the demo hub has no voted sub-topic');
  return { hubId, hub, sub };
}

/** The first load's calls to the API, by path (the live ranking's stream apart: it only starts in the browser). */
const apiPaths = (requests: Request[]) =>
  requests.map((request) => new URL(request.url()).pathname).filter((p) => p.startsWith('/api/'));

describe('the topic page and the hub rendered on the server', () => {
  it('hydrates a sub-topic without a warning, a second fetch of its data, a replayed animation or a shift at phone width', async () => {
    const { hub, sub } = await demoHub('en');
    const ranking = await callApi<RankingData>(
      e2e.url,
      'GET',
      `/search/rankings/topic/${sub.id}?language=en`,
    );
    expect(ranking.rankings.length).toBeGreaterThan(3);
    const { page, problems, requests } = await openFirstLoad(
      `/topic/${sub.id}?lng=en`,
      async (first) => {
        // Marks the server's ranking rows before any script runs: hydration must keep these very nodes
        // (a re-created row would replay its entrance animation).
        await first.addInitScript(() => {
          document.addEventListener('readystatechange', () => {
            if (document.readyState !== 'interactive') return;
            for (const row of document.querySelectorAll('.ranking__row'))
              (row as Element & { fromServer?: boolean }).fromServer = true;
          });
        });
      },
      PHONE,
    );
    const panel = page.locator('.vote-panel');
    await panel.getByRole('button', { name: text('en', 'vote.panel.login') }).waitFor();
    await page.waitForLoadState('networkidle');

    const calls = apiPaths(requests);
    expect(calls.filter((p) => p === `/api/topics/${sub.id}`)).toEqual([]);
    expect(calls.filter((p) => p.startsWith('/api/search/rankings/'))).toEqual([]);
    expect(calls.filter((p) => p.startsWith(`/api/topics/main/${hub.mainTopic.id}`))).toEqual([]);
    expect(calls.filter((p) => p.startsWith('/api/translations/ui'))).toEqual([]);
    expect(problems).toEqual([]);

    const rows = page.locator('.ranking__row');
    expect(await rows.count()).toBe(ranking.rankings.length);
    expect(
      await rows.evaluateAll((all) =>
        all.every((row) => (row as Element & { fromServer?: boolean }).fromServer),
      ),
    ).toBe(true);
    const shift = await layoutShift(page);
    console.info(`topic, signed out, phone: cumulative layout shift ${shift.toFixed(4)}`);
    expect(shift).toBeLessThan(0.01);
    await page.context().close();
  });

  it('hydrates a hub filtered by a tag without a warning or a second fetch of its sub-topics', async () => {
    const { hubId, hub } = await demoHub('fr');
    const tag = hub.availableTags[0]?.tags[0];
    expect(tag).toBeDefined();
    const filtered = await callApi<HubData>(
      e2e.url,
      'GET',
      `/topics/main/${hubId}/hub?lang=fr&tags=${tag?.slug}`,
    );
    const { page, problems, requests } = await openFirstLoad(`/topic/${hubId}?lng=fr&tags=${tag?.slug}`);
    expect(filtered.subTopics.length).toBeGreaterThan(0);
    expect(filtered.subTopics.length).toBeLessThan(hub.subTopics.length);
    await page.locator('.podium').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.podium').count()).toBe(filtered.subTopics.length);
    expect(apiPaths(requests).filter((p) => p.startsWith('/api/topics/'))).toEqual([]);
    expect(problems).toEqual([]);
    // The filter is live: its chip is pressed and clearing it shows the whole hub again.
    await page.getByRole('button', { name: text('fr', 'topic.filter.clear') }).click();
    await page.waitForURL((url) => !url.search.includes('tags='));
    await expect.poll(() => page.locator('.podium').count()).toBe(hub.subTopics.length);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the ranking and the hub’s sub-topics without JavaScript, in English and in French', async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const language of ['en', 'fr'] as const) {
      const { hubId, hub, sub } = await demoHub(language);
      const ranking = await callApi<RankingData>(
        e2e.url,
        'GET',
        `/search/rankings/topic/${sub.id}?language=${language}`,
      );
      const topicPage = await e2e.newPage(language, {
        path: `/topic/${sub.id}`,
        viewport: PHONE,
        javaScriptEnabled: false,
      });
      expect(await topicPage.locator('html').getAttribute('lang')).toBe(language);
      await topicPage.getByRole('heading', { name: text(language, 'topic.ranking.title') }).waitFor();
      for (const entry of ranking.rankings)
        await topicPage.locator('.ranking__name', { hasText: entry.itemName }).first().waitFor();
      // The voting panel says why it holds no form, rather than standing empty (by its class: Playwright
      // does not match text inside <noscript>, which a browser without JavaScript shows).
      const noScript = topicPage.locator('.vote-panel__no-script');
      expect(await noScript.isVisible()).toBe(true);
      expect(await noScript.textContent()).toBe(text(language, 'vote.panel.noScript'));
      // "Last vote" says the day, since "2 minutes ago" is only said by the app.
      expect(await topicPage.locator('.topic-aside__facts time').textContent()).toMatch(/\b20\d\d\b/);
      // The rows fade in (CSS, so also without JavaScript): the picture is of the ranking once it has.
      await animationsSettled(topicPage);
      await topicPage.screenshot({
        path: resolve(SCREENSHOT_DIR, `server-rendered-topic-no-js-${language}-phone.png`),
        fullPage: true,
      });
      await topicPage.context().close();

      const hubPage = await e2e.newPage(language, { path: `/topic/${hubId}`, javaScriptEnabled: false });
      expect(await hubPage.locator('.podium').count()).toBe(hub.subTopics.length);
      for (const subTopic of hub.subTopics)
        await hubPage
          .locator('.podium__name', { hasText: subTopic.podium[0]?.itemName ?? '' })
          .first()
          .waitFor();
      await hubPage.screenshot({
        path: resolve(SCREENSHOT_DIR, `server-rendered-hub-no-js-${language}-desktop.png`),
        fullPage: true,
      });
      // A tag chip filters the hub without JavaScript too (a GET form), and the page keeps its language.
      const tag = hub.availableTags[0]?.tags[0];
      if (!tag) throw new Error('the demo hub has no tag to filter by');
      const filtered = await callApi<HubData>(
        e2e.url,
        'GET',
        `/topics/main/${hubId}/hub?lang=${language}&tags=${tag.slug}`,
      );
      expect(filtered.subTopics.length).toBeLessThan(hub.subTopics.length);
      await hubPage.getByRole('button', { name: tag.name }).click();
      await hubPage.waitForURL((url) => url.searchParams.get('tags') === tag.slug);
      expect(await hubPage.locator('.podium').count()).toBe(filtered.subTopics.length);
      expect(await hubPage.getByRole('button', { name: tag.name }).getAttribute('aria-pressed')).toBe('true');
      expect(await hubPage.locator('html').getAttribute('lang')).toBe(language);
      await hubPage.getByRole('button', { name: text(language, 'topic.filter.clear') }).click();
      // The hub's own address again, with no empty `tags=` left in it.
      await hubPage.waitForURL((url) => !url.searchParams.has('tags'));
      expect(new URL(hubPage.url()).search).toBe(`?lng=${language}`);
      expect(await hubPage.locator('.podium').count()).toBe(hub.subTopics.length);
      await hubPage.context().close();
    }
  });
});
