import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HubData, PopularTopicsData, RankingData } from '../common/api/topics.js';
import { HUB_PAGE_SIZE, type Language } from '../common/constants.js';
import { topicDisplayTitle } from '../common/text/index.js';
import {
  ADMIN,
  animationsSettled,
  callApi,
  DESKTOP,
  expectNoSeriousA11yViolations,
  hydrated,
  PHONE,
  SCREENSHOT_DIR,
  seedVotedTopic,
  setupE2E,
  text,
} from './support/index.js';

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
  it("loads a sub-topic's page on a phone without moving what it already shows (layout shift under 0.01)", async () => {
    const [first] = (await api<PopularTopicsData>('/topics/popular/en?type=sub&limit=1')).topics;
    if (!first) throw new Error('demo content has no sub-topics');
    const page = await e2e.newPage('en', { viewport: PHONE });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/topic/${first.id}?lng=en`);
    await page.locator('.ranking__row').first().waitFor();
    await page.getByRole('complementary', { name: text('en', 'topic.facts.label') }).waitFor();
    // Whatever settles after the ranking and the facts (fonts, the session) settles within this.
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((total, shift) => total + shift, 0)).toBeLessThan(0.01);
  });

  for (const [language, viewport] of [
    ['en', undefined],
    ['fr', PHONE],
  ] as const) {
    it(`shows a sub-topic's ranking with its facts beside it at desktop width and after it on phones, in ${language}`, async () => {
      const [first] = (await api<PopularTopicsData>(`/topics/popular/${language}?type=sub&limit=1`)).topics;
      if (!first) throw new Error('demo content has no sub-topics');
      const page = await e2e.newPage(language, {
        path: `/topic/${first.id}`,
        ...(viewport ? { viewport } : {}),
      });
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(topicDisplayTitle(first));
      // Read in the reader's own language: no "written in" note.
      expect(await page.locator('.topic-head__language').count()).toBe(0);

      const ranking = await api<RankingData>(`/search/rankings/topic/${first.id}?language=${language}`);
      const rows = page.locator('.ranking__row');
      await rows.first().waitFor();
      await expect.poll(() => rows.count()).toBe(ranking.rankings.length);
      await expect
        .poll(() => page.locator('.ranking__name').first().textContent())
        .toBe(ranking.rankings[0]?.itemName);
      // A medal per row ranked 1 to 3 (tied rows share one).
      expect(await page.locator('.ranking__row .medal-icon').count()).toBe(
        ranking.rankings.filter((entry) => entry.totalPoints > 0 && entry.rank <= 3).length,
      );

      const facts = page.getByRole('complementary', { name: text(language, 'topic.facts.label') });
      await facts.getByText(text(language, 'topic.facts.lastVote')).waitFor();
      await facts.getByText(first.category.name, { exact: true }).waitFor();
      await facts.locator('.topic-aside__sibling').first().waitFor();
      const list = await page.locator('.ranking').first().boundingBox();
      const aside = await facts.boundingBox();
      if (!list || !aside) throw new Error('ranking or facts not laid out');
      if (viewport) expect(aside.y).toBeGreaterThan(list.y + list.height);
      else expect(aside.x).toBeGreaterThanOrEqual(list.x + list.width);

      const toggle = rows.first().locator('.ranking__toggle');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      await rows.first().getByText(text(language, 'topic.ranking.firstPlaces')).waitFor();

      // Let the rows finish animating in before judging contrast and taking the picture.
      await animationsSettled(page);
      await expectNoSeriousA11yViolations(page, `topic ${language}`);
      await screenshot(page, `topic-${language}-${viewport ? 'phone' : 'desktop'}`);

      await page.getByRole('button', { name: text(language, 'topic.back') }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.context().close();
    });
  }

  for (const [language, viewport] of [
    ['fr', undefined],
    ['de', PHONE],
  ] as const) {
    it(`shows a main topic as a hub of its sub-topics' podiums, filtered by tag chips kept in the address, in ${language}`, async () => {
      const [main] = (await api<PopularTopicsData>(`/topics/popular/${language}?type=main&limit=1`)).topics;
      if (!main) throw new Error('demo content has no main topic');
      const hub = await api<HubData>(`/topics/main/${main.id}/hub?lang=${language}`);
      const page = await e2e.newPage(language, {
        path: `/topic/${main.id}`,
        ...(viewport ? { viewport } : {}),
      });
      const podiums = page.locator('.podium');
      await podiums.first().waitFor();
      await expect.poll(() => podiums.count()).toBe(hub.subTopics.length);
      const [best] = hub.subTopics;
      expect(await podiums.first().locator('.podium__name').allTextContents()).toEqual(
        best?.podium.map((entry) => entry.itemName),
      );
      // A hub takes no ballot: no voting panel, and it says where votes happen.
      await page.getByText(text(language, 'topic.hub.hint')).waitFor();
      expect(await page.getByRole('heading', { name: text(language, 'vote.panel.title') }).count()).toBe(0);
      if (!viewport) {
        // Side by side at desktop width: the first two podiums share a row.
        const [a, b] = await Promise.all([podiums.nth(0).boundingBox(), podiums.nth(1).boundingBox()]);
        expect(a?.y).toBe(b?.y);
      }

      const chip = page.locator('.tag-filter .chip').first();
      await chip.click();
      await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
      await page.waitForURL(/tags=/);
      await expect.poll(() => podiums.count()).toBeLessThan(hub.subTopics.length);
      await page.reload();
      await expect
        .poll(() => page.locator('.tag-filter .chip').first().getAttribute('aria-pressed'))
        .toBe('true');
      await expectNoSeriousA11yViolations(page, `hub ${language}`);
      await screenshot(page, `hub-${language}-${viewport ? 'phone' : 'desktop'}`);
      await page.context().close();
    });
  }

  it('pages a hub longer than a page with links: in the app without loading a document, and without JavaScript', async () => {
    const { accessToken: admin } = await callApi(e2e.url, 'POST', '/auth/login', {
      email: ADMIN.email,
      password: ADMIN.password,
    });
    const suffix = Math.random().toString(36).slice(2, 8);
    const { category } = await callApi(
      e2e.url,
      'POST',
      '/admin/categories',
      { name: `Bakeries ${suffix}` },
      admin,
    );
    // 5 places x 5 prices: more sub-topics than a hub's page holds.
    for (const [type, names] of [
      ['LOCATION', ['Arles', 'Brest', 'Caen', 'Dijon', 'Évian']],
      ['PRICE', ['Cheap', 'Fair', 'Mid', 'High', 'Luxury']],
    ] as const)
      for (const name of names)
        await callApi(
          e2e.url,
          'POST',
          '/admin/tags',
          { name: `${name} ${suffix}`, type, categoryId: category.id },
          admin,
        );
    const { mainTopic } = await callApi<{ mainTopic: { id: number } }>(
      e2e.url,
      'POST',
      '/admin/topics/wizard',
      {
        categoryId: category.id,
        mainTopicName: `Best bread ${suffix}`,
        language: 'en',
        types: ['LOCATION', 'PRICE'],
        combinations: [['LOCATION', 'PRICE']],
      },
      admin,
    );
    // The second page as the API answers it: what the pager's link should lead to.
    const second = await api<HubData>(`/topics/main/${mainTopic.id}/hub?lang=en&offset=${HUB_PAGE_SIZE}`);
    const onSecondPage = second.subTopics.length;
    expect(second.total).toBeGreaterThan(HUB_PAGE_SIZE);
    const [firstSub] = second.subTopics;
    if (!firstSub) throw new Error('the hub has no second page');
    const firstOfSecondPage = topicDisplayTitle(firstSub);
    const next = text('en', 'pager.next');
    const previous = text('en', 'pager.previous');
    const status = text('en', 'pager.status', {
      from: String(HUB_PAGE_SIZE + 1),
      to: String(HUB_PAGE_SIZE + onSecondPage),
      total: String(second.total),
    });

    const page = await e2e.newPage('en', { path: `/topic/${mainTopic.id}` });
    const podiums = page.locator('.podium');
    await expect.poll(() => podiums.count()).toBe(HUB_PAGE_SIZE);
    await hydrated(page.getByRole('link', { name: next }));
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    await page.getByRole('link', { name: next }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText(status).waitFor();
    // From the pager at the list's foot, the next page is shown from its start, with the focus there.
    const listTitle = page.getByRole('heading', { name: text('en', 'topic.subTopics.title'), level: 2 });
    expect(await listTitle.evaluate((title) => title === document.activeElement)).toBe(true);
    const [titleBox, headerBox] = await Promise.all([
      listTitle.boundingBox(),
      page.locator('header.site-header').boundingBox(),
    ]);
    expect(titleBox?.y).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));
    expect(titleBox?.y).toBeLessThan(DESKTOP.height / 2);
    await expect
      .poll(() => podiums.first().locator('.topic-card__title').textContent())
      .toBe(firstOfSecondPage);
    expect(await podiums.count()).toBe(onSecondPage);
    await expectNoSeriousA11yViolations(page, 'hub, second page');
    await page.getByRole('link', { name: previous }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBeNull();
    await expect
      .poll(() => podiums.first().locator('.topic-card__title').textContent())
      .not.toBe(firstOfSecondPage);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.context().close();

    const noScript = await e2e.newPage('en', {
      path: `/topic/${mainTopic.id}`,
      javaScriptEnabled: false,
      viewport: PHONE,
    });
    expect(await noScript.locator('.podium').count()).toBe(HUB_PAGE_SIZE);
    await noScript.getByRole('link', { name: next }).click();
    await noScript.waitForURL((url) => url.searchParams.get('page') === '2');
    await noScript.getByText(status).waitFor();
    expect(await noScript.locator('.podium').first().locator('.topic-card__title').textContent()).toBe(
      firstOfSecondPage,
    );
    expect(await noScript.locator('html').getAttribute('lang')).toBe('en');
    await noScript.locator('.pager').scrollIntoViewIfNeeded();
    await noScript.screenshot({ path: join(SCREENSHOT_DIR, 'browse-hub-page-2-no-js-en-phone.png') });
    await noScript.context().close();
  });

  it('counts a hub’s sub-topics and their votes on its card, and leads its vote address to the hub', async () => {
    const [main] = (await api<PopularTopicsData>('/topics/popular/en?type=main&limit=1')).topics;
    if (!main) throw new Error('demo content has no main topic');
    const page = await e2e.newPage('en');
    const card = page.locator('.topic-card', {
      has: page.getByRole('link', { name: topicDisplayTitle(main) }),
    });
    await expect
      .poll(() => card.first().locator('.topic-card__votes').textContent())
      .toBe(`${main.subTopicCount} sub-topics · ${main.voteCount} votes`);
    expect(await card.first().locator('.tag-list, .topic-card__no-tags').count()).toBe(0);
    await page.context().close();
    const signedIn = await e2e.asAdmin('en');
    await signedIn.goto(`/vote/${main.id}`);
    await expect.poll(() => new URL(signedIn.url()).pathname).toBe(`/topic/${main.id}`);
    await signedIn.locator('.podium').first().waitFor();
    await signedIn.context().close();
  });

  it('lists an administrator’s proposition with no points after the ranking, without rank, and says when a title is in another language', async () => {
    const admin = await callApi(e2e.url, 'POST', '/auth/login', {
      email: ADMIN.email,
      password: ADMIN.password,
    });
    const topicId = await seedVotedTopic(e2e.url, 'Best tacos');
    const { topic } = await callApi(e2e.url, 'GET', `/topics/${topicId}?lang=en`);
    await callApi(
      e2e.url,
      'POST',
      `/admin/topics/${topic.slug}/propositions`,
      { itemName: 'Taqueria Nueva' },
      admin.accessToken,
    );
    const page = await e2e.newPage('fr', { path: `/topic/${topicId}` });
    const waiting = page.locator('.ranking-waiting');
    await waiting.getByRole('heading', { name: text('fr', 'topic.ranking.noVotesYet') }).waitFor();
    await waiting.getByText('Taqueria Nueva').waitFor();
    expect(await waiting.locator('.ranking__rank, .medal-icon').count()).toBe(0);
    expect(await page.locator('ol.ranking .ranking__name').allTextContents()).not.toContain('Taqueria Nueva');
    // Written in English only: the French reader is told so.
    await expect
      .poll(() => page.locator('.topic-head__language').textContent())
      .toBe(text('fr', 'topic.writtenIn', { language: 'anglais' }));
    await page.context().close();
  });

  it('shows rows without animation when the user prefers reduced motion', async () => {
    const [first] = (await api<PopularTopicsData>('/topics/popular/en?type=sub&limit=1')).topics;
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
