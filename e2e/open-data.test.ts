import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import {
  ADMIN,
  expectNoSeriousA11yViolations,
  login,
  seedVotedTopic,
  setupE2E,
  text,
} from './support/index.js';
import { NARROW, shootChecked } from './support/shots.js';

const app = setupE2E();

/** A downloaded CSV's lines, its byte order mark checked and dropped. */
async function csvLines(path: string): Promise<string[]> {
  const content = await readFile(path, 'utf8');
  expect(content.startsWith('\uFEFF')).toBe(true);
  return content.slice(1).split('\r\n').filter(Boolean);
}

describe('open data', () => {
  for (const lng of ['fr', 'en'] as const satisfies readonly Language[]) {
    it(`downloads a topic's ranking as CSV from its page, on a 360 px phone (${lng})`, async () => {
      const topicId = await seedVotedTopic(app.url, 'Best pizza');
      const page = await app.newPage(lng, { viewport: NARROW, path: `/topic/${topicId}` });
      const data = page.getByRole('region', { name: text(lng, 'topic.openData.title') });
      const csv = data.getByRole('link', { name: text(lng, 'topic.openData.csv') });
      await csv.waitFor();
      // CSV, JSON and the podium's feed (decision 034).
      await expect.poll(() => data.getByRole('link').count()).toBe(3);
      const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^podium-T-[A-Z0-9]+-ranking-all-${lng}\\.csv$`),
      );
      const [header, first] = await csvLines(await download.path());
      expect(header?.split(',').slice(0, 7)).toEqual([
        'topicId',
        'topic',
        'window',
        'rank',
        'propositionId',
        'proposition',
        'points',
      ]);
      // Two ballots place Pizzeria Da Marco first: 6 points.
      expect(first).toMatch(new RegExp(`^${topicId},Best pizza [a-z0-9]+,all,1,\\d+,Pizzeria Da Marco,6,2,`));
      // The JSON link leads to the same figures.
      const json = await data
        .getByRole('link', { name: text(lng, 'topic.openData.json') })
        .getAttribute('href');
      expect(json).toBe(`/api/topics/${topicId}/ranking.json?lng=${lng}`);
      await expectNoSeriousA11yViolations(page);
      await data.scrollIntoViewIfNeeded();
      await shootChecked(page, `open-data-topic-${lng}-360`);
      await page.context().close();
    });
  }

  it('downloads the pseudonymous ballots from the back-office exports screen, on a 360 px phone', async () => {
    const lng = 'fr';
    const topicId = await seedVotedTopic(app.url, 'Best pizza');
    const page = await app.newPage(lng, { viewport: NARROW });
    await login(page, ADMIN);
    await page.goto(`/admin/exports?lng=${lng}`);
    await page.getByRole('heading', { level: 1, name: text(lng, 'admin.exports.title') }).waitFor();
    const button = page.getByRole('button', {
      name: text(lng, 'adminExports.download', { file: 'ballots.csv' }),
    });
    // Reached from the keyboard like any control of the screen.
    await button.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^podium-ballots-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = await csvLines(await download.path());
    expect(header).toBe('topicId,pseudonym,state,castOn,firstId,secondId,thirdId');
    const mine = rows.filter((row) => row.startsWith(`${topicId},`));
    expect(mine).toHaveLength(2);
    for (const row of mine) expect(row).toMatch(/^\d+,[0-9a-f]{20},counted,\d{4}-\d{2}-\d{2},\d+,/);
    expect(rows.join('\n')).not.toContain(ADMIN.email);
    await expectNoSeriousA11yViolations(page);
    await shootChecked(page, `open-data-admin-exports-${lng}-360`);
    await page.context().close();
  });

  it('lists the exports on the back-office panel, in German', async () => {
    const lng = 'de';
    const page = await app.newPage(lng, { viewport: NARROW });
    await login(page, ADMIN);
    await page.goto(`/admin?lng=${lng}`);
    await page.getByRole('link', { name: text(lng, 'adminCatalogue.panel.exports.title') }).click();
    await page.getByRole('heading', { level: 1, name: text(lng, 'admin.exports.title') }).waitFor();
    const topics = page.getByRole('button', {
      name: text(lng, 'adminExports.download', { file: 'topics.csv' }),
    });
    const [download] = await Promise.all([page.waitForEvent('download'), topics.click()]);
    expect(download.suggestedFilename()).toMatch(/^podium-topics-de-\d{4}-\d{2}-\d{2}\.csv$/);
    await shootChecked(page, `open-data-admin-exports-${lng}-360`);
    await page.context().close();
  });
});
