import { describe, expect, it } from 'vitest';
import type { RisingData } from '../common/api/rising.js';
import type { RankingData } from '../common/api/topics.js';
import type { Language } from '../common/constants.js';
import {
  callApi,
  DESKTOP,
  expectNoSeriousA11yViolations,
  seedTopic,
  setupE2E,
  text,
  voteAsNewUser,
  writeRankSnapshot,
} from './support/index.js';
import { NARROW, shootChecked } from './support/shots.js';

const app = setupE2E();

/** The HTML the server sends for the home page, before any script runs. */
async function serverHtml(language: Language): Promise<string> {
  const response = await fetch(`${app.url}/?lng=${language}`);
  expect(response.status).toBe(200);
  return response.text();
}

const escaped = (value: string) => value.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');

describe('rising this week on the home page', () => {
  it('is rendered on the server and reads on a 360 px phone, in French and English', async () => {
    // Da Marco 6 points, Chez Nino 3, Luigi 2. A week ago Luigi led and Da Marco was second; Chez Nino
    // was not in the top ten.
    const topicId = await seedTopic(app.url, 'Rising pizza', [
      ['Da Marco', 'Luigi', 'Chez Nino'],
      ['Da Marco', 'Chez Nino'],
    ]);
    const { rankings } = await callApi<RankingData>(app.url, 'GET', `/search/rankings/topic/${topicId}`);
    const idOf = (name: string) => rankings.find((row) => row.itemName === name)?.id ?? 0;
    writeRankSnapshot(
      app.databaseFile,
      topicId,
      '2001-01-01',
      new Map([
        [idOf('Luigi'), 1],
        [idOf('Da Marco'), 2],
      ]),
    );
    // A ballot drops what the server keeps of the rising block (written rows bypass its change events).
    await voteAsNewUser(app.url, topicId, ['Da Marco']);

    for (const language of ['fr', 'en'] as const) {
      const rising = await callApi<RisingData>(app.url, 'GET', `/topics/rising/${language}`);
      expect(rising.propositions.map((p) => [p.name, p.placesGained, p.rankNow])).toEqual([
        ['Chez Nino', null, 2],
        ['Da Marco', 1, 1],
      ]);

      // Server-rendered: the heading, every topic of the week and both climbers are in the first HTML.
      const html = await serverHtml(language);
      expect(html).toContain(escaped(text(language, 'home.rising.title')));
      for (const topic of rising.topics) expect(html).toContain(`href="/topic/${topic.id}"`);
      expect(html).toContain(escaped(text(language, 'home.rising.new')));
      expect(html).toContain(escaped(text(language, 'home.rising.up_one', { n: '1' })));

      const requests: string[] = [];
      const page = await app.newPage(language, { viewport: NARROW, reducedMotion: 'reduce' });
      page.on('request', (request) => requests.push(request.url()));
      const block = page.locator('section[aria-labelledby="home-rising-title"]');
      await expect.poll(() => block.locator('.rising__item').count()).toBe(rising.topics.length + 2);
      // Hydrated from the page's data: no second fetch of the block.
      expect(requests.filter((url) => url.includes('/api/topics/rising'))).toEqual([]);

      // A screen reader hears "up 1 place", not the arrow.
      const gain = block.locator('.rising__gain');
      await expect
        .poll(() => gain.evaluate((element) => element.textContent))
        .toContain(text(language, 'home.rising.up_one', { n: '1' }));
      expect(await gain.locator('[aria-hidden="true"]').textContent()).toBe('▲ ');
      // Each climber is a link to its topic, reached from the keyboard with a visible ring.
      const climber = block.getByRole('link', { name: /Da Marco/ });
      expect(await climber.getAttribute('href')).toBe(`/topic/${topicId}`);
      await climber.focus();
      const outline = await climber.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(outline).not.toBe('none');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/topic/${topicId}**`);
      await page.goBack();
      await block.waitFor();

      await expectNoSeriousA11yViolations(page, `rising block ${language}`);
      await block.scrollIntoViewIfNeeded();
      await shootChecked(page, `${language}-phone360-home-rising`);
      if (language === 'en') {
        await page.setViewportSize(DESKTOP);
        await shootChecked(page, 'en-desktop-home-rising');
      }
      await page.context().close();
    }
  });
});
