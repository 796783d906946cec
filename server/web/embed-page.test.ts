import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_LIMIT, EMBED_SIZE } from '../../common/embed.js';
import { uiCatalog } from '../../common/i18n/index.js';
import { buildWebIfStale } from '../../scripts/web-build.js';
import { PUBLIC_CACHE_CONTROL } from '../http/public-reads.js';
import { ballot, vote } from '../modules/votes/test-helpers.js';
import { makeCategory, makeProposition, makeTopic } from '../test/catalogue-factory.js';
import { registerUser } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/server.js';

// The real web build (its server renderer renders the embed), built here when stale.
const WEB_DIST = resolve(import.meta.dirname, '../../web/dist');

let server: TestServer;
let topicId: number;
let topicSlug: string;
/** 25 propositions: "Place 01" has the most points, "Place 02" and "Place 03" share the next rank. */
const POINTS = Array.from({ length: 25 }, (_, i) => (i === 2 ? 24 : 25 - i));

beforeAll(async () => {
  buildWebIfStale(WEB_DIST);
  server = await startTestServer({ webDistDir: WEB_DIST });
  const category = await makeCategory(server.ctx.db);
  const topic = await makeTopic(server.ctx.db, {
    categoryId: category.id,
    language: 'en',
    titles: { en: 'Best ramen in Lyon', fr: 'Meilleurs ramen à Lyon' },
  });
  topicId = topic.id;
  topicSlug = topic.slug;
  for (const [index, points] of POINTS.entries())
    await makeProposition(server.ctx.db, topic.id, `Place ${String(index + 1).padStart(2, '0')}`, {
      third: points,
    });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const embed = (query = 'lng=en', headers: Record<string, string> = {}) =>
  server.request('GET', `/embed/topic/${topicId}?${query}`, { headers });
/** The names of the rows an embed shows, in order. */
const rowNames = (html: string) =>
  [...html.matchAll(/<span class="ranking__name">([^<]*)</g)].map((m) => m[1]);

describe('the embedded ranking', () => {
  it('shows the topic title, its top 10 with points and a link back to the topic page', async () => {
    const response = await embed();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = response.text;
    expect(html).toContain('<html lang="en" data-theme="auto"');
    expect(html).toContain('Best ramen in Lyon');
    expect(rowNames(html)).toEqual(
      POINTS.slice(0, 10).map((_, i) => `Place ${String(i + 1).padStart(2, '0')}`),
    );
    expect(html).toContain('25 points');
    expect(html).toMatch(
      new RegExp(
        `<a class="embed__link" href="${server.ctx.config.publicUrl}/topic/${topicId}\\?lng=en" target="_blank" rel="noopener">See the full ranking on Podium</a>`,
      ),
    );
    // The site's header and footer are not there; the embed's script and the app's stylesheet are.
    expect(html).not.toContain('<header class="site-header');
    expect(html).toMatch(/<script type="module" src="\/assets\/embed-[\w-]+\.js"><\/script>/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[\w.-]+\.css">/);
    expect(html).toContain(`data-stream="/api/topics/${topicId}/events"`);
    expect(html).toContain('role="status" aria-live="polite"');
  });

  it('shows shared ranks as the topic page does', async () => {
    const html = (await embed()).text;
    expect(html).toContain(uiCatalog.en['topic.ranking.rankTiedLabel']?.replace('{{rank}}', '2'));
  });

  it('shows as many rows as ?limit= asks, within 3 and 20', async () => {
    expect(rowNames((await embed('lng=en&limit=5')).text)).toHaveLength(5);
    expect(rowNames((await embed('lng=en&limit=1')).text)).toHaveLength(EMBED_LIMIT.min);
    expect(rowNames((await embed('lng=en&limit=500')).text)).toHaveLength(EMBED_LIMIT.max);
    expect(rowNames((await embed('lng=en&limit=many')).text)).toHaveLength(EMBED_LIMIT.default);
  });

  it('is in the theme ?theme= names, and follows the device for any other', async () => {
    expect((await embed('lng=en&theme=dark')).text).toContain('data-theme="dark"');
    expect((await embed('lng=en&theme=light')).text).toContain('data-theme="light"');
    expect((await embed('lng=en&theme=purple')).text).toContain('data-theme="auto"');
  });

  it('speaks the language of ?lng=, and falls back as pages do for an unknown one', async () => {
    const french = (await embed('lng=fr')).text;
    expect(french).toContain('Meilleurs ramen à Lyon');
    expect(french).toContain('Voir le classement complet sur Podium');
    const fallback = await embed('lng=xx', { 'accept-language': 'de' });
    expect(fallback.status).toBe(200);
    expect(fallback.text).toContain('<html lang="de"');
  });

  it('answers a topic that does not exist with a small translated not-found page and 404', async () => {
    const response = await server.request('GET', '/embed/topic/999999?lng=fr');
    expect(response.status).toBe(404);
    expect(response.text).toContain('Classement introuvable');
    expect(response.text).not.toContain('data-stream');
  });

  it('shows a ballot on its next read', async () => {
    const user = await registerUser(server);
    const before = rowNames((await embed()).text);
    expect(before).not.toContain('Place 25');
    const cast = await vote(server, user.accessToken, ballot(topicId, ['Place 25', null, null]));
    expect(cast.status).toBeLessThan(300);
    // 1 + 3 points: still below the top 10, but the ranking moved: the kept embed was dropped.
    const cast2 = await vote(
      server,
      (await registerUser(server)).accessToken,
      ballot(topicId, ['Place 11', null, null]),
    );
    expect(cast2.status).toBeLessThan(300);
    expect(rowNames((await embed()).text)).toContain('Place 11');
  });
});

describe('framing', () => {
  it('lets any site frame the embed: frame-ancestors * and no X-Frame-Options', async () => {
    const response = await embed();
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(response.headers.get('x-frame-options')).toBeNull();
    const missing = await server.request('GET', '/embed/topic/999999');
    expect(missing.headers.get('content-security-policy')).toContain('frame-ancestors *');
  });

  it('keeps every other page and the API unframable', async () => {
    for (const path of [
      '/',
      `/topic/${topicId}`,
      '/api/topics/popular/en',
      '/embedded',
      '/embed/unknown',
      `/embed/../topic/${topicId}`,
    ]) {
      const response = await server.request('GET', path);
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });
});

describe('caching of the embed', () => {
  it('is a public read with its language in its address: ETag, 304, and the shared cache lifetime', async () => {
    const first = await embed('lng=en&limit=3');
    expect(first.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await embed('lng=en&limit=3', { 'if-none-match': etag as string });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('is private to the browser when its language came from Accept-Language', async () => {
    const response = await server.request('GET', `/embed/topic/${topicId}`, {
      headers: { 'accept-language': 'es' },
    });
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toContain('Accept-Language');
  });
});

describe('oEmbed', () => {
  const oembed = (params: Record<string, string>) =>
    server.request('GET', `/api/oembed?${new URLSearchParams(params)}`);
  const pageUrl = (path: string) => `${server.ctx.config.publicUrl}${path}`;

  it('answers a topic page with a rich iframe of its embed, outside the envelope', async () => {
    const response = await oembed({ url: pageUrl(`/topic/${topicSlug}?lng=fr`), format: 'json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    const body = response.body;
    expect(body).toMatchObject({
      type: 'rich',
      version: '1.0',
      title: 'Meilleurs ramen à Lyon',
      provider_name: 'Podium',
      provider_url: server.ctx.config.publicUrl,
      width: EMBED_SIZE.width,
      height: EMBED_SIZE.height,
      // Its share card in the page's language, as a preview before the frame loads.
      thumbnail_url: `${server.ctx.config.publicUrl}/api/topics/${topicId}/card.png?lng=fr`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    expect(body.success).toBeUndefined();
    expect(body.html).toBe(
      `<iframe src="${server.ctx.config.publicUrl}/embed/topic/${topicId}?lng=fr" title="Classement Podium\u00a0: Meilleurs ramen à Lyon" ` +
        `width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" style="border:0;max-width:100%" loading="lazy"></iframe>`,
    );
  });

  it('fits the iframe within maxwidth and maxheight', async () => {
    const { body } = await oembed({ url: pageUrl(`/topic/${topicId}`), maxwidth: '300', maxheight: '400' });
    expect(body).toMatchObject({ width: 300, height: 400 });
    expect(body.html).toContain('width="300" height="400"');
    // The 1200x630 card does not fit: no thumbnail rather than one larger than asked.
    expect(body.thumbnail_url).toBeUndefined();
  });

  it('refuses format=xml with 501, in the envelope', async () => {
    const response = await oembed({ url: pageUrl(`/topic/${topicId}`), format: 'xml' });
    expect(response.status).toBe(501);
    expect(response.body).toMatchObject({ success: false, error: { code: 'NOT_IMPLEMENTED' } });
  });

  it('answers 404 for a URL that is not a topic of this site', async () => {
    for (const url of [
      pageUrl('/topic/no-such-topic'),
      pageUrl('/search?q=ramen'),
      pageUrl('/topic/%E0%A4%A'),
      `https://elsewhere.example/topic/${topicId}`,
    ]) {
      const response = await oembed({ url });
      expect(response.status, url).toBe(404);
      expect(response.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('refuses bad input with 400 in the envelope', async () => {
    const bad: Record<string, string>[] = [
      {},
      { url: 'not a url' },
      { url: 'ftp://example.test/topic/1' },
      { url: pageUrl(`/topic/${topicId}`), format: 'yaml' },
      { url: pageUrl(`/topic/${topicId}`), maxwidth: '0' },
      { url: pageUrl(`/topic/${topicId}`), maxheight: 'tall' },
    ];
    for (const params of bad) {
      const response = await oembed(params);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.body.success).toBe(false);
    }
  });

  it('is discovered from the topic page head', async () => {
    const html = (await server.request('GET', `/topic/${topicId}?lng=en`)).text;
    const canonical = `${server.ctx.config.publicUrl}/topic/${topicId}?lng=en`;
    const href = `${server.ctx.config.publicUrl}/api/oembed?${new URLSearchParams({ url: canonical, format: 'json' })}`;
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${href.replaceAll('&', '&amp;')}" title="Best ramen in Lyon">`,
    );
  });
});
