import { describe, expect, it } from 'vitest';
import { LANGUAGE_LABELS } from '../common/constants.js';
import {
  DESKTOP,
  expectNoSeriousA11yViolations,
  newCredentials,
  openAdminScreen,
  PHONE,
  register,
  setupE2E,
  shootFullPage,
  text,
} from './support/index.js';

const app = setupE2E();

const open = openAdminScreen;
const shoot = shootFullPage;

describe('/admin/users', () => {
  it('adds a user, refuses a taken e-mail, edits Active/Admin inline, deletes after confirmation', async () => {
    const page = await app.asAdmin('en');
    await open(page, '/admin/users', 'en');
    await page.getByRole('button', { name: text('en', 'adminPeople.users.add') }).click();
    const form = page.locator('form', {
      has: page.getByRole('heading', { name: text('en', 'adminPeople.users.addTitle') }),
    });
    const save = form.getByRole('button', { name: text('en', 'action.save') });
    await expect.poll(() => save.isDisabled()).toBe(true);
    const user = newCredentials();
    await form.locator('input[name="email"]').fill(user.email);
    await form.locator('input[name="username"]').fill(user.username);
    await form.locator('input[name="password"]').fill(user.password);
    await form.locator('input[name="firstName"]').fill('Ada');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await expectNoSeriousA11yViolations(page, 'admin users with add form');
    await save.click();
    await page.getByText(text('en', 'adminPeople.users.added', { username: user.username })).waitFor();

    // The same e-mail again: the spec's conflict text.
    await page.getByRole('button', { name: text('en', 'adminPeople.users.add') }).click();
    await form.locator('input[name="email"]').fill(user.email);
    await form.locator('input[name="username"]').fill(`${user.username}_2`);
    await form.locator('input[name="password"]').fill(user.password);
    await save.click();
    await form
      .getByRole('alert')
      .filter({ hasText: text('en', 'adminPeople.users.error.emailExists') })
      .waitFor();
    await form.getByRole('button', { name: text('en', 'action.cancel') }).click();

    await page.getByRole('searchbox').fill(user.username);
    const row = page.getByRole('row', { name: new RegExp(`@${user.username}`) });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Ada');
    await row
      .getByRole('button', { name: text('en', 'adminPeople.users.editLabel', { username: user.username }) })
      .click();
    await row.getByRole('checkbox', { name: text('en', 'adminPeople.users.admin') }).check();
    await row.getByRole('button', { name: text('en', 'action.save') }).click();
    await page.getByText(text('en', 'adminPeople.users.updated', { username: user.username })).waitFor();
    await expect.poll(() => row.locator('.badge--brand').count()).toBe(1);
    await shoot(page, 'admin-users-en-desktop');

    await row
      .getByRole('button', { name: text('en', 'adminPeople.users.deleteLabel', { username: user.username }) })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(text('en', 'adminPeople.users.deleteConfirm')).waitFor();
    await expectNoSeriousA11yViolations(page, 'delete user dialog');
    await dialog.getByRole('button', { name: text('en', 'action.delete') }).click();
    await page.getByText(text('en', 'adminPeople.users.deleted', { username: user.username })).waitFor();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('shows the French screen, with "Non renseigné" and the admin cannot demote themselves', async () => {
    const page = await app.asAdmin('fr');
    await open(page, '/admin/users', 'fr');
    await page.getByRole('heading', { name: text('fr', 'admin.users.title') }).waitFor();
    const adminRow = page.getByRole('row', { name: /@admin/ });
    await expect.poll(() => adminRow.textContent()).toContain(text('fr', 'adminPeople.users.noName'));
    await adminRow
      .getByRole('button', { name: text('fr', 'adminPeople.users.editLabel', { username: 'admin' }) })
      .click();
    expect(
      await adminRow.getByRole('checkbox', { name: text('fr', 'adminPeople.users.admin') }).isDisabled(),
    ).toBe(true);
    await expectNoSeriousA11yViolations(page, 'admin users fr');
    await shoot(page, 'admin-users-fr-desktop');
    await page.setViewportSize(PHONE);
    await shoot(page, 'admin-users-fr-phone');
  });
});

describe('/admin/translations', () => {
  it('fixes a German UI label, which every visitor sees after a reload', async () => {
    const page = await app.asAdmin('en');
    await open(page, '/admin/translations', 'en');
    await page
      .getByLabel(text('en', 'adminPeople.translations.language'), { exact: true })
      .selectOption('de');
    await page.getByLabel(text('en', 'adminPeople.translations.type'), { exact: true }).selectOption('ui');
    await page.getByRole('searchbox').fill('nav.home');
    const row = page.locator('tr', { has: page.getByRole('rowheader', { name: 'nav.home', exact: true }) });
    await expect.poll(() => row.textContent()).toContain(text('de', 'nav.home'));
    await expectNoSeriousA11yViolations(page, 'translations list');
    await row
      .getByRole('button', { name: text('en', 'adminPeople.translations.editLabel', { key: 'nav.home' }) })
      .click();
    await row.getByRole('textbox').fill('Hauptseite');
    await row.getByRole('button', { name: text('en', 'action.save') }).click();
    await page.getByText(text('en', 'adminPeople.translations.saved', { key: 'nav.home' })).waitFor();
    await expect.poll(() => row.textContent()).toContain('Hauptseite');

    const visitor = await app.newPage('de');
    await expect
      .poll(() => visitor.getByRole('navigation').getByRole('link').first().textContent())
      .toBe('Hauptseite');
    await visitor.context().close();
  });

  it("refuses an empty new translation with 'Key and value are required' and lists the keys German lacks", async () => {
    const page = await app.asAdmin('en');
    await open(page, '/admin/translations', 'en');
    await page.getByRole('button', { name: text('en', 'adminPeople.translations.add'), exact: true }).click();
    const form = page.locator('form', { has: page.getByRole('heading', { name: /New translation/ }) });
    await form.getByRole('button', { name: text('en', 'action.save') }).click();
    await form.getByRole('alert').filter({ hasText: 'Key and value are required' }).waitFor();
    await form.locator('input[name="key"]').fill('e2e.onlyFrench');
    await page
      .getByLabel(text('en', 'adminPeople.translations.language'), { exact: true })
      .selectOption('fr');
    await form.locator('textarea[name="value"]').fill('Seulement en français');
    await form.getByRole('button', { name: text('en', 'action.save') }).click();
    await page.getByText(text('en', 'adminPeople.translations.saved', { key: 'e2e.onlyFrench' })).waitFor();

    await page
      .getByLabel(text('en', 'adminPeople.translations.language'), { exact: true })
      .selectOption('de');
    const missing = page.locator('details.missing');
    await missing.locator('summary').click();
    const input = missing.getByRole('textbox', {
      name: text('en', 'adminPeople.translations.valueOf', { key: 'e2e.onlyFrench' }),
    });
    await input.fill('Nur auf Französisch');
    await input.press('Enter');
    await expect.poll(() => input.count()).toBe(0);
    await shoot(page, 'admin-translations-en-desktop');
    await page.setViewportSize(PHONE);
    await shoot(page, 'admin-translations-en-phone');
  });

  it('shows the French screen and its stat cards', async () => {
    const page = await app.asAdmin('fr');
    await open(page, '/admin/translations', 'fr');
    await page
      .locator('.stat-card')
      .getByText(text('fr', 'adminPeople.translations.stat.filtered'))
      .waitFor();
    await expect.poll(() => page.locator('.stat-card').nth(1).textContent()).toContain(LANGUAGE_LABELS.fr);
    await expectNoSeriousA11yViolations(page, 'translations fr');
    await shoot(page, 'admin-translations-fr-desktop');
  });
});

describe('/admin/audit', () => {
  it('lists the admin writes with a readable before/after, filtered by entity type', async () => {
    const page = await app.asAdmin('en');
    // A write to see: a user is registered, then deactivated through the API as the admin.
    const visitor = await app.newPage('en');
    const user = await register(visitor);
    await visitor.context().close();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const list = await page.request.get(`/api/admin/users?q=${user.username}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const id = (await list.json()).data.users[0].id;
    await page.request.put(`/api/admin/users/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { isActive: false },
    });

    await open(page, '/admin/audit', 'en');
    // "#2" must not match the entry of translation #2817: the number ends where the id does.
    const entryOfUser = new RegExp(`#${id}\\b`);
    const item = page.locator('.audit-item', { hasText: entryOfUser }).first();
    await item.waitFor();
    await expect.poll(() => item.textContent()).toContain(text('en', 'adminPeople.audit.action.status'));
    // The field by its label and the flag as yes/no, not `isActive true false`.
    const label = text('en', 'adminPeople.audit.fields.isActive');
    const diffRow = item.getByRole('row', { name: new RegExp(`^${label}`) });
    await expect
      .poll(() => diffRow.textContent())
      .toBe(`${label}${text('en', 'adminPeople.audit.yes')}${text('en', 'adminPeople.audit.no')}`);
    await page.getByLabel(text('en', 'adminPeople.audit.entityType')).selectOption('translation');
    await page.getByRole('button', { name: text('en', 'adminPeople.audit.apply') }).click();
    await expect.poll(() => page.locator('.audit-item', { hasText: entryOfUser }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'audit');
    await page.getByRole('button', { name: text('en', 'adminPeople.audit.reset') }).click();
    await item.waitFor();
    await shoot(page, 'admin-audit-en-desktop');
    await page.setViewportSize(PHONE);
    await shoot(page, 'admin-audit-en-phone');
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin/audit?lng=fr');
    await page.locator('.audit-item').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'audit fr');
    await shoot(page, 'admin-audit-fr-desktop');
  });
});
