import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import { ADMIN, callApi, setupE2E } from './support/index.js';

/**
 * The five back-office tables, as a person sees them: at 1366 px a row's action buttons sit side by
 * side, no e-mail address runs onto a second line and no column hides behind a sideways scroll, also
 * while a row is edited in place; on a 360 px phone the page itself never scrolls sideways (a wide
 * table scrolls inside its own frame).
 */
const app = setupE2E({ SEED: 'demo' });

const LAPTOP = { width: 1366, height: 900 } as const;
const PHONE_360 = { width: 360, height: 800 } as const;

/**
 * Each screen, whether its rows end with action buttons (the audit log's do not) and whether a row is
 * edited in place (its first action is Edit), which changes what the row holds.
 */
const SCREENS = [
  ['tags', { actions: true, editsInPlace: true }],
  ['topics', { actions: true, editsInPlace: false }],
  ['users', { actions: true, editsInPlace: true }],
  ['translations', { actions: true, editsInPlace: true }],
  ['audit', { actions: false, editsInPlace: false }],
] as const;

/** Long, but real: the kind of address that used to break after "vandenberghe-". */
const LONG_EMAIL = 'marie-christine.vandenberghe-lefebvre@exemple-entreprise.test';

beforeAll(async () => {
  const { accessToken } = await callApi(app.url, 'POST', '/auth/login', {
    email: ADMIN.email,
    password: ADMIN.password,
  });
  // Her creation and deactivation also give the audit log two entries, one with her e-mail in it.
  const { user } = await callApi(
    app.url,
    'POST',
    '/admin/users',
    {
      email: LONG_EMAIL,
      username: 'mc_vandenberghe',
      password: 'secret-pass-1',
      firstName: 'Marie-Christine',
      lastName: 'Vandenberghe-Lefebvre',
    },
    accessToken,
  );
  await callApi(app.url, 'PUT', `/admin/users/${user.id}`, { isActive: false }, accessToken);
});

interface Layout {
  /** Rows whose last cell holds two controls or more. */
  rowsWithActions: number;
  /** The text of each row whose action controls do not all share one top edge. */
  wrappedActions: string[];
  emails: number;
  /** Each e-mail address laid out on more than one line. */
  wrappedEmails: string[];
  /** How far the table reaches past its frame, hidden behind a sideways scroll (0 when it fits). */
  tableOverflow: number;
  /** How far the page reaches past the window's right edge (0 when it fits). */
  pageOverflow: number;
}

async function open(page: Page, screen: string, lng: Language) {
  await page.goto(`/admin/${screen}?lng=${lng}`);
  await page.locator('main table').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** Reads, in the page, where the rows' controls and the e-mail addresses actually landed. */
function layoutOf(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const table = document.querySelector('main table');
    if (!table) throw new Error('no table in main');
    // The table's own rows, not those of a table nested in a cell (the audit's before/after).
    const rows = [...table.querySelectorAll(':scope > tbody > tr')];
    let rowsWithActions = 0;
    const wrappedActions: string[] = [];
    for (const row of rows) {
      const controls = [...(row.lastElementChild?.querySelectorAll('button, a') ?? [])];
      if (controls.length < 2) continue;
      rowsWithActions++;
      const tops = new Set(controls.map((control) => Math.round(control.getBoundingClientRect().top)));
      if (tops.size > 1) wrappedActions.push(row.textContent?.slice(0, 80) ?? '');
    }
    let emails = 0;
    const wrappedEmails: string[] = [];
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)) {
        emails++;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) wrappedEmails.push(match[0]);
      }
    }
    const frame = table.parentElement;
    return {
      rowsWithActions,
      wrappedActions,
      emails,
      wrappedEmails,
      tableOverflow: frame ? frame.scrollWidth - frame.clientWidth : 0,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

/** At 1366 px: actions on one line, e-mails whole, and the whole table in view without scrolling. */
function expectFits(what: string, layout: Layout) {
  expect.soft(layout.wrappedActions, `${what}: rows whose actions wrap`).toEqual([]);
  expect.soft(layout.wrappedEmails, `${what}: e-mails on two lines`).toEqual([]);
  expect.soft(layout.tableOverflow, `${what}: table wider than its frame`).toBeLessThanOrEqual(0);
  expect.soft(layout.pageOverflow, `${what}: page wider than the window`).toBeLessThanOrEqual(0);
}

describe('admin tables', () => {
  for (const lng of ['fr', 'de'] as const) {
    it(`at 1366 px in ${lng}, keep each row's actions on one line and each e-mail whole`, async () => {
      const page = await app.asAdmin(lng);
      await page.setViewportSize(LAPTOP);
      for (const [screen, { actions, editsInPlace }] of SCREENS) {
        await open(page, screen, lng);
        const layout = await layoutOf(page);
        // Soft: one run names every screen and every check that fails, not only the first.
        if (actions) expect.soft(layout.rowsWithActions, `${screen}: rows with actions`).toBeGreaterThan(0);
        if (screen === 'users' || screen === 'audit') {
          expect.soft(layout.emails, `${screen}: e-mails shown`).toBeGreaterThan(0);
        }
        expectFits(screen, layout);
        if (editsInPlace) {
          await page
            .locator('main table > tbody > tr')
            .first()
            .locator('td:last-child button')
            .first()
            .click();
          await page.locator('main table > tbody > tr').first().locator('input, textarea').first().waitFor();
          expectFits(`${screen}, a row in edit`, await layoutOf(page));
        }
      }
      await page.context().close();
    }, 120_000);

    it(`at 360 px in ${lng}, never make the page scroll sideways`, async () => {
      const page = await app.asAdmin(lng);
      await page.setViewportSize(PHONE_360);
      for (const [screen] of SCREENS) {
        await open(page, screen, lng);
        const layout = await layoutOf(page);
        expect.soft(layout.pageOverflow, `${screen}: page wider than the phone`).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    }, 120_000);
  }
});
