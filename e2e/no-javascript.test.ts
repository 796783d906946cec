import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SearchResponseDto } from '../common/api/search.js';
import type { PopularTopicsData } from '../common/api/topics.js';
import type { Language } from '../common/constants.js';
import { callApi, PHONE, setupE2E, text } from './support/index.js';

// The public pages a crawler, a link preview or a browser with JavaScript off gets: the server's HTML
// alone. (Topic and main-topic hub pages: e2e/server-rendering.test.ts.)
const e2e = setupE2E({ SEED: 'demo' });

const LANGUAGES: Language[] = ['fr', 'en'];

const openWithoutJavaScript = (language: Language, path: string): Promise<Page> =>
  e2e.newPage(language, { path, viewport: PHONE, javaScriptEnabled: false });

const heading = (page: Page, language: Language, key: string) =>
  page.getByRole('heading', { name: text(language, key) });

describe.each(LANGUAGES)('without JavaScript, in %s', (language) => {
  it('the home page shows its hero, the popular topics and the featured hub', async () => {
    const popular = await callApi<PopularTopicsData>(e2e.url, 'GET', `/topics/popular/${language}?limit=6`);
    const page = await openWithoutJavaScript(language, '/');
    await heading(page, language, 'home.hero.title').waitFor();
    await heading(page, language, 'home.popular.title').waitFor();
    await heading(page, language, 'home.featured.title').waitFor();
    for (const topic of popular.topics)
      expect(await page.getByText(topic.title, { exact: true }).count(), topic.title).toBeGreaterThan(0);
    await page.context().close();
  });

  it('the search page shows the results of the query in its address', async () => {
    const found = await callApi<SearchResponseDto>(e2e.url, 'GET', `/search/smart?q=pizza&lang=${language}`);
    expect(found.suggestions.length).toBeGreaterThan(1);
    const page = await openWithoutJavaScript(language, '/search?q=pizza');
    await heading(page, language, 'search.page.title').waitFor();
    expect(await page.getByRole('searchbox').inputValue()).toBe('pizza');
    const titles = await page.locator('.search-results .search-item__title').allTextContents();
    expect(titles).toEqual(found.suggestions.map((item) => item.title));
    await page.context().close();
  });

  it('the search box searches when Enter is pressed', async () => {
    const found = await callApi<SearchResponseDto>(e2e.url, 'GET', `/search/smart?q=brunch&lang=${language}`);
    const first = found.suggestions[0]?.title as string;
    const page = await openWithoutJavaScript(language, '/search');
    await page.getByRole('searchbox').fill('brunch');
    await Promise.all([page.waitForURL(/\/search\?q=brunch$/), page.getByRole('searchbox').press('Enter')]);
    await page.locator('.search-results').getByText(first, { exact: true }).first().waitFor();
    await page.context().close();
  });

  it('the not-found page says the page does not exist, with status 404', async () => {
    const page = await e2e.newPage(null, { viewport: PHONE, javaScriptEnabled: false, path: '/404' });
    const response = await page.goto(`/404?lng=${language}`);
    expect(response?.status()).toBe(404);
    await heading(page, language, 'page.notFound.title').waitFor();
    await page.getByText(text(language, 'page.notFound.text')).waitFor();
    await page.context().close();
  });
});
