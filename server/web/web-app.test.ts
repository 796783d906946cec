import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeTopic } from '../test/catalogue-factory.js';
import { startTestServer, type TestServer } from '../test/server.js';

// A stand-in for the built web app: its index.html and one hashed asset.
const INDEX_HTML = `<!doctype html>
<html lang="fr">
  <head><meta charset="UTF-8" /><title>Podium</title></head>
  <body><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script></body>
</html>
`;

let server: TestServer;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'podium-dist-'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'assets', 'app-1a2b.js'), 'export {};\n');
  server = await startTestServer({ webDistDir: distDir });
});
afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

function expectAppShell(response: { headers: Headers; text: string }) {
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(response.headers.get('cache-control')).toBe('private, no-cache');
  expect(response.text).toContain('<div id="root">');
  expect(response.text).toContain('<script type="module" src="/assets/app-1a2b.js">');
}

describe('the web app at its addresses', () => {
  it('answers 200 with the app at the address of every page, signed in or not', async () => {
    const category = await makeCategory(server.ctx.db);
    const topic = await makeTopic(server.ctx.db, { categoryId: category.id, title: 'Best pizza' });
    for (const path of [
      '/',
      '/search?q=x',
      `/topic/${topic.id}`,
      `/topic/${topic.slug}`,
      '/login',
      '/profile',
      '/notifications',
      `/vote/${topic.id}`,
      '/admin',
      '/admin/users',
      '/admin/topics/edit/some-topic',
      '/search/',
    ]) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBe(200);
      expectAppShell(response);
    }
  });

  it('asks search engines not to index a person’s own pages (notifications, profile, back-office), only those', async () => {
    const category = await makeCategory(server.ctx.db);
    const topic = await makeTopic(server.ctx.db, { categoryId: category.id, title: 'Best crêpe' });
    const noindex = '<meta name="robots" content="noindex">';
    for (const path of [
      '/notifications',
      '/notifications?lng=de',
      '/profile',
      `/vote/${topic.id}`,
      '/admin',
    ]) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBe(200);
      expect(response.text, path).toContain(noindex);
    }
    for (const path of ['/', '/login', `/topic/${topic.id}`, '/search?q=x']) {
      expect((await server.request('GET', path)).text, path).not.toContain(noindex);
    }
  });

  it('answers HEAD at a page as GET would, without a body, for uptime checks and curl -I', async () => {
    const category = await makeCategory(server.ctx.db);
    const topic = await makeTopic(server.ctx.db, { categoryId: category.id, title: 'Best bagel' });
    for (const path of ['/', `/topic/${topic.id}`, '/search?q=x']) {
      const response = await server.request('HEAD', path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain('text/html');
      expect(response.text, path).toBe('');
    }
    expect((await server.request('HEAD', '/no/such/page')).status).toBe(404);
    expect((await server.request('HEAD', '/api/unknown')).status).toBe(404);
  });

  it('answers 404 with the app at an unknown address, which the app shows as not found in place', async () => {
    for (const path of [
      '/no/such/page',
      '/no/such/page?lng=en',
      '/searching',
      '/topic/a/b',
      '/admin/nope',
      '/index.html',
    ]) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBe(404);
      expectAppShell(response);
    }
  });

  it('answers 404 at /404, the not-found page itself', async () => {
    const response = await server.request('GET', '/404');
    expect(response.status).toBe(404);
    expectAppShell(response);
  });

  it('answers 404 with the app for a topic that does not exist', async () => {
    for (const path of ['/topic/no-such-slug', '/topic/999999']) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBe(404);
      expectAppShell(response);
    }
  });

  it('keeps the JSON 404 envelope for an unknown /api route', async () => {
    const response = await server.request('GET', '/api/unknown');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Route not found' },
    });
  });

  it('serves a built asset as itself, and a missing one with 404', async () => {
    const asset = await server.request('GET', '/assets/app-1a2b.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('export {};\n');
    expect((await server.request('GET', '/assets/missing-0000.js')).status).toBe(404);
  });
});

