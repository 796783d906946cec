import { copyFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../common/constants.js';
import { type EmbedTheme, embedUrl } from '../common/embed.js';
import {
  DESKTOP,
  expectNoSeriousA11yViolations,
  hydrated,
  SCREENSHOT_DIR,
  seedTopic,
  setupE2E,
  text,
  voteAsNewUser,
} from './support/index.js';
import { NARROW, shootChecked } from './support/shots.js';

const app = setupE2E();
/** Where this part's pictures are looked at (besides e2e/screenshots). */
const SHOTS = '/work/shots/live-embed';

/** Another site: a page on another 127.0.0.1 port (another origin) that frames whatever `?src=` names. */
let otherSite: Server;
let otherOrigin: string;
beforeAll(async () => {
  otherSite = createServer((request, response) => {
    const asked = new URL(request.url ?? '/', 'http://other.invalid');
    const src = asked.searchParams.get('src') ?? '';
    const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;padding:16px;font-family:Georgia,serif;background:#fdfaf3">
<h1 style="font-size:20px">My favourite places</h1><p>The community's ranking, live:</p>
<iframe src="${attribute(src)}" title="Podium ranking" width="480" height="720" style="border:0;max-width:100%"></iframe>
</body></html>`);
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => otherSite?.close(resolve));
});

/** Copies a picture of e2e/screenshots to this part's folder. */
function keep(name: string) {
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(join(SCREENSHOT_DIR, `${name}.png`), join(SHOTS, `${name}.png`));
}

/** A dialog as a person sees it: the window only (a full-page picture draws the page below the backdrop). */
async function keepWindow(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The other site's page framing the embed of `topicId`. */
async function framedBy(
  topicId: number,
  lng: Language,
  theme: EmbedTheme,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<Page> {
  const context = await app.browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  const src = embedUrl(app.url, topicId, { language: lng, theme });
  await page.goto(`${otherOrigin}/?${new URLSearchParams({ src })}`);
  return page;
}

const framedNames = (page: Page) => page.frameLocator('iframe').locator('.ranking__name').allTextContents();

describe('the live embed on another site', () => {
  it('is framed by a page of another origin and updates live after a ballot, without reload', async () => {
    const lng = 'en';
    const topicId = await seedTopic(app.url, 'Best ramen', [
      ['Ramen Ichi', 'Noodle Bar', 'Kura'],
      ['Ramen Ichi', 'Kura'],
    ]);
    const page = await framedBy(topicId, lng, 'light');
    const frame = page.frameLocator('iframe');
    await expect.poll(() => framedNames(page)).toEqual(['Ramen Ichi', 'Kura', 'Noodle Bar']);
    // Said politely once the stream is open.
    await expect.poll(() => frame.getByRole('status').textContent()).toBe(text(lng, 'embed.live'));
    const link = frame.getByRole('link', { name: text(lng, 'embed.fullRanking') });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener');
    const loads: string[] = [];
    page.on('framenavigated', (navigated) => loads.push(navigated.url()));

    await voteAsNewUser(app.url, topicId, ['Noodle Bar', 'Udon House']);
    await voteAsNewUser(app.url, topicId, ['Noodle Bar', 'Udon House']);
    await expect.poll(() => framedNames(page)).toEqual(['Noodle Bar', 'Ramen Ichi', 'Udon House', 'Kura']);
    expect(loads, 'the frame was not reloaded').toEqual([]);
    await page.context().close();
  });

  for (const [lng, theme] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['fr', 'light'],
    ['fr', 'dark'],
  ] as const) {
    it(`reads well in ${theme} (${lng}), framed at 1280 and at 360 px`, async () => {
      const topicId = await seedTopic(app.url, lng === 'fr' ? 'Meilleurs ramen' : 'Best ramen', [
        ['Ramen Ichi', 'Noodle Bar', 'Kura'],
        ['Ramen Ichi', 'Kura'],
        ['Noodle Bar', 'Ramen Ichi'],
      ]);
      for (const viewport of [DESKTOP, NARROW]) {
        const page = await framedBy(topicId, lng, theme, viewport);
        await expect.poll(() => framedNames(page)).toHaveLength(3);
        await expect
          .poll(() => page.frameLocator('iframe').getByRole('status').textContent())
          .toBe(text(lng, 'embed.live'));
        const name = `live-embed-${theme}-${lng}-${viewport.width}`;
        await shootChecked(page, name);
        keep(name);
        await page.context().close();
      }
      // The embed alone, as axe sees it: contrast in its theme, names, landmarks.
      const context = await app.browser.newContext({ viewport: NARROW, colorScheme: theme });
      const alone = await context.newPage();
      await alone.goto(embedUrl(app.url, topicId, { language: lng, theme }));
      await alone.locator('.ranking__name').first().waitFor();
      await expectNoSeriousA11yViolations(alone);
      await context.close();
    });
  }

  it('shows what the server rendered, with its link, when scripts do not run', async () => {
    const topicId = await seedTopic(app.url, 'Best ramen', [['Ramen Ichi', 'Kura']]);
    const context = await app.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(embedUrl(app.url, topicId, { language: 'de' }));
    expect(await page.locator('.ranking__name').allTextContents()).toEqual(['Ramen Ichi', 'Kura']);
    await page.getByRole('link', { name: text('de', 'embed.fullRanking') }).waitFor();
    await context.close();
  });
});

describe('the Share dialog', () => {
  for (const lng of ['fr', 'de'] as const) {
    it(`gives the link and the embed code by keyboard, on a 360 px phone (${lng})`, async () => {
      const topicId = await seedTopic(app.url, 'Best ramen', [['Ramen Ichi', 'Kura']]);
      const page = await app.newPage(lng, { viewport: NARROW, path: `/topic/${topicId}` });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
      const open = page.getByRole('button', { name: text(lng, 'share.open') });
      await hydrated(open);
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: text(lng, 'share.title') });
      await dialog.waitFor();
      // Focus went into the dialog, on its first action.
      const copyLink = dialog.getByRole('button', { name: text(lng, 'share.copyLink') });
      await expect.poll(() => copyLink.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      const status = dialog.getByRole('status');
      await expect.poll(() => status.textContent()).toBe(text(lng, 'share.copied'));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${app.url}/topic/${topicId}?lng=${lng}`,
      );

      // The dark theme, chosen with the arrows, goes into the code.
      await dialog.getByRole('radio', { name: text(lng, 'share.theme.auto') }).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await dialog.getByRole('radio', { name: text(lng, 'share.theme.dark') }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: text(lng, 'share.copyCode') }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()))
        .toContain(`src="${app.url}/embed/topic/${topicId}?lng=${lng}&amp;theme=dark"`);
      await expectNoSeriousA11yViolations(page);
      const name = `live-embed-share-dialog-${lng}-360`;
      await shootChecked(page, name);
      await keepWindow(page, name);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => open.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.context().close();
    });
  }

  it('selects the text to copy by hand when the browser refuses the clipboard, and shows at 1280 px (en)', async () => {
    const lng = 'en';
    const topicId = await seedTopic(app.url, 'Best ramen', [['Ramen Ichi', 'Kura']]);
    const page = await app.newPage(lng, { path: `/topic/${topicId}` });
    // As a browser that refuses: writeText rejects.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
    });
    const open = page.getByRole('button', { name: text(lng, 'share.open') });
    await hydrated(open);
    await open.click();
    const dialog = page.getByRole('dialog', { name: text(lng, 'share.title') });
    await dialog.getByRole('button', { name: text(lng, 'share.copyCode') }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe(text(lng, 'share.copyRefused'));
    const selected = await page.evaluate(() => {
      const field = document.activeElement as HTMLTextAreaElement;
      return field.value.slice(field.selectionStart, field.selectionEnd);
    });
    expect(selected).toMatch(/^<iframe src=".*<\/iframe>$/);
    const name = 'live-embed-share-dialog-en-1280';
    await shootChecked(page, name);
    await keepWindow(page, name);
    await page.context().close();
  });
});
