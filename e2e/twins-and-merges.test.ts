import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import {
  ADMIN,
  expectNoSeriousA11yViolations,
  rankingPoints,
  rankingRow,
  register,
  SCREENSHOT_DIR,
  seedTopic,
  setupE2E,
  text,
} from './support/index.js';

const app = setupE2E({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const PHONE_360 = { width: 360, height: 800 } as const;

const button = (page: Page, lang: Language, key: string, params: Record<string, string> = {}) =>
  page.getByRole('button', { name: text(lang, key, params), exact: true });

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

describe('twins and merges', () => {
  it('a name typed another way joins the existing proposition: the form says so and the ranking counts it there', async () => {
    const topicId = await seedTopic(app.url, 'Best grills', [['Grill & Chill', 'Smoke House']]);
    // In English on a desktop, then in French on a 360 px phone, each a new voter: 3 points more each time.
    for (const [lang, viewport, typed, points] of [
      ['en', { width: 1280, height: 800 }, 'Grill and Chill', 6],
      ['fr', PHONE_360, 'grill et chill', 9],
    ] as const) {
      const page = await app.newPage(lang, { path: `/topic/${topicId}`, viewport });
      await register(page);
      await button(page, lang, 'vote.panel.start').click();
      const first = page.getByRole('textbox', { name: text(lang, 'vote.place.1') });
      await first.fill(typed);
      await page.getByText(text(lang, 'vote.form.twin', { name: 'Grill & Chill' })).waitFor();
      // The twin is offered first among the suggestions.
      await expect
        .poll(() => page.locator('.vote-suggestion__name').first().textContent())
        .toBe('Grill & Chill');
      await expectNoSeriousA11yViolations(page, 'voting form with a twin');
      await page.locator('.vote-panel').scrollIntoViewIfNeeded();
      await shoot(page, `twin-form-${lang}-${viewport.width}`);
      await button(page, lang, 'vote.form.submit').click();
      await page.getByText(text(lang, 'vote.panel.saved')).waitFor();
      await rankingPoints(page, 'Grill & Chill', points).waitFor();
      expect(await rankingRow(page, typed).count()).toBe(0);
      await page.context().close();
    }
  });

  it('an administrator merges a duplicate into the proposition it repeats, and the ranking adds their ballots up', async () => {
    const topicId = await seedTopic(app.url, 'Best barbecue', [
      ['Grill & Chill', 'Smoke House'],
      ['Grill Chill Paris', 'Smoke House'],
      ['Grill Chill Paris', 'Grill & Chill'],
    ]);
    for (const [lang, viewport] of [
      ['fr', PHONE_360],
      ['en', { width: 1280, height: 800 }],
    ] as const) {
      const page = await app.asAdmin(lang);
      await page.setViewportSize(viewport);
      await page.goto(`/admin/topics/edit/${topicId}?lng=${lang}`);
      const duplicate = 'Grill Chill Paris';
      await rankingRow(page, duplicate)
        .getByRole('button', { name: new RegExp(text(lang, 'adminCatalogue.topicEdit.merge')) })
        .click();
      const into = page.getByLabel(text(lang, 'adminCatalogue.topicEdit.mergeInto', { name: duplicate }));
      await expect.poll(() => into.evaluate((element) => element === document.activeElement)).toBe(true);
      await into.selectOption({ label: 'Grill & Chill' });
      await shoot(page, `merge-form-${lang}-${viewport.width}`);
      await page
        .locator('form.catalogue-merge')
        .getByRole('button', { name: text(lang, 'adminCatalogue.topicEdit.merge'), exact: true })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByText(
          text(lang, 'adminCatalogue.topicEdit.mergeBallots_other', {
            count: '2',
            name: duplicate,
            into: 'Grill & Chill',
          }),
        )
        .waitFor();
      await expectNoSeriousA11yViolations(page, 'merge confirmation');
      await shoot(page, `merge-dialog-${lang}-${viewport.width}`);
      if (lang === 'fr') {
        // Looked at in French on a phone, merged in English on a desktop.
        await page.keyboard.press('Escape');
        await page.context().close();
        continue;
      }
      await dialog.getByRole('button', { name: text(lang, 'adminCatalogue.topicEdit.mergeConfirm') }).click();
      // 3 + 3 (the duplicate's first place) + 3 (the ballot that named both keeps the better place).
      await rankingPoints(page, 'Grill & Chill', 9).waitFor();
      await expect.poll(() => rankingRow(page, duplicate).count()).toBe(0);
      // The topic's history shows the merge, read again with the ranking.
      const history = page.getByRole('region', {
        name: text(lang, 'adminCatalogue.topicEdit.history'),
        exact: true,
      });
      await history
        .locator('.audit-item', { hasText: text(lang, 'adminPeople.audit.action.merge') })
        .waitFor();
      await history.scrollIntoViewIfNeeded();
      await shoot(page, `merge-history-${lang}-${viewport.width}`);
      await page.context().close();
    }
  });
});
