import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Language } from '../../common/constants.js';
import { login } from './auth.js';
import { launchBrowser } from './browser.js';
import { ADMIN, type RunningServer, startServer } from './server.js';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface NewPageOptions extends BrowserContextOptions {
  /** Path opened first (default `/`); `lng` is added to it unless null. */
  path?: string;
}

export interface E2E {
  readonly url: string;
  /** The server's SQLite file (support/database.ts reads it). */
  readonly databaseFile: string;
  /**
   * A fresh browser context (own localStorage) showing `path?lng=<lng>` once the app has rendered; with
   * `javaScriptEnabled: false`, once the server's HTML is there (a server-rendered page only).
   */
  newPage: (lng: Language | null, options?: NewPageOptions) => Promise<Page>;
  /**
   * Reloads the page and resolves once the app runs again: the reloaded page's server HTML is on screen
   * before React has hydrated it.
   */
  reload: (page: Page) => Promise<void>;
  /** Another tab of the same context (shares localStorage, like a real second tab). */
  newTab: (context: BrowserContext, path?: string) => Promise<Page>;
  /** A page signed in as the administrator that the server was started with. */
  asAdmin: (lng?: Language) => Promise<Page>;
  /** The Chromium of this file, for a page that is not the app's (another site, an embed alone). */
  readonly browser: Browser;
}

/**
 * Per test file: starts a real server (with `env` overrides) and one Chromium, stops both after.
 * Each test gets its own contexts, so tests do not share sessions. `env` may be a function, read when the
 * server starts: for a value known only then (the address of a mail server started by an earlier hook).
 */
export function setupE2E(env: Record<string, string> | (() => Record<string, string>) = {}): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    // Both start at once; if one fails, the other is still kept so that afterAll stops it (a failed
    // browser launch used to leave its server process running).
    const [started, launched] = await Promise.allSettled([
      startServer(typeof env === 'function' ? env() : env),
      launchBrowser(),
    ]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // The header renders once the first catalog is in (or comes in the server's HTML) and is complete once
  // the app runs; when it never is, say what the page said.
  const appReady = async (page: Page, scripts = true) => {
    const problems: string[] = [];
    const onError = (error: Error) => problems.push(error.message);
    const onConsole = (message: { type: () => string; text: () => string }) => {
      if (message.type() === 'error') problems.push(message.text());
    };
    page.on('pageerror', onError);
    page.on('console', onConsole);
    try {
      await page.locator('header.site-header').waitFor({ timeout: 20_000 });
      // Without JavaScript the server's HTML is all there will be.
      if (!scripts) return;
      // A server-rendered page shows its header before its script runs: the account corner is a
      // placeholder until the app has hydrated and read the session, and only then does a click work.
      await page.locator('.site-header__actions-placeholder').waitFor({ state: 'detached', timeout: 20_000 });
    } catch (error) {
      throw new Error(`app did not render at ${page.url()}: ${problems.join(' | ') || String(error)}`);
    } finally {
      page.off('pageerror', onError);
      page.off('console', onConsole);
    }
  };

  const harness: E2E = {
    get url() {
      if (!server) throw new Error('server not started');
      return server.url;
    },
    get browser() {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    get databaseFile() {
      if (!server) throw new Error('server not started');
      return server.databaseFile;
    },
    async newPage(lng, { path = '/', ...contextOptions } = {}) {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        baseURL: harness.url,
        viewport: DESKTOP,
        locale: 'en-US',
        ...contextOptions,
      });
      const page = await context.newPage();
      const target = lng ? `${path}${path.includes('?') ? '&' : '?'}lng=${lng}` : path;
      await page.goto(target);
      await appReady(page, contextOptions.javaScriptEnabled !== false);
      return page;
    },
    async reload(page) {
      await page.reload();
      await appReady(page);
    },
    async newTab(context, path = '/') {
      const page = await context.newPage();
      await page.goto(path);
      await appReady(page);
      return page;
    },
    async asAdmin(lng = 'en') {
      const page = await harness.newPage(lng);
      await login(page, ADMIN);
      return page;
    },
  };
  return harness;
}
