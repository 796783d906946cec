import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../common/languages.js';
import { type ServerProcess, startServerProcess } from '../server/test/process.js';
import { launchBrowser } from './support/browser.js';
import { ADMIN, callApi, REPO_ROOT } from './support/index.js';
import { shootChecked } from './support/shots.js';

/**
 * The proof that a language is data (decision 030): a copy of the project gets ONE catalog file and ONE
 * entry in the language list, nothing else; built and started on a demo seed, it serves the new language
 * on every surface. The language is a pseudo-Italian: every text is the English one in ⟦ ⟧, so a text of
 * this catalog is told from any other on sight.
 */
const CODE = 'it';
const LABEL = 'Italiano';
const OG_LOCALE = 'it_IT';
const marked = (text: string) => `⟦${text}⟧`;

const english = JSON.parse(readFileSync(join(REPO_ROOT, 'common/i18n/languages/en.json'), 'utf8')) as Record<
  string,
  string
>;
const italian = Object.fromEntries(Object.entries(english).map(([key, text]) => [key, marked(text)]));
/** A text of the test catalog, its placeholders filled. */
const t = (key: string, params: Record<string, string> = {}) =>
  (italian[key] ?? '').replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

let root: string;
let server: ServerProcess;
let browser: Browser;

/** Copies the project's tracked files (as they are in the work tree) and links its node_modules. */
function copyProject(): string {
  const copy = mkdtempSync(join(tmpdir(), 'podium-fifth-language-'));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    try {
      cpSync(join(REPO_ROOT, file), join(copy, file));
    } catch {
      // A file deleted in the work tree but not yet in the index.
    }
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

/** The one edit: an entry appended to the language list, written as the list's entries are. */
function addLanguageEntry(copy: string): void {
  const file = join(copy, 'common/languages.ts');
  const source = readFileSync(file, 'utf8');
  const end = '] as const satisfies readonly LanguageEntry[];';
  if (!source.includes(end)) throw new Error('the language list is not where the test expects it');
  writeFileSync(
    file,
    source.replace(end, `  { code: '${CODE}', label: '${LABEL}', ogLocale: '${OG_LOCALE}' },\n${end}`),
  );
}

beforeAll(async () => {
  root = copyProject();
  writeFileSync(join(root, `common/i18n/languages/${CODE}.json`), `${JSON.stringify(italian, null, 2)}\n`);
  addLanguageEntry(root);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe' });
  const dataDir = join(root, 'data');
  [server, browser] = await Promise.all([
    startServerProcess(
      {
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(root, 'web/dist'),
        SEED: 'demo',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      { root },
    ),
    launchBrowser(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  if (root) rmSync(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });

const api = <T = any>(method: string, path: string, body?: unknown, token?: string) =>
  callApi<T>(server.url, method, path, body, token);

const adminToken = async () =>
  (
    await api<{ accessToken: string }>('POST', '/auth/login', {
      email: ADMIN.email,
      password: ADMIN.password,
    })
  ).accessToken;

/** The page's markup without its scripts: what the server rendered, not the catalog it hands the app. */
const markup = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');

async function openPage(path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(path);
  await page.locator('.site-header__actions-placeholder').waitFor({ state: 'detached', timeout: 20_000 });
  return page;
}

describe('a fifth language added as one catalog file and one entry of the language list', () => {
  it('is not one the product ships', () => {
    expect(LANGUAGES).not.toContain(CODE);
  });

  it('serves pages rendered in it, with <html lang>, its texts, og:locale and the other languages as alternates', async () => {
    for (const path of ['/', '/methodology', '/topic/1']) {
      const html = await (await get(`${path}?lng=${CODE}`)).text();
      expect(html).toContain(`<html lang="${CODE}"`);
      expect(markup(html)).toContain(t('nav.home'));
    }
    const html = await (await get(`/topic/1?lng=${CODE}`)).text();
    expect(html).toContain(`<meta property="og:locale" content="${OG_LOCALE}">`);
    expect(html).toContain('<meta property="og:locale:alternate" content="fr_FR">');
    expect(html).toContain(`hreflang="${CODE}"`);

    const french = await (await get('/topic/1?lng=fr')).text();
    expect(french).toContain(`<meta property="og:locale:alternate" content="${OG_LOCALE}">`);
    expect(french).toMatch(
      new RegExp(`<link rel="alternate" hreflang="${CODE}" href="[^"]*/topic/1\\?lng=${CODE}">`),
    );
  });

  it('names every page of it in the sitemap (hreflang)', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`hreflang="${CODE}"`);
    expect(sitemap).toContain(`?lng=${CODE}`);
  });

  it('serves its UI catalog, the test catalog’s texts, whole', async () => {
    const catalog = await api<{ language: string; translations: Record<string, string> }>(
      'GET',
      `/translations/ui/${CODE}`,
    );
    expect(catalog.language).toBe(CODE);
    expect(Object.keys(catalog.translations).length).toBe(Object.keys(italian).length);
    expect(catalog.translations['nav.home']).toBe(t('nav.home'));
  });

  it('finds a topic by its name in it, searched in it', async () => {
    const token = await adminToken();
    const { category } = await api('POST', '/admin/categories', { name: 'Gelato' }, token);
    const title = 'Migliore gelateria di Trastevere';
    const { topic } = await api(
      'POST',
      '/admin/topics',
      { name: title, categoryId: category.id, language: CODE },
      token,
    );
    const titles = async () => {
      const response = await get(
        `/api/search/smart?q=${encodeURIComponent('gelateria trastevere')}&lang=${CODE}`,
      );
      const body = (await response.json()) as { data: { suggestions: { title: string }[] } };
      return body.data.suggestions.map((suggestion) => suggestion.title);
    };
    // The search index follows the change events: the new topic is in it moments after.
    await expect.poll(titles).toContain(title);
    // Its page in its language describes it (it has no description of its own) with the test catalog's text.
    const page = await (await get(`/topic/${topic.id}?lng=${CODE}`)).text();
    expect(page).toContain(
      `<meta property="og:description" content="${t('topic.meta.description', { title })}">`,
    );
  });

  it('is a language a person can choose in the profile', async () => {
    const token = await adminToken();
    const { user } = await api('GET', '/auth/profile', undefined, token);
    const saved = await api(
      'PUT',
      '/users/profile',
      {
        username: user.username,
        email: user.email,
        firstName: user.firstName ?? '',
        lastName: user.lastName ?? '',
        language: CODE,
        currentPassword: '',
      },
      token,
    );
    expect(saved.user.language).toBe(CODE);
  });

  it('is offered by the language menu, and the page then reads in it', async () => {
    const page = await openPage('/?lng=fr');
    await page.locator('header.site-header button[aria-haspopup="menu"]').first().click();
    await page.getByRole('menuitemradio', { name: LABEL }).waitFor();
    await shootChecked(page, 'fifth-language-menu');
    await page.getByRole('menuitemradio', { name: LABEL }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(CODE);
    await page
      .getByRole('link', { name: t('nav.home'), exact: true })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('has its own name field in the admin’s name editors and in the profile form', async () => {
    const page = await openPage(`/?lng=${CODE}`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: t('nav.login'), exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="email"]').fill(ADMIN.email);
    await dialog.locator('input[name="password"]').fill(ADMIN.password);
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`/admin/categories?lng=${CODE}`);
    const field = page.getByLabel(t('adminCatalogue.names.inLanguage', { language: LABEL }), { exact: true });
    await field.first().waitFor();
    expect(await field.first().getAttribute('lang')).toBe(CODE);
    await shootChecked(page, 'fifth-language-admin-names');

    await page.goto(`/profile?lng=${CODE}`);
    const language = page.locator('select').filter({ has: page.locator(`option[value="${CODE}"]`) });
    await language.first().waitFor();
    expect(await language.first().locator(`option[value="${CODE}"]`).textContent()).toBe(LABEL);
    await page.context().close();
  });
});
