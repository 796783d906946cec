import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_LABELS, type Language } from '../common/constants.js';
import {
  expectNoSeriousA11yViolations,
  languageButton,
  pageLanguage,
  setupE2E,
  text,
} from './support/index.js';

const app = setupE2E();

const homeLink = (page: Page) => page.getByRole('navigation').getByRole('link').first();

async function switchLanguage(page: Page, to: Language) {
  const from = await pageLanguage(page);
  await languageButton(page, from).click();
  await page.getByRole('menuitemradio', { name: LANGUAGE_LABELS[to] }).click();
}

describe('language', () => {
  it('each language switch changes the header text, <html lang> and lng, and keeps the page', async () => {
    const page = await app.newPage('fr', { path: '/404' });
    expect(await homeLink(page).textContent()).toBe(text('fr', 'nav.home'));
    for (const lng of ['en', 'es', 'de', 'fr'] as const) {
      await switchLanguage(page, lng);
      await expect.poll(() => homeLink(page).textContent()).toBe(text(lng, 'nav.home'));
      await expect.poll(() => new URL(page.url()).searchParams.get('lng')).toBe(lng);
      expect(new URL(page.url()).pathname).toBe('/404');
      expect(await pageLanguage(page)).toBe(lng);
      await expectNoSeriousA11yViolations(page, `404 in ${lng}`);
    }
  });

  it('remembers the chosen language over the lng parameter after a reload', async () => {
    const page = await app.newPage('fr');
    await switchLanguage(page, 'de');
    await expect.poll(() => homeLink(page).textContent()).toBe(text('de', 'nav.home'));
    await page.goto('/?lng=es');
    await expect.poll(() => homeLink(page).textContent()).toBe(text('de', 'nav.home'));
    await expect.poll(() => new URL(page.url()).searchParams.get('lng')).toBe('de');
  });

  it('after choosing German, the server sends the next page already in German, catalog included', async () => {
    // Fetched with the page's cookies, as the browser asks for English; before any choice the server follows it.
    const page = await app.newPage('fr', { path: '/404' });
    const served = async () => {
      const response = await page.request.get('/404', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
      const html = await response.text();
      return {
        htmlLang: html.match(/<html lang="([^"]*)"/)?.[1],
        catalog: html.match(/id="podium-ui-catalog" data-language="([^"]*)"/)?.[1],
      };
    };
    expect(await served()).toEqual({ htmlLang: 'en', catalog: 'en' });
    await switchLanguage(page, 'de');
    await expect.poll(() => homeLink(page).textContent()).toBe(text('de', 'nav.home'));
    expect(await served()).toEqual({ htmlLang: 'de', catalog: 'de' });

    // Opened again without lng, the page starts from the catalog it came with: no catalog request.
    const catalogRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/translations/ui/')) catalogRequests.push(request.url());
    });
    await page.goto('/404');
    expect(await pageLanguage(page)).toBe('de');
    expect(catalogRequests).toEqual([]);
  });

  it('without a stored choice follows lng, then the browser language, then French', async () => {
    const fromParam = await app.newPage('es', { locale: 'de-DE' });
    expect(await pageLanguage(fromParam)).toBe('es');
    const fromBrowser = await app.newPage(null, { locale: 'de-DE' });
    expect(await pageLanguage(fromBrowser)).toBe('de');
    await expect.poll(() => new URL(fromBrowser.url()).searchParams.get('lng')).toBe('de');
    const fallback = await app.newPage(null, { locale: 'ja-JP' });
    expect(await pageLanguage(fallback)).toBe('fr');
  });

  it('ignores an unsupported lng parameter', async () => {
    const page = await app.newPage(null, { path: '/?lng=xx', locale: 'ja-JP' });
    expect(await pageLanguage(page)).toBe('fr');
    await expect.poll(() => new URL(page.url()).searchParams.get('lng')).toBe('fr');
  });

  it('never paints a raw translation key while the first catalog loads', async () => {
    const fresh = await app.newPage(null, { path: '/404' });
    await fresh.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { rawKeys: string[] }).rawKeys = seen;
      new MutationObserver(() => {
        const body = document.body?.textContent ?? '';
        const match = body.match(/\b(?:nav|auth|page|language|app)\.[A-Za-z]+/);
        if (match) seen.push(match[0]);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await fresh.reload();
    await fresh.locator('header.site-header').waitFor();
    expect(await fresh.evaluate(() => (window as unknown as { rawKeys: string[] }).rawKeys)).toEqual([]);
  });
});