describe('the language a page is served in', () => {
  /** What a visitor's browser shows before the app runs: `<html lang>` and the embedded catalog's language. */
  async function servedLanguage(path: string, headers: Record<string, string> = {}) {
    const response = await server.request('GET', path, { headers });
    const htmlLang = response.text.match(/<html lang="([^"]*)"/)?.[1];
    const catalogLang = response.text.match(/id="podium-ui-catalog" data-language="([^"]*)"/)?.[1];
    expect(catalogLang, `${path} catalog`).toBe(htmlLang);
    return { language: htmlLang, response };
  }

  it('is French for a visitor who says nothing about languages', async () => {
    expect((await servedLanguage('/')).language).toBe('fr');
    expect((await servedLanguage('/', { 'accept-language': 'ja-JP, zh;q=0.8' })).language).toBe('fr');
  });

  it("follows the browser's Accept-Language, by preference, when no language was chosen", async () => {
    expect((await servedLanguage('/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).language).toBe('de');
    expect((await servedLanguage('/', { 'accept-language': 'ja, es;q=0.5, en;q=0.7' })).language).toBe('en');
    expect((await servedLanguage('/', { 'accept-language': 'en;q=0, es' })).language).toBe('es');
  });

  it('follows the language chosen in the app (the lang cookie) over Accept-Language', async () => {
    const served = await servedLanguage('/', {
      cookie: 'theme=dark; lang=de',
      'accept-language': 'en-US,en',
    });
    expect(served.language).toBe('de');
  });

  it('follows the lng parameter of a link over the chosen language', async () => {
    const served = await servedLanguage('/search?q=x&lng=es', { cookie: 'lang=de', 'accept-language': 'en' });
    expect(served.language).toBe('es');
  });

  it('ignores a lang cookie that names no supported language', async () => {
    for (const cookie of ['lang=xx', 'lang=', 'lang="de"', 'lang=de-DE', 'lang=<script>', 'slang=de']) {
      const served = await servedLanguage('/', { cookie, 'accept-language': 'en' });
      expect(served.language, cookie).toBe('en');
    }
  });

  it('serves the not-found page and a topic page in the chosen language too', async () => {
    const category = await makeCategory(server.ctx.db);
    const topic = await makeTopic(server.ctx.db, { categoryId: category.id, title: 'Best bread' });
    for (const path of [
      '/404',
      '/no/such/page',
      '/index.html',
      '/topic/no-such-slug',
      `/topic/${topic.id}`,
    ]) {
      expect((await servedLanguage(path, { cookie: 'lang=de' })).language, path).toBe('de');
    }
    const { response } = await servedLanguage(`/topic/${topic.id}`, { cookie: 'lang=es' });
    expect(response.text).toContain('<meta property="og:locale" content="es_ES">');
    expect(response.text).toContain(
      `<link rel="canonical" href="${server.ctx.config.publicUrl}/topic/${topic.id}?lng=es">`,
    );
  });

  it('tells caches that a page differs by cookie and Accept-Language', async () => {
    const category = await makeCategory(server.ctx.db);
    const topic = await makeTopic(server.ctx.db, { categoryId: category.id, title: 'Best soup' });
    for (const path of ['/', '/404', '/no/such/page', `/topic/${topic.id}`, '/topic/no-such-slug']) {
      const vary = (await server.request('GET', path)).headers.get('vary')?.toLowerCase() ?? '';
      expect(vary.split(/\s*,\s*/), path).toEqual(expect.arrayContaining(['cookie', 'accept-language']));
    }
  });
});

describe('pages on the wire', () => {
  it('sends every page compressed to a browser that accepts it, brotli first, and whole to one that does not', async () => {
    for (const path of ['/', '/search', '/no/such/page', '/topic/no-such-slug']) {
      const brotli = await server.request('GET', path, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(brotli.headers.get('content-encoding'), path).toBe('br');
      expect(brotli.headers.get('vary')?.toLowerCase(), path).toContain('accept-encoding');
      expectAppShell(brotli);
      const gzip = await server.request('GET', path, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
      expect(gzip.headers.get('content-encoding'), path).toBe('gzip');
      expectAppShell(gzip);
      const whole = await server.request('GET', path, { headers: { 'accept-encoding': 'identity' } });
      expect(whole.headers.get('content-encoding'), path).toBeNull();
      expectAppShell(whole);
    }
  });
});
