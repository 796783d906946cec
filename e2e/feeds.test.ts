import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PopularTopicsData } from '../common/api/topics.js';
import type { Language } from '../common/constants.js';
import { callApi, expectNoSeriousA11yViolations, SCREENSHOT_DIR, setupE2E, text } from './support/index.js';
import { NARROW, shootChecked } from './support/shots.js';

/**
 * Feed autodiscovery as a browser and a feed reader see it (decision 034): the demo content's topic and
 * category pages name their Atom feed in their head, in the page's language, and the feed at that address
 * is Atom in that language with the demo's 90 days of rank history in it.
 */
const e2e = setupE2E({ SEED: 'demo' });

/** The page's Atom discovery links: their titles and addresses. */
const feedLinks = (page: Page) =>
  page.$$eval('head link[rel="alternate"][type="application/atom+xml"]', (links) =>
    links.map((link) => ({ title: link.getAttribute('title') ?? '', href: link.getAttribute('href') ?? '' })),
  );

/** A demo sub-topic with ballots (its podium has a history), in `language`. */
async function votedSubTopic(language: Language) {
  const { topics } = await callApi<PopularTopicsData>(e2e.url, 'GET', `/topics/popular/${language}?limit=20`);
  const topic = topics.find((candidate) => candidate.type === 'sub' && candidate.voteCount > 0);
  if (!topic) throw new Error('the demo content has no voted sub-topic');
  return topic;
}

describe.each(['fr', 'en'] as const)('feeds in %s', (language) => {
  it('a topic page names its podium feed, which is Atom in the page’s language with the podium’s history', async () => {
    const topic = await votedSubTopic(language);
    const page = await e2e.newPage(language, { path: `/topic/${topic.id}`, viewport: NARROW });
    try {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const [link] = await feedLinks(page);
      expect(link?.href).toBe(`${e2e.url}/api/topics/${topic.id}/feed.atom?lng=${language}`);
      expect(link?.title).toContain(topic.title);
      // The same feed, visible in the topic's data card for a person to copy into their reader.
      const visible = page
        .getByRole('region', { name: text(language, 'topic.openData.title') })
        .getByRole('link', { name: text(language, 'feed.topic.link') });
      expect(await visible.getAttribute('href')).toBe(`/api/topics/${topic.id}/feed.atom?lng=${language}`);
      await visible.scrollIntoViewIfNeeded();
      await visible.focus();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `feeds-topic-link-${language}-360.png`) });
      await shootChecked(page, `feeds-topic-${language}-360`);
      await expectNoSeriousA11yViolations(page, `topic page ${language}`);

      const feed = await page.request.get(link?.href ?? '');
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
      const xml = await feed.text();
      expect(xml).toContain(`xml:lang="${language}"`);
      expect(xml).toContain('<entry>');
      // What a person opening the address sees: the document as Chromium shows XML without a stylesheet.
      await page.goto(link?.href ?? '');
      await page.screenshot({ path: join(SCREENSHOT_DIR, `feeds-topic-feed-${language}-360.png`) });
    } finally {
      await page.context().close();
    }
  });

  it('a category page names its new-topics feed', async () => {
    const topic = await votedSubTopic(language);
    const name = topic.category.name;
    const page = await e2e.newPage(language, {
      path: `/search?category=${encodeURIComponent(name)}`,
      viewport: NARROW,
    });
    try {
      const [link] = await feedLinks(page);
      expect(link?.href).toBe(`${e2e.url}/api/categories/${topic.category.id}/feed.atom?lng=${language}`);
      expect(link?.title).toContain(name);
      await shootChecked(page, `feeds-category-${language}-360`);
      const feed = await page.request.get(link?.href ?? '');
      expect(feed.status()).toBe(200);
      expect(await feed.text()).toContain(`<title>Podium · ${name}</title>`);
    } finally {
      await page.context().close();
    }
  });
});
