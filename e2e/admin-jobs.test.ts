import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import { openDatabase } from '../server/db/database.js';
import { insertDueJob } from '../server/test/jobs.js';
import {
  expectNoSeriousA11yViolations,
  openAdminScreen,
  setupE2E,
  shootFullPage,
  text,
} from './support/index.js';

// The server's data directory is this test's, so that it can add a job to the server's database; the
// fault tests' job kinds are on (a kind that always fails, retried after 200 ms).
const dataDir = mkdtempSync(join(tmpdir(), 'podium-e2e-jobs-'));
const app = setupE2E({ DATA_DIR: dataDir, JOBS_TEST_DIR: dataDir, JOBS_POLL_INTERVAL_MS: '200' });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A job that fails on each of its three attempts, left to the server's runner; resolves once it has. */
async function failedJob(): Promise<number> {
  const database = openDatabase({ url: `sqlite:${join(dataDir, 'podium.sqlite')}` });
  try {
    const id = await insertDueJob(database.db, 'test.failing');
    await expect
      .poll(
        async () =>
          (await database.db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirst())
            ?.state,
      )
      .toBe('failed');
    return id;
  } finally {
    await database.close();
  }
}

const open = (page: Page, lng: Language) => openAdminScreen(page, '/admin/jobs', lng);

/** The picture, and what a person would notice first: the page scrolling sideways. */
async function shoot(page: Page, name: string) {
  await shootFullPage(page, name);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

describe('/admin/jobs', () => {
  it('shows an administrator a failed job with its attempts and error, and the recent ones', async () => {
    const id = await failedJob();
    const page = await app.asAdmin('en');
    // The admin panel leads to it.
    await page.goto('/admin?lng=en');
    await page.getByRole('link', { name: new RegExp(text('en', 'adminCatalogue.panel.jobs.title')) }).click();
    await page.waitForURL(/\/admin\/jobs/);
    await open(page, 'en');

    const failed = page.getByRole('region', { name: text('en', 'adminJobs.failed.title') });
    const card = failed.getByRole('listitem').filter({ hasText: `#${id}` });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('failed on purpose, attempt 3');
    expect(await card.textContent()).toContain(text('en', 'adminJobs.attemptsMade', { done: '3', max: '3' }));
    await card.getByRole('button', { name: text('en', 'adminJobs.retry') }).waitFor();
    // The hourly session pruning ran when the server started, and reads as words.
    const recent = page.getByRole('region', { name: text('en', 'adminJobs.recent.title') });
    await recent.getByText(text('en', 'adminJobs.kind.sessions.prune')).first().waitFor();
    await expectNoSeriousA11yViolations(page, 'admin jobs');

    for (const lng of ['en', 'de'] as const) {
      await page.setViewportSize({ width: 360, height: 800 });
      await open(page, lng);
      await page
        .locator('.job-failed')
        .filter({ hasText: `#${id}` })
        .waitFor();
      await shoot(page, `admin-jobs-${lng}-360`);
    }
    await expectNoSeriousA11yViolations(page, 'admin jobs in German on a phone');
    // The panel's new card, among the others, on a phone.
    await page.goto('/admin?lng=de');
    await page
      .getByRole('link', { name: new RegExp(text('de', 'adminCatalogue.panel.jobs.title')) })
      .waitFor();
    await shoot(page, 'admin-panel-de-360');
  });
});
