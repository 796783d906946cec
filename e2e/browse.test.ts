import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PopularTopicsData, RankingData } from '../common/api/topics.js';
import type { Language } from '../common/constants.js';
import { topicDisplayTitle } from '../common/text/index.js';
import { expectNoSeriousA11yViolations, PHONE, SCREENSHOT_DIR, setupE2E, text } from './support/index.js';

const e2e = setupE2E({ SEED: 'demo' });

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.url}/api${path}`);
  const body = (await response.json()) as { data: T };
  return body.data;
}

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `browse-${name}.png`), fullPage: true });
}

async function popular(language: Language, limit = 6) {
  return (await api<PopularTopicsData>(`/topics/popular/${language}?limit=${limit}`)).topics;
}

describe('home page', () => {
  for (const [language, viewport] of [
    ['fr', undefined],
    ['en', PHONE],
  ] as const) {
    it(`shows the hero, six popular topics and the featured main topic in ${language}`, async () => {
      const page = await e2e.newPage(language, viewport ? { viewport } : {});
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(text(language, 'home.hero.title'));
      const expected = await popular(language);
      const cards = page.locator('.topic-card');
      await cards.first().waitFor();
      await expect.poll(() => cards.count()).toBe(6);
      const titles = await page.locator('.topic-card__title').allTextContents();
      expect(titles).toEqual(expected.map((topic) => topicDisplayTitle(topic)));
      await page.getByRole('heading', { name: text(language, 'home.featured.title') }).waitFor();
      await page.locator('.featured__sub').first().waitFor();
      await expectNoSeriousA11yViolations(page, `home ${language}`);
      await screenshot(page, `home-${language}-${viewport ? 'phone' : 'desktop'}`);
      await page.context().close();
    });
  }

  it('follows the interface language when it changes', async () => {
    const page = await e2e.newPage('fr');
    await page.locator('.topic-card').first().waitFor();
    const [french, english] = await Promise.all([popular('fr'), popular('en')]);
    expect(await page.locator('.topic-card__title').first().textContent()).toBe(
      topicDisplayTitle(french[0] ?? {}),
    );
    await page.goto('/?lng=en');
    await expect
      .poll(() => page.locator('.topic-card__title').first().textContent())
      .toBe(topicDisplayTitle(english[0] ?? {}));
    await page.context().close();
  });

  it('sends a search from the hero to /search?q=', async () => {
    const page = await e2e.newPage('en');
    const box = page.locator('.home-hero').getByRole('combobox').or(page.locator('.home-hero input')).first();
    await box.fill('pizza paris');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=pizza(\+|%20)paris/);
    await page.context().close();
  });
});

describe('topic page', () => {
  for (const [language, viewport] of [
    ['en', undefined],
    ['fr', PHONE],
  ] as const) {
    it(`opens from a card and shows the topic and its ranking in ${language}`, async () => {
      const page = await e2e.newPage(language, viewport ? { viewport } : {});
      const [first] = await popular(language, 1);
      if (!first) throw new Error('demo content has no topics');
      await page.locator('.topic-card__link').first().click();
      await page.waitForURL(new RegExp(`/topic/${first.id}`));
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(topicDisplayTitle(first));
      await expect
        .poll(() => page.locator('.topic-facts__language').textContent())
        .toBe(first.language.toUpperCase());

      const ranking = await api<RankingData>(`/search/rankings/topic/${first.id}?language=${language}`);
      const rows = page.locator('.ranking__row');
      await rows.first().waitFor();
      await expect.poll(() => rows.count()).toBe(ranking.rankings.length);
      await expect
        .poll(() => page.locator('.ranking__name').first().textContent())
        .toBe(ranking.rankings[0]?.itemName);
      expect(await page.locator('.ranking__row .medal-icon').count()).toBe(
        Math.min(3, ranking.rankings.length),
      );

      const toggle = rows.first().locator('.ranking__toggle');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      await rows.first().getByText(text(language, 'topic.ranking.firstPlaces')).waitFor();

      // Let the rows finish animating in before judging contrast and taking the picture.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter(
              (animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
            )
            .map((animation) => animation.finished),
        ),
      );
      await expectNoSeriousA11yViolations(page, `topic ${language}`);
      await screenshot(page, `topic-${language}-${viewport ? 'phone' : 'desktop'}`);

      await page.getByRole('button', { name: text(language, 'topic.back') }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.context().close();
    });
  }

  it('lists a main topic’s sub-topics and filters them with tag chips', async () => {
    const mains = await api<PopularTopicsData>('/topics/popular/en?type=main&limit=1');
    const main = mains.topics[0];
    if (!main) throw new Error('demo content has no main topic');
    const page = await e2e.newPage('en', { path: `/topic/${main.id}` });
    const chips = page.locator('.tag-filter .chip');
    await chips.first().waitFor();
    const before = await page.locator('.topic-card').count();
    await chips.first().click();
    await expect.poll(() => chips.first().getAttribute('aria-pressed')).toBe('true');
    await page.waitForURL(/tags=/);
    await expect.poll(() => page.locator('.topic-card').count()).toBeLessThanOrEqual(before);
    await expectNoSeriousA11yViolations(page, 'main topic');
    await screenshot(page, 'main-topic-en-desktop');
    await page.context().close();
  });

  it('shows rows without animation when the user prefers reduced motion', async () => {
    const [first] = await popular('en', 1);
    const page = await e2e.newPage('en', { path: `/topic/${first?.id}`, reducedMotion: 'reduce' });
    await page.locator('.ranking__row').first().waitFor();
    const animation = await page
      .locator('.ranking__row')
      .nth(1)
      .evaluate((row) => getComputedStyle(row).animationName);
    expect(animation).toBe('none');
    await page.context().close();
  });

  it('shows the not-found text with a way back for an unknown topic', async () => {
    const page = await e2e.newPage('en', { path: '/topic/999999' });
    await page.getByRole('heading', { name: text('en', 'topic.notFound.title') }).waitFor();
    await page.getByRole('link', { name: text('en', 'page.notFound.home') }).waitFor();
    await page.context().close();
  });

  it('is served with the topic’s own title and description for link previews', async () => {
    const [first] = await popular('de', 1);
    const response = await fetch(`${e2e.url}/topic/${first?.id}?lng=de`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain(`<meta property="og:title" content="`);
    expect(html).toContain('hreflang="es"');
    expect(html).toContain('application/ld+json');
    expect(html).toContain('<html lang="de"');
  });
});

describe('not-found page', () => {
  it('shows the not-found page at an unknown address, which stays in the address bar, and its link goes home', async () => {
    const page = await e2e.newPage('es', { path: '/no/such/page' });
    const title = text('es', 'page.notFound.title');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await expect.poll(() => page.title()).toBe(`${title} · Podium`);
    expect((await page.reload())?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expectNoSeriousA11yViolations(page, 'not found at /no/such/page');
    await page
      .getByRole('main')
      .getByRole('link', { name: text('es', 'page.notFound.home') })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(text('es', 'home.hero.title'));
    await page.context().close();
  });
});
