import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import {
  ADMIN,
  expectNoSeriousA11yViolations,
  PHONE,
  SCREENSHOT_DIR,
  setupE2E,
  text,
} from './support/index.js';

const app = setupE2E({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const en = (key: string, params: Record<string, string> = {}) => text('en', key, params);

async function open(page: Page, path: string) {
  await page.goto(`${path}?lng=${await page.evaluate(() => document.documentElement.lang)}`);
  await page.locator('h1').first().waitFor();
}

async function addCategory(page: Page, name: string, fr?: string) {
  await open(page, '/admin/categories');
  const form = page.locator('form', {
    has: page.getByRole('button', { name: en('adminCatalogue.categories.add') }),
  });
  await form.getByLabel(en('adminCatalogue.names.englishRequired')).fill(name);
  if (fr) await form.getByLabel(en('adminCatalogue.names.inLanguage', { language: 'Français' })).fill(fr);
  await form.getByRole('button', { name: en('adminCatalogue.categories.add') }).click();
  await page.getByRole('status').filter({ hasText: name }).waitFor();
}

async function quickAddTag(page: Page, name: string, type: string, category: string, { added = true } = {}) {
  const form = page.locator('form', {
    has: page.getByRole('button', { name: en('adminCatalogue.tags.saveTag') }),
  });
  await form.getByLabel(en('adminCatalogue.names.englishRequired')).fill(name);
  await form.getByLabel(en('adminCatalogue.tags.type')).selectOption(type);
  await form.getByLabel(en('adminCatalogue.tags.category')).selectOption({ label: category });
  await form.getByRole('button', { name: en('adminCatalogue.tags.saveTag') }).click();
  if (added)
    await page
      .getByRole('status')
      .filter({ hasText: en('adminCatalogue.tags.added', { name }) })
      .waitFor();
}

describe('admin catalogue', () => {
  it('adds, renames and force-deletes a category; the system category has no edit controls', async () => {
    const page = await app.asAdmin('en');
    await addCategory(page, 'sea FOOD', 'Fruits de mer');
    const row = page.getByRole('listitem').filter({ hasText: 'Sea food' });
    await expect.poll(() => row.count()).toBe(1);

    await row.getByRole('button', { name: /Edit/ }).click();
    const edit = page.getByRole('form', { name: /Edit Sea food/ });
    await edit.getByLabel(en('adminCatalogue.names.englishRequired')).fill('Seafood places');
    await edit.getByRole('button', { name: en('action.save') }).click();
    const renamed = page.getByRole('listitem').filter({ hasText: 'Seafood places' });
    await renamed.waitFor();

    await open(page, '/admin/tags');
    await quickAddTag(page, 'Harbour', 'LOCATION', 'Seafood places');

    await open(page, '/admin/categories');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Seafood places' })
      .getByRole('button', { name: /Delete/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Forcing the delete moves them/).waitFor();
    await expectNoSeriousA11yViolations(page, 'category delete dialog');
    await dialog.getByRole('button', { name: en('adminCatalogue.categories.forceDelete') }).click();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: 'Seafood places' }).count()).toBe(0);
    const unassigned = page.getByRole('listitem').filter({ hasText: 'unassigned' });
    expect(await unassigned.getByRole('button').count()).toBe(0);
    await expect.poll(() => unassigned.textContent()).toMatch(/1 tag/);
  });

  it('adds a tag through the wizard, then meets the duplicate-name dialog in the quick form', async () => {
    const page = await app.asAdmin('en');
    await addCategory(page, 'Bakeries');
    await open(page, '/admin/tags');
    await page.getByRole('button', { name: en('adminCatalogue.tags.openWizard') }).click();
    const wizard = page.getByRole('dialog');
    const next = wizard.getByRole('button', { name: en('adminCatalogue.wizard.next') });
    expect(await next.isDisabled()).toBe(true);
    await wizard.getByLabel(en('adminCatalogue.tags.category')).selectOption({ label: 'Bakeries' });
    await next.click();
    await wizard.getByText(en('adminCatalogue.wizard.step', { step: '2', total: '4' })).waitFor();
    expect(await next.isDisabled()).toBe(true);
    await wizard
      .getByLabel(en('adminCatalogue.tags.type'))
      .selectOption({ label: en('adminCatalogue.tags.customType') });
    await wizard.getByLabel(en('adminCatalogue.tags.customTypeName')).fill('crust');
    await next.click();
    await wizard.getByLabel(en('adminCatalogue.names.englishRequired')).fill('Sourdough');
    await next.click();
    await wizard.getByText('CRUST').waitFor();
    await expectNoSeriousA11yViolations(page, 'tag wizard review');
    await wizard.getByRole('button', { name: en('adminCatalogue.tagWizard.create') }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('rowheader', { name: 'Sourdough' }).waitFor();

    await quickAddTag(page, 'sourdough', 'OTHER', 'Bakeries', { added: false });
    const conflict = page.getByRole('dialog', { name: en('adminCatalogue.tags.conflictExistsTitle') });
    await conflict.getByText(en('adminCatalogue.tags.conflictExistsMessage')).waitFor();
    await conflict.getByRole('button', { name: en('action.ok') }).click();
  });

  it('builds a main topic with the cross product of tags, toggles a sub-topic and deletes the main topic after typing DELETE', async () => {
    const page = await app.asAdmin('en');
    await addCategory(page, 'Pizza places');
    await open(page, '/admin/tags');
    for (const city of ['Paris', 'Lyon', 'Nice', 'Lille'])
      await quickAddTag(page, city, 'LOCATION', 'Pizza places');
    for (const price of ['Cheap', 'Mid', 'Upscale']) await quickAddTag(page, price, 'PRICE', 'Pizza places');
    await page.getByRole('rowheader', { name: 'Upscale' }).waitFor();

    await open(page, '/admin/topics');
    await page.getByRole('button', { name: en('adminCatalogue.topicWizard.title') }).click();
    const wizard = page.getByRole('dialog');
    const next = wizard.getByRole('button', { name: en('adminCatalogue.wizard.next') });
    await wizard.getByLabel(en('adminCatalogue.tags.category')).selectOption({ label: 'Pizza places' });
    await next.click();
    await wizard.getByLabel(en('adminCatalogue.topicWizard.mainName')).fill('Best pizza');
    await next.click();
    await wizard.getByLabel(/Location/).check();
    await wizard.getByLabel(/Price/).check();
    await next.click();
    await wizard.getByText(en('adminCatalogue.topicWizard.andMore', { count: '9' })).waitFor();
    await wizard.getByText(en('adminCatalogue.topicWizard.summary', { subs: '12', total: '13' })).waitFor();
    await expectNoSeriousA11yViolations(page, 'topic wizard step 4');
    await wizard.getByRole('button', { name: en('adminCatalogue.topicWizard.create') }).click();
    await wizard.getByText(/12 sub-topics created/).waitFor();
    await wizard
      .getByRole('button', { name: en('action.close') })
      .first()
      .click();

    const subs = page
      .getByRole('row')
      .filter({ hasText: en('adminCatalogue.topics.subTopicOf', { main: 'Best pizza' }) });
    await expect.poll(() => subs.count()).toBe(12);
    const titles = await page.getByRole('rowheader').allTextContents();
    for (const city of ['Paris', 'Lyon', 'Nice', 'Lille']) {
      for (const price of ['Cheap', 'Mid', 'Upscale']) {
        expect(titles.some((title) => title.startsWith(`Best pizza ${city} ${price}`))).toBe(true);
      }
    }

    const parisCheap = page.getByRole('row').filter({ hasText: 'Best pizza Paris Cheap' });
    await parisCheap.getByRole('button', { name: /Deactivate/ }).click();
    const confirm = page.getByRole('dialog');
    await confirm
      .getByText(en('adminCatalogue.topics.deactivateConfirm', { title: 'Best pizza Paris Cheap' }))
      .waitFor();
    await confirm.getByRole('button', { name: en('adminCatalogue.topics.deactivate') }).click();
    await expect.poll(() => parisCheap.getByText(en('adminCatalogue.topics.inactive')).count()).toBe(1);

    await screenshots(page);

    const main = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Best pizza', exact: true }) });
    await main.getByRole('button', { name: /Delete/ }).click();
    const danger = page.getByRole('dialog');
    const remove = danger.getByRole('button', { name: en('action.delete') });
    expect(await remove.isDisabled()).toBe(true);
    await danger.getByLabel(en('confirm.typeWord', { word: 'DELETE' })).fill('DELETE');
    await remove.click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Best pizza' }).count()).toBe(0);
  }, 300_000);
});

/** Desktop and phone, English and French, of every admin page built here; each also goes through axe. */
async function screenshots(page: Page) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const topicId = await page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const response = await fetch('/api/admin/topics', { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    return body.data.topics.find((t: { isMainTopic: boolean }) => !t.isMainTopic).id as number;
  });
  const pages: Array<[string, string]> = [
    ['panel', '/admin'],
    ['categories', '/admin/categories'],
    ['tags', '/admin/tags'],
    ['topics', '/admin/topics'],
    ['topic-edit', `/admin/topics/edit/${topicId}`],
  ];
  for (const lng of ['en', 'fr'] as Language[]) {
    for (const viewport of [
      { name: 'desktop', size: { width: 1280, height: 800 } },
      { name: 'phone', size: PHONE },
    ]) {
      await page.setViewportSize(viewport.size);
      for (const [name, path] of pages) {
        await page.goto(`${path}?lng=${lng}`);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await expectNoSeriousA11yViolations(page, `${path} ${lng} ${viewport.name}`);
        await page.screenshot({
          path: resolve(SCREENSHOT_DIR, `admin-catalogue-${name}-${lng}-${viewport.name}.png`),
          fullPage: true,
        });
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/topics?lng=en');
  await page.locator('h1').first().waitFor();
}
