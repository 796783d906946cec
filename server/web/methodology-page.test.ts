import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../common/constants.js';
import { uiCatalog } from '../../common/i18n/index.js';
import { METHODOLOGY_SECTIONS } from '../../common/routes.js';
import { buildWebIfStale } from '../../scripts/web-build.js';
import { METHODOLOGY_FIGURES } from '../../web/src/pages/methodology/figures.js';
import { PRIOR_BALLOTS } from '../modules/rankings/confidence.js';
import { HEAD_TO_HEAD_SIZE } from '../modules/rankings/service.js';
import { createAdmin } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { escapeHtml } from './html.js';

// The real web build, browser app and server renderer (`npm run build`), built here when stale.
const WEB_DIST = resolve(import.meta.dirname, '../../web/dist');
const PUBLIC_URL = 'https://podium.example';

/** Text as React writes it into HTML. */
const asHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
const ui = (language: Language, key: string) => uiCatalog[language][key] as string;

/** The markup inside <div id="root">, i.e. what React rendered. */
const rendered = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

const SECTION_TITLES = {
  points: 'methodology.points.title',
  average: 'methodology.average.title',
  'too-close': 'methodology.tooClose.title',
  'head-to-head': 'methodology.headToHead.title',
  eligible: 'methodology.eligible.title',
  'cast-and-counted': 'methodology.castAndCounted.title',
  windows: 'methodology.windows.title',
} as const;

let server: TestServer;
beforeAll(async () => {
  buildWebIfStale(WEB_DIST);
  server = await startTestServer({ webDistDir: WEB_DIST, publicUrl: PUBLIC_URL });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('GET /methodology', () => {
  it.each(LANGUAGES)(
    'answers 200 in %s with its own title, description and <html lang>',
    async (language) => {
      const response = await server.request('GET', `/methodology?lng=${language}`);
      expect(response.status).toBe(200);
      const html = response.text;
      expect(html).toContain(`<html lang="${language}"`);
      expect(head(html)).toContain(
        `<title>${escapeHtml(ui(language, 'methodology.title'))} · Podium</title>`,
      );
      const description = escapeHtml(ui(language, 'methodology.description'));
      expect(head(html)).toContain(`<meta name="description" content="${description}">`);
      // The build's generic description is replaced, not joined.
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(head(html)).toContain(`<link rel="canonical" href="${PUBLIC_URL}/methodology?lng=${language}">`);
      for (const lng of LANGUAGES)
        expect(head(html)).toContain(
          `<link rel="alternate" hreflang="${lng}" href="${PUBLIC_URL}/methodology?lng=${lng}">`,
        );
    },
  );

  it.each(LANGUAGES)(
    'renders every section on the server in %s, each at the anchor a ranking links to',
    async (language) => {
      const response = await server.request('GET', `/methodology?lng=${language}`);
      const app = rendered(response.text);
      expect(app).not.toContain('class="boot"');
      expect(app).toMatch(new RegExp(`<h1[^>]*>${asHtml(ui(language, 'methodology.title'))}</h1>`));
      for (const id of METHODOLOGY_SECTIONS) {
        expect(app, id).toContain(`<section id="${id}"`);
        expect(app, id).toMatch(new RegExp(`<h2[^>]*>${asHtml(ui(language, SECTION_TITLES[id]))}</h2>`));
      }
      expect(app).toContain(asHtml(ui(language, 'methodology.eligible.totals')));
      // The page's own styles come with the HTML (its code is loaded on demand).
      expect(response.text).toContain('.methodology__section{');
    },
  );

  it('states the figures the server computes with: a prior of m ballots, the duels of the first ten', async () => {
    expect(METHODOLOGY_FIGURES.ballots).toBe(PRIOR_BALLOTS);
    expect(METHODOLOGY_FIGURES.shown).toBe(HEAD_TO_HEAD_SIZE);
    const app = rendered((await server.request('GET', '/methodology?lng=en')).text);
    const filled = (key: string, name: string, value: number) =>
      asHtml(ui('en', key).replace(`{{${name}}}`, String(value)));
    expect(app).toContain(filled('methodology.average.pull', 'ballots', PRIOR_BALLOTS));
    expect(app).toContain(filled('methodology.average.interval', 'percent', 90));
    expect(app).toContain(filled('methodology.headToHead.page', 'shown', HEAD_TO_HEAD_SIZE));
  });

  it('shows an administrator’s edit of its title in the very next page’s head, though pages are kept', async () => {
    const before = await server.request('GET', '/methodology?lng=de');
    expect(head(before.text)).toContain(`<title>${ui('de', 'methodology.title')} · Podium</title>`);
    const admin = await createAdmin(server);
    const saved = await server.request('POST', '/api/translations', {
      token: admin.accessToken,
      body: {
        entityType: 'ui',
        entityId: null,
        key: 'methodology.title',
        language: 'de',
        value: 'Wie wir zählen',
      },
    });
    expect(saved.status).toBe(200);
    const after = await server.request('GET', '/methodology?lng=de');
    expect(head(after.text)).toContain('<title>Wie wir zählen · Podium</title>');
    expect(rendered(after.text)).toMatch(/<h1[^>]*>Wie wir zählen<\/h1>/);
  });

  it('is listed in the sitemap with its address in each language', async () => {
    const sitemap = (await server.request('GET', '/sitemap.xml')).text;
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/methodology?lng=fr</loc>`);
    for (const lng of LANGUAGES)
      expect(sitemap).toContain(
        `<xhtml:link rel="alternate" hreflang="${lng}" href="${PUBLIC_URL}/methodology?lng=${lng}"/>`,
      );
  });
});
