import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SearchResponseDto } from '../common/api/search.js';
import type { PopularTopicsData } from '../common/api/topics.js';
import type { Language } from '../common/constants.js';
import {
  DESKTOP,
  expectNoSeriousA11yViolations,
  hydrated,
  PHONE,
  SCREENSHOT_DIR,
  setupE2E,
  text,
} from './support/index.js';

const e2e = setupE2E({ SEED: 'demo' });

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.url}/api${path}`);
  return ((await response.json()) as { data: T }).data;
}

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `search-${name}.png`), fullPage: false });
}

/** Runs `body` on a fresh page and always closes its context, so a failure cannot slow the next test. */
async function onPage(
  lng: Language,
  options: Parameters<typeof e2e.newPage>[1],
  body: (page: Page) => Promise<void>,
) {
  const page = await e2e.newPage(lng, options);
  try {
    await body(page);
  } finally {
    await page.context().close();
  }
}

const headerBox = (page: Page) => page.locator('.site-header').getByRole('combobox');
/** How a result matched, as only administrators see it ("Relevance 8", "Score 35", "All words"…). */
const INTERNALS_EN = /Relevance \d|Score \d|All words|Exact match|Partial match|Matched words/;
const listbox = (page: Page) => page.locator('.site-header').getByRole('listbox');

describe('global search box', () => {
  it('suggests topics while typing and opens the highlighted one with the keyboard', async () => {
    await onPage('en', {}, async (page) => {
      const box = headerBox(page);
      await box.fill('pizz');
      const options = listbox(page).getByRole('option');
      await options.first().waitFor();
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => box.getAttribute('aria-controls')).toBe(await listbox(page).getAttribute('id'));
      await expect.poll(() => listbox(page).textContent()).toMatch(/pizza/i);
      // The polite live region tells screen readers how many suggestions arrived.
      const expected = await api<SearchResponseDto>('/search/predictive?q=pizz&lang=en');
      await expect
        .poll(() => page.locator('.site-header [aria-live="polite"]').textContent())
        .toBe(`${expected.suggestions.length} suggestions`);

      await box.press('ArrowDown');
      await box.press('ArrowDown');
      const second = options.nth(1);
      await expect
        .poll(() => box.getAttribute('aria-activedescendant'))
        .toBe(await second.getAttribute('id'));
      await expect.poll(() => second.getAttribute('aria-selected')).toBe('true');
      await expectNoSeriousA11yViolations(page, 'search dropdown');
      const chosen = expected.suggestions[1];
      await box.press('Enter');
      await page.waitForURL(
        (url) => url.pathname === (chosen?.type === 'topic' ? `/topic/${chosen.id}` : '/search'),
      );
      await expect.poll(() => box.inputValue()).toBe(chosen?.title);
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    });
  });

  it('closes on Escape and on an outside click, and opens the search page on Enter', async () => {
    await onPage('fr', {}, async (page) => {
      const box = headerBox(page);
      await box.fill('burger');
      await listbox(page).getByRole('option').first().waitFor();
      await box.press('Escape');
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
      await box.fill('burgers');
      await listbox(page).getByRole('option').first().waitFor();
      await page.locator('main').click({ position: { x: 5, y: 5 } });
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
      await box.focus();
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'burgers');
      await page.locator('.search-result').first().waitFor();
    });
  });

  // Issue 22: a typo within the bound is found, and the suggestion says which word it matched.
  it('finds a misspelled word and shows the word it matched', async () => {
    await onPage('en', {}, async (page) => {
      await headerBox(page).fill('piza');
      const first = listbox(page).getByRole('option').first();
      await first.waitFor();
      await expect
        .poll(() => first.textContent())
        .toContain(text('en', 'search.matchedWords', { words: 'pizza' }));
    });
  });

  it('helps with a word misspelled beyond the typos search forgives', async () => {
    await onPage('en', {}, async (page) => {
      const box = headerBox(page);
      await box.fill('pzzia');
      const popup = page.locator('.site-header .search-box__popup');
      await popup.getByText(text('en', 'search.empty.title', { query: 'pzzia' })).waitFor();
      await popup.getByText(text('en', 'search.empty.hint')).waitFor();
      await popup.getByRole('button', { name: 'pizza' }).click();
      await expect.poll(() => box.inputValue()).toBe('pizza');
      await listbox(page).getByRole('option').first().waitFor();
    });
  });

  it('opens a category choice as a category search', async () => {
    await onPage('en', {}, async (page) => {
      await headerBox(page).fill('cocktail');
      await listbox(page)
        .getByRole('option', { name: /Subcategory.*Cocktail bars/ })
        .click();
      await page.waitForURL(
        (url) => url.pathname === '/search' && url.searchParams.get('category') === 'Cocktail bars',
      );
      await page.locator('.search-result').first().waitFor();
      expect(await page.locator('.search-page__count').textContent()).toMatch(
        /in the category “Cocktail bars”/,
      );
    });
  });

  for (const [language, viewport] of [
    ['fr', DESKTOP],
    ['en', DESKTOP],
    ['fr', PHONE],
    ['en', PHONE],
  ] as const) {
    it(`looks right in ${language} at ${viewport.width}px`, async () => {
      await onPage(language, { viewport }, async (page) => {
        await headerBox(page).fill(language === 'fr' ? 'meilleure pizza' : 'best pizza');
        await listbox(page).getByRole('option').first().waitFor();
        await screenshot(page, `dropdown-${language}-${viewport.width}`);
      });
    });
  }
});

describe('search page', () => {
  it('prompts without a query and scrolls through every popular topic', async () => {
    await onPage('en', { path: '/search' }, async (page) => {
      await page.getByText(text('en', 'search.page.prompt')).waitFor();
      expect(
        await page.getByRole('link', { name: text('en', 'search.page.goHome') }).getAttribute('href'),
      ).toBe('/');
      await page.locator('.topic-card').first().waitFor();
      await expect.poll(() => page.locator('.topic-card').count()).toBe(20);
      await expectNoSeriousA11yViolations(page, 'search page prompt');
      const total = (await api<PopularTopicsData>('/topics/popular/en?limit=100')).topics.length;
      const end = page.locator('.search-page__end');
      // Each time the sentinel comes into view the next page loads, until the end marker replaces it.
      await expect
        .poll(
          async () => {
            const sentinel = page.locator('.search-page__sentinel');
            if (await sentinel.count()) await sentinel.scrollIntoViewIfNeeded().catch(() => undefined);
            return end.isVisible();
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe(true);
      await expect
        .poll(() => end.textContent())
        .toBe(text('en', 'search.page.end', { count: String(total) }));
      await expect.poll(() => page.locator('.topic-card').count()).toBe(total);
    });
  });

  for (const [language, viewport] of [
    ['fr', DESKTOP],
    ['en', DESKTOP],
    ['fr', PHONE],
    ['en', PHONE],
  ] as const) {
    it(`lists, sorts and filters results in ${language} at ${viewport.width}px`, async () => {
      const q = language === 'fr' ? 'pizza paris' : 'pizza Paris';
      await onPage(language, { path: `/search?q=${encodeURIComponent(q)}`, viewport }, async (page) => {
        const results = page.locator('.search-result');
        await results.first().waitFor();
        const expected = await api<SearchResponseDto>(
          `/search/smart?q=${encodeURIComponent(q)}&lang=${language}`,
        );
        await expect.poll(() => results.count()).toBe(expected.suggestions.length);
        expect(await page.locator('.search-page__count').textContent()).toContain(
          String(expected.suggestions.length),
        );
        await expectNoSeriousA11yViolations(page, `search page ${language}`);
        await screenshot(page, `page-${language}-${viewport.width}`);

        const priceChip = page.getByRole('button', { name: text(language, 'tagType.PRICE') });
        await priceChip.click();
        await expect.poll(() => priceChip.getAttribute('aria-pressed')).toBe('true');
        const withPrice = expected.suggestions.filter((s) =>
          s.tags.some((tag) => tag.type === 'PRICE'),
        ).length;
        await expect.poll(() => results.count()).toBe(withPrice);

        await page.getByLabel(text(language, 'search.page.sortBy')).selectOption('category');
        await expect.poll(() => results.count()).toBe(withPrice);
      });
    });
  }

  it('updates the address bar while typing and offers spelling suggestions', async () => {
    await onPage('en', { path: '/search?q=pizza' }, async (page) => {
      await page.locator('.search-result').first().waitFor();
      const input = page.locator('.search-page__input');
      // Typing into the server's markup before React owns it would never reach the address bar.
      await hydrated(input);
      // "resturant" is found now (one typo); "pzzia" is two edits from "pizza", beyond a 5-letter word's one.
      await input.fill('pzzia');
      await page.waitForURL((url) => url.searchParams.get('q') === 'pzzia');
      await page.getByText(text('en', 'search.empty.title', { query: 'pzzia' })).waitFor();
      await page.locator('.search-page__correction', { hasText: 'pizza' }).first().click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'pizza');
      await page.locator('.search-result').first().waitFor();
      await expect.poll(() => input.inputValue()).toBe('pizza');
    });
  });

  it('lists the topics of a tag and opens one', async () => {
    await onPage('fr', { path: '/search?tag=Lyon' }, async (page) => {
      const first = page.locator('.search-result').first();
      await first.waitFor();
      const href = await first.getAttribute('href');
      expect(href).toMatch(/^\/topic\/\d+$/);
      await first.click();
      await page.waitForURL((url) => url.pathname === href);
    });
  });
});

describe('calm search page', () => {
  it('shows visitors no relevance, score or match label, and administrators all of them', async () => {
    await onPage('en', { path: '/search?q=pizza' }, async (page) => {
      const first = page.locator('.search-result').first();
      await first.waitFor();
      // Votes are for everyone: the row still says how much a topic is used.
      await expect.poll(() => first.textContent()).toMatch(/\d+ votes?/);
      expect(await page.locator('.search-results').textContent()).not.toMatch(INTERNALS_EN);
    });
    // Nor does the dropdown of suggestions, on any page but the search page.
    await onPage('en', {}, async (page) => {
      await headerBox(page).fill('pizz');
      await listbox(page).getByRole('option').first().waitFor();
      expect(await listbox(page).textContent()).not.toMatch(INTERNALS_EN);
    });

    const admin = await e2e.asAdmin('en');
    try {
      await admin.goto('/search?q=pizza&lng=en');
      await admin.locator('.search-result').first().waitFor();
      await expect.poll(() => admin.locator('.search-results').textContent()).toMatch(/Relevance 8/);
      const rows = await admin.locator('.search-results').textContent();
      expect(rows).toMatch(/Score \d+/);
      expect(rows).toMatch(/All words|Exact match/);
    } finally {
      await admin.context().close();
    }
  });

  it('keeps the chosen tag type and order in the address, through a reload, and writes no defaults', async () => {
    await onPage('fr', { path: '/search?q=pizza' }, async (page) => {
      const results = page.locator('.search-result');
      await results.first().waitFor();
      const priceChip = page.getByRole('button', { name: text('fr', 'tagType.PRICE') });
      await hydrated(priceChip);
      await priceChip.click();
      await page.waitForURL((url) => url.searchParams.get('type') === 'PRICE');
      const sort = page.getByLabel(text('fr', 'search.page.sortBy'));
      await sort.selectOption('category');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'category');
      expect(new URL(page.url()).searchParams.get('q')).toBe('pizza');
      const filtered = await results.count();

      await page.reload();
      // The reloaded page's server HTML shows before React runs it; a control used until then does nothing.
      await hydrated(sort);
      await expect.poll(() => priceChip.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => sort.inputValue()).toBe('category');
      await expect.poll(() => results.count()).toBe(filtered);

      // Back to the defaults: nothing of them is written.
      await sort.selectOption('best');
      await page.getByRole('button', { name: text('fr', 'search.page.filterAll') }).click();
      await page.waitForURL((url) => !url.searchParams.has('sort') && !url.searchParams.has('type'));
      expect(await sort.locator('option:checked').textContent()).toBe(
        text('fr', 'search.page.sortBestMatch'),
      );
    });
  });

  for (const viewport of [DESKTOP, { width: 360, height: 740 }]) {
    it(`offers one search box on the search page at ${viewport.width}px, and the header's elsewhere`, async () => {
      await onPage('en', { path: '/search?q=pizza', viewport }, async (page) => {
        await page.locator('.search-result').first().waitFor();
        await expect.poll(() => page.getByRole('search').count()).toBe(1);
        await expect.poll(() => page.getByRole('searchbox').count()).toBe(1);
        expect(await page.locator('.site-header input').count()).toBe(0);
        const box = page.getByRole('searchbox', { name: text('en', 'search.box.label') });
        expect(await box.inputValue()).toBe('pizza');
        // Nothing runs off the side of a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await expectNoSeriousA11yViolations(page, `search page at ${viewport.width}px`);

        await page
          .getByRole('link', { name: text('en', 'nav.home') })
          .first()
          .click();
        await page.waitForURL((url) => url.pathname === '/');
        await expect.poll(() => headerBox(page).count()).toBe(1);
      });
    });
  }

  it("shows a main topic's sub-topics and votes instead of its tags", async () => {
    const expected = await api<SearchResponseDto>('/search/smart?q=pizza&lang=en');
    const main = expected.suggestions.find((s) => s.type === 'topic' && s.isMainTopic);
    if (!main) throw new Error('demo content has no main pizza topic');
    expect(main.subTopicCount).toBeGreaterThan(1);
    await onPage('en', { path: '/search?q=pizza' }, async (page) => {
      const row = page.locator('.search-result', { has: page.getByText(main.title, { exact: true }) });
      await row.waitFor();
      const meta = row.locator('.search-item__meta');
      await expect
        .poll(() => meta.textContent())
        .toBe(`${main.subTopicCount} sub-topics${main.voteCount} ${main.voteCount === 1 ? 'vote' : 'votes'}`);
      expect(await row.locator('.search-item__tags').count()).toBe(0);
      await screenshot(page, 'main-topic-row-en');
    });
  });
});
