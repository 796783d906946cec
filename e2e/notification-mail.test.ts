import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import { expectNoSeriousA11yViolations, register, SCREENSHOT_DIR, setupE2E, text } from './support/index.js';
import { NARROW, shootChecked } from './support/shots.js';

const app = setupE2E();

/** The delivery a person chose for a kind, read in the server's database (default: the app). */
function deliveryOf(email: string, kind: string): string {
  const db = new Database(app.databaseFile, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare<[string, string], { delivery: string }>(
        'select s.delivery from notification_settings s join users u on u.id = s.user_id where u.email = ? and s.kind = ?',
      )
      .get(email, kind);
    return row?.delivery ?? 'app';
  } finally {
    db.close();
  }
}

/**
 * An unsubscribe link for `email`'s `kind`, written straight into the server's database as a message's
 * job writes it (its hash only): the API tests follow the real messages' links.
 */
function unsubscribeToken(email: string, kind: string): string {
  const token = randomBytes(32).toString('base64url');
  const db = new Database(app.databaseFile, { fileMustExist: true });
  try {
    const now = new Date();
    db.prepare(
      `insert into notification_unsubscribes (user_id, kind, email, token_hash, created_at, expires_at)
       select id, ?, email, ?, ?, ? from users where email = ?`,
    ).run(
      kind,
      createHash('sha256').update(token).digest('hex'),
      now.toISOString(),
      new Date(now.getTime() + 86_400_000).toISOString(),
      email,
    );
  } finally {
    db.close();
  }
  return token;
}

describe('notification e-mail', () => {
  for (const lng of ['fr', 'de'] as Language[]) {
    it(`chooses e-mail for one kind in the profile, then unsubscribes from a message's link (${lng})`, async () => {
      const page = await app.newPage(lng, { viewport: NARROW, reducedMotion: 'reduce' });
      const user = await register(page);
      await page.goto(`/profile?lng=${lng}`);
      const card = page.locator('#notification-settings');
      const leader = card.getByLabel(text(lng, 'notificationSettings.kind.leaderChanged'));
      await leader.waitFor();
      // Administrators' kinds are not offered to others.
      expect(await card.locator('select').count()).toBe(4);
      await leader.focus();
      await leader.selectOption('email');
      await card
        .getByRole('status')
        .getByText(text(lng, 'notificationSettings.delivery.email'), { exact: false })
        .waitFor();
      expect(deliveryOf(user.email, 'leaderChanged')).toBe('email');
      await card.scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page, `notification settings ${lng}`);
      await shootChecked(page, `notification-settings-${lng}-360`);
      await card.screenshot({ path: join(SCREENSHOT_DIR, `notification-settings-card-${lng}-360.png`) });

      // The message's visible link: opening it changes nothing, the button does.
      const token = unsubscribeToken(user.email, 'leaderChanged');
      const visitor = await app.newPage(lng, {
        viewport: NARROW,
        reducedMotion: 'reduce',
        path: `/unsubscribe?token=${token}`,
      });
      const submit = visitor.getByRole('button', {
        name: text(lng, 'notificationMail.unsubscribePage.submit'),
        exact: true,
      });
      await submit.waitFor();
      expect(deliveryOf(user.email, 'leaderChanged')).toBe('email');
      await expectNoSeriousA11yViolations(visitor, `unsubscribe page ${lng}`);
      await shootChecked(visitor, `unsubscribe-${lng}-360`);
      await submit.press('Enter');
      const settingsLink = visitor.getByRole('link', {
        name: text(lng, 'notificationMail.unsubscribePage.settings'),
      });
      await settingsLink.waitFor();
      await expect
        .poll(() => visitor.evaluate(() => document.activeElement?.textContent))
        .toBe(text(lng, 'notificationMail.unsubscribePage.settings'));
      expect(deliveryOf(user.email, 'leaderChanged')).toBe('app');
      await shootChecked(visitor, `unsubscribe-done-${lng}-360`);

      const refused = await app.newPage(lng, {
        viewport: NARROW,
        path: `/unsubscribe?token=${'x'.repeat(43)}`,
      });
      await refused
        .getByRole('button', { name: text(lng, 'notificationMail.unsubscribePage.submit'), exact: true })
        .click();
      await refused.getByText(text(lng, 'notificationMail.unsubscribePage.refused')).waitFor();
      await shootChecked(refused, `unsubscribe-refused-${lng}-360`);
      for (const opened of [page, visitor, refused]) await opened.context().close();
    }, 120_000);
  }
});
