import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOT_CATALOG_ELEMENT_ID,
  HUB_PAGE_SIZE,
  type Language,
  PAGE_DATA_ELEMENT_ID,
} from '../../common/constants.js';
import { uiCatalog } from '../../common/i18n/index.js';
import type { ServerEntry } from '../../common/ssr.js';
import { readBuildManifest } from '../../scripts/build-manifest.js';
import { buildWebIfStale } from '../../scripts/web-build.js';
import { readCacheFor } from '../db/read-cache.js';
import { rebuildSearchIndex } from '../modules/search/indexer.js';
import { makeCategory, makeProposition, makeTag, makeTopic } from '../test/catalogue-factory.js';
import { createAdmin } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { cachedUiCatalog } from './boot-catalog.js';
import { pageDataSource } from './server-render.js';

// The real web build, browser app and server renderer (`npm run build`), built here when stale.
const WEB_DIST = resolve(import.meta.dirname, '../../web/dist');

/** Text as React writes it into HTML. */
const asHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
const ui = (language: Language, key: string) => asHtml(uiCatalog[language][key] as string);

/** The markup inside <div id="root">, i.e. what React rendered. */
const rendered = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));

/** The home page's own headings, in `language`: the hero's, the popular list's and the featured hub's. */
function expectHomeHeadings(app: string, language: Language) {
  for (const key of ['home.hero.title', 'home.popular.title', 'home.featured.title'])
    expect(app).toContain(ui(language, key));
}

let server: TestServer;
beforeAll(async () => {
  buildWebIfStale(WEB_DIST);
  server = await startTestServer({ webDistDir: WEB_DIST });
  const category = await makeCategory(server.ctx.db, { name: 'Food', names: { fr: 'Cuisine', de: 'Essen' } });
  const hub = await makeTopic(server.ctx.db, {
    categoryId: category.id,
    language: 'en',
    isMain: true,
    voteCount: 500,
    titles: { en: 'Pizza in Europe', fr: 'La pizza en Europe', de: 'Pizza in Europa' },
  });
  await makeTopic(server.ctx.db, {
    categoryId: category.id,
    language: 'en',
    mainTopicId: hub.id,
    voteCount: 300,
    titles: { en: 'Best pizza in Naples', fr: 'Meilleure pizza à Naples', de: 'Beste Pizza in Neapel' },
  });
  await makeTopic(server.ctx.db, {
    categoryId: category.id,
    language: 'en',
    voteCount: 200,
    titles: { en: 'Brunch in Lyon', fr: 'Brunch à Lyon', de: 'Brunch in Lyon' },
  });
  // The factories write rows only: the search page finds these once they are indexed.
  await rebuildSearchIndex(server.ctx.db);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('the home page rendered on the server', () => {
  it('holds the hero, the popular topics and the featured hub as text, in French by default', async () => {
    const response = await server.request('GET', '/', { headers: { 'accept-language': '' } });
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain('<html lang="fr"');
    const app = rendered(html);
    expectHomeHeadings(app, 'fr');
    expect(app).toContain(asHtml('Meilleure pizza à Naples'));
    expect(app).toContain('Brunch à Lyon');
    expect(app).toContain('La pizza en Europe');
    // No boot loader: the page is there before any script runs.
    expect(app).not.toContain('class="boot"');
  });

  it('renders in the lng parameter’s language, with the data and catalog blocks of that language', async () => {
    const response = await server.request('GET', '/?lng=de', { headers: { 'accept-language': 'fr' } });
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain('<html lang="de"');
    const app = rendered(html);
    expectHomeHeadings(app, 'de');
    expect(app).toContain('Beste Pizza in Neapel');
    expect(app).toContain('Pizza in Europa');
    expect(app).not.toContain(ui('fr', 'home.hero.title'));
    expect(html).toContain(
      `<script type="application/json" id="${BOOT_CATALOG_ELEMENT_ID}" data-language="de">`,
    );
    const block = html.match(
      new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`),
    );
    expect(block).not.toBeNull();
    const data = JSON.parse(block?.[1] ?? '') as {
      language: string;
      queries: { queries: { queryKey: unknown[] }[] };
    };
    expect(data.language).toBe('de');
    expect(data.queries.queries.map((query) => query.queryKey)).toEqual(
      expect.arrayContaining([
        ['topics', 'popular', 'de', { limit: 6 }],
        ['topics', 'popular', 'de', { limit: 1, type: 'main' }],
      ]),
    );
  });

  it('follows the lang cookie, then Accept-Language', async () => {
    const byCookie = await server.request('GET', '/', {
      headers: { cookie: 'lang=es', 'accept-language': 'de' },
    });
    expect(byCookie.text).toContain('<html lang="es"');
    expect(rendered(byCookie.text)).toContain(ui('es', 'home.hero.title'));
    const byHeader = await server.request('GET', '/', { headers: { 'accept-language': 'en-GB,en;q=0.8' } });
    expect(byHeader.text).toContain('<html lang="en"');
    expect(rendered(byHeader.text)).toContain(ui('en', 'home.hero.title'));
    expect(rendered(byHeader.text)).toContain('Best pizza in Naples');
  });

  it('renders the header’s account corner as a placeholder, never a signed-out or signed-in state', async () => {
    const app = rendered((await server.request('GET', '/?lng=en')).text);
    expect(app).toContain('site-header__actions-placeholder');
    expect(app).not.toContain(ui('en', 'nav.login'));
  });

  it('keeps serving the other pages as the shell the browser renders', async () => {
    for (const path of ['/login', '/profile']) {
      const response = await server.request('GET', path);
      expect(response.text, path).toContain('<div class="boot"');
      expect(response.text, path).not.toContain(PAGE_DATA_ELEMENT_ID);
    }
  });

  it('shows an administrator’s edit of a listed topic on the very next page, though pages are cached', async () => {
    const before = await server.request('GET', '/?lng=en');
    expect(rendered(before.text)).toContain('Brunch in Lyon');
    const brunch = await server.ctx.db
      .selectFrom('topics')
      .select('id')
      .where('title', '=', 'Brunch in Lyon')
      .executeTakeFirstOrThrow();
    const admin = await createAdmin(server);
    const edited = await server.request('PUT', `/api/admin/topics/${brunch.id}`, {
      token: admin.accessToken,
      body: { title: 'Brunch by the Saône', language: 'en' },
    });
    expect(edited.status).toBe(200);
    const after = rendered((await server.request('GET', '/?lng=en')).text);
    expect(after).toContain(asHtml('Brunch by the Saône'));
    expect(after).not.toContain('Brunch in Lyon');
  });

  it('does not serve the server renderer’s bundle as a public file', async () => {
    const response = await server.request('GET', '/server/entry-server.js');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('renderToPipeableStream');
  });
});

/** The query keys of the page's data block. */
function pageDataKeys(html: string): unknown[] {
  const block = html.match(
    new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`),
  );
  const data = JSON.parse(block?.[1] ?? '{}') as { queries?: { queries: { queryKey: unknown[] }[] } };
  return data.queries?.queries.map((query) => query.queryKey) ?? [];
}

describe('the search page rendered on the server', () => {
  it('holds the topics matching the query as text, with the results its hook asks for', async () => {
    const response = await server.request('GET', '/search?q=pizza&lng=en');
    expect(response.status).toBe(200);
    const app = rendered(response.text);
    expect(app).toContain(ui('en', 'search.page.title'));
    expect(app).toContain('Best pizza in Naples');
    expect(app).toContain('Pizza in Europe');
    expect(app).not.toContain('Brunch in Lyon');
    expect(app).not.toContain('class="boot"');
    // The box holds the query, and without JavaScript submits it to this page.
    expect(app).toMatch(/<form[^>]*action="\/search"/);
    expect(app).toMatch(/<input[^>]*name="q"[^>]*value="pizza"/);
    expect(pageDataKeys(response.text)).toContainEqual(['search', 'smart', 'en', 'pizza', '', '']);
    // The page's own styles (its code is loaded on demand) come with the HTML.
    expect(response.text).toContain('.search-page__title{');
  });

  it('renders the same page when the address carries a parameter the page does not read', async () => {
    const plain = await server.request('GET', '/search?q=pizza&lng=fr');
    const tracked = await server.request('GET', '/search?q=pizza&utm_source=x&lng=fr');
    expect(tracked.status).toBe(200);
    expect(rendered(plain.text)).toContain(asHtml('Meilleure pizza à Naples'));
    expect(tracked.text).toBe(plain.text);
  });

  it('shows the popular topics when there is no query, in the page’s language', async () => {
    const response = await server.request('GET', '/search?lng=de');
    expect(response.status).toBe(200);
    const app = rendered(response.text);
    expect(app).toContain(ui('de', 'search.page.popularTitle'));
    expect(app).toContain('Beste Pizza in Neapel');
    expect(app).toContain('Brunch in Lyon');
    // In place, not behind a loading spinner for a script to swap in (React does so with a large boundary).
    expect(app).not.toContain('page-spinner');
    expect(pageDataKeys(response.text)).toContainEqual([
      'topics',
      'popular',
      'de',
      { limit: 20 },
      'infinite',
    ]);
  });
});

describe('the not-found page rendered on the server', () => {
  it('answers 404 at /404 with the not-found page in the page’s language', async () => {
    const response = await server.request('GET', '/404?lng=de');
    expect(response.status).toBe(404);
    const app = rendered(response.text);
    expect(app).toContain(ui('de', 'page.notFound.title'));
    expect(app).toContain(ui('de', 'page.notFound.text'));
    expect(app).not.toContain('class="boot"');
  });

  it('answers 404 at an address that is no page, with the not-found page rendered', async () => {
    const response = await server.request('GET', '/no/such/page?lng=en');
    expect(response.status).toBe(404);
    const app = rendered(response.text);
    expect(app).toContain(ui('en', 'page.notFound.title'));
    expect(app).toContain(ui('en', 'page.notFound.text'));
    expect(app).not.toContain('class="boot"');
  });
});

/** A page as the server sends it, in `language`: its status, the whole document and the app React rendered. */
async function getPage(url: string, language: Language) {
  const response = await server.request('GET', `${url}${url.includes('?') ? '&' : '?'}lng=${language}`);
  return { status: response.status, document: response.text, html: rendered(response.text) };
}

/** A UI text with its `{{count}}` filled in, as the plural form `count` takes in English and French. */
const counted = (language: Language, key: string, count: number) =>
  ui(language, `${key}_${count === 1 ? 'one' : 'other'}`).replace('{{count}}', String(count));

describe('the topic page rendered on the server', () => {
  let hubId: number;
  let romeId: number;
  let romeTagSlug: string;
  let milanTagSlug: string;
  const ranking = [
    { name: 'Sant’Eustachio', places: { first: 4, second: 1 }, points: 14, voters: 5 },
    { name: 'Tazza d’Oro', places: { first: 2, third: 3 }, points: 9, voters: 5 },
    { name: 'Roscioli & Co', places: { second: 1 }, points: 2, voters: 1 },
  ];
  beforeAll(async () => {
    const db = server.ctx.db;
    const category = await makeCategory(db, { name: 'Drinks', names: { fr: 'Boissons' } });
    const rome = await makeTag(db, { name: 'Rome', type: 'CITY', names: { fr: 'Rome-ville' } });
    const milan = await makeTag(db, { name: 'Milan', type: 'CITY', names: { fr: 'Milan-ville' } });
    romeTagSlug = rome.slug;
    milanTagSlug = milan.slug;
    const hub = await makeTopic(db, {
      categoryId: category.id,
      language: 'en',
      isMain: true,
      titles: { en: 'Coffee in Italy', fr: 'Le café en Italie' },
    });
    hubId = hub.id;
    const romeTopic = await makeTopic(db, {
      categoryId: category.id,
      language: 'en',
      mainTopicId: hub.id,
      voteCount: 11,
      tagIds: [rome.id],
      titles: { en: 'Coffee in Italy Rome', fr: 'Le café en Italie Rome' },
      descriptions: { en: 'Where the espresso is best', fr: 'Où l’espresso est le meilleur' },
    });
    romeId = romeTopic.id;
    for (const entry of ranking) await makeProposition(db, romeTopic.id, entry.name, entry.places);
    await makeProposition(db, romeTopic.id, 'Not yet picked');
    const milanTopic = await makeTopic(db, {
      categoryId: category.id,
      language: 'en',
      mainTopicId: hub.id,
      voteCount: 3,
      tagIds: [milan.id],
      titles: { en: 'Coffee in Italy Milan', fr: 'Le café en Italie Milan' },
    });
    await makeProposition(db, milanTopic.id, 'Marchesi 1824', { first: 3 });
  });

  it('renders the page inline on a renderer’s first render, when its code-split module is not loaded yet', async () => {
    // A long ranking: React sends a suspended boundary larger than its progressive chunk (12.8 KB by
    // default) as its fallback plus a hidden copy, even once complete.
    const db = server.ctx.db;
    const category = await makeCategory(db, { name: 'Shops' });
    const long = await makeTopic(db, {
      categoryId: category.id,
      language: 'en',
      title: 'Bookshops in Paris',
    });
    for (let i = 1; i <= 60; i += 1) await makeProposition(db, long.id, `Bookshop number ${i}`, { first: i });
    // A fresh instance of the entry: its lazy pages have not been loaded yet, so the page suspends once.
    const entry = pathToFileURL(join(WEB_DIST, 'server', 'entry-server.js')).href;
    const { renderPage } = (await import(`${entry}?fresh=${Date.now()}`)) as ServerEntry;
    const page = await renderPage({
      url: `/topic/${long.id}`,
      language: 'en',
      catalog: await cachedUiCatalog(server.ctx, 'en'),
      source: pageDataSource(server.ctx),
    });
    // Not the fallback with a hidden copy for an inline script to swap in (no script runs without
    // JavaScript, and the Content-Security-Policy blocks inline ones).
    expect(page?.html).not.toMatch(/<div hidden id="S:/);
    expect(page?.html).not.toContain('$RC');
    expect(page?.html).toContain('Bookshop number 60');
  });

  it('holds the title, description, category, tags and every ranking entry with its points and voters', async () => {
    for (const language of ['en', 'fr'] as const) {
      const page = await getPage(`/topic/${romeId}`, language);
      expect(page.status).toBe(200);
      const { html } = page;
      const fr = language === 'fr';
      expect(html).toContain(fr ? 'Le café en Italie Rome' : 'Coffee in Italy Rome');
      expect(html).toContain(asHtml(fr ? 'Où l’espresso est le meilleur' : 'Where the espresso is best'));
      expect(html).toContain(fr ? 'Boissons' : 'Drinks');
      expect(html).toContain(fr ? 'Rome-ville' : 'Rome');
      for (const entry of ranking) {
        const row = `${asHtml(entry.name)}</span><span class="ranking__stats"><span class="ranking__points">${counted(language, 'topic.ranking.points', entry.points)}</span><span class="ranking__voters">${counted(language, 'topic.ranking.voters', entry.voters)}</span>`;
        expect(html, `${entry.name} in ${language}`).toContain(row);
      }
      expect(html).toContain('Not yet picked');
      // Its siblings, from the hub's first page.
      expect(html).toContain('Milan');
    }
  });

  it('renders the voting panel as a hidden stand-in, neither signed out nor signed in', async () => {
    const { html } = await getPage(`/topic/${romeId}`, 'en');
    expect(html).toContain(ui('en', 'vote.panel.title'));
    expect(html).toMatch(/class="vote-panel__state vote-panel__state--pending" aria-hidden="true" inert=""/);
    expect(html).not.toContain(ui('en', 'vote.panel.noVote'));
  });

  it('carries every style the topic page needs in its head, so its first paint waits for no stylesheet', async () => {
    const { document } = await getPage(`/topic/${romeId}`, 'en');
    const head = document.slice(0, document.indexOf('</head>'));
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    // The app's own styles and those of the topic page's code, which the browser fetches only once scripts run.
    expect(head).toMatch(/<style>[^<]*\.site-header\{/);
    expect(head).toMatch(/<style>[^<]*\.topic-layout\{/);
  });

  it('asks for every script at low priority and leaves the app’s code to after the first paint', async () => {
    const { document } = await getPage(`/topic/${romeId}`, 'en');
    const head = document.slice(0, document.indexOf('</head>'));
    const scripts = head.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain('fetchpriority="low"');
    // React and the app are imported by the entry once the page is painted, not preloaded with it.
    const manifest = readBuildManifest(WEB_DIST);
    const deferred = [...(manifest?.deferredStartup ?? [])].map((key) => manifest?.chunks[key]?.file);
    expect(deferred.length).toBeGreaterThan(0);
    for (const file of deferred) expect(head).not.toContain(`/${file}`);
  });

  it('renders a main topic’s hub with its sub-topics’ podiums', async () => {
    const page = await getPage(`/topic/${hubId}`, 'en');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Coffee in Italy');
    for (const title of ['Coffee in Italy Rome', 'Coffee in Italy Milan']) expect(page.html).toContain(title);
    expect(page.html).toContain(asHtml('Sant’Eustachio'));
    expect(page.html).toContain('Marchesi 1824');
  });

  it('renders only the sub-topics carrying the tags of the hub’s address', async () => {
    const { html } = await getPage(`/topic/${hubId}?tags=${romeTagSlug}`, 'en');
    expect(html).toContain('Coffee in Italy Rome');
    expect(html).not.toContain('Coffee in Italy Milan');
    expect(html).not.toContain('Marchesi 1824');
  });

  it('keeps one copy of a hub’s page however its address is written (?page=01, ?tags=b,a, unknown parameters)', async () => {
    const [a, b] = [romeTagSlug, milanTagSlug].sort();
    const reads = readCacheFor(server.ctx.db);
    const canonical = await server.request('GET', `/topic/${hubId}?lng=en&tags=${a},${b}`);
    expect(canonical.status).toBe(200);
    const kept = reads.size;
    for (const noisy of [
      `?lng=en&tags=${b},${a}`,
      `?tags=${b},${a},${b}&lng=en&page=01`,
      `?lng=en&page=1&tags=${a},,${b}&utm_source=mail`,
      `?lng=en&tags=${a},${b}&ref=${'x'.repeat(50)}`,
    ]) {
      const response = await server.request('GET', `/topic/${hubId}${noisy}`);
      expect(response.status).toBe(200);
      expect(response.text).toBe(canonical.text);
    }
    expect(reads.size).toBe(kept);
    // What the page reads still tells pages apart.
    const other = await server.request('GET', `/topic/${hubId}?lng=en&tags=${romeTagSlug}`);
    expect(other.text).not.toBe(canonical.text);
  });

  it('links a long hub’s pages to each other, so that its later sub-topics are reached without JavaScript', async () => {
    const db = server.ctx.db;
    const category = await makeCategory(db, { name: 'Bakeries' });
    const hub = await makeTopic(db, {
      categoryId: category.id,
      language: 'en',
      isMain: true,
      titles: { en: 'Bread in France' },
    });
    const count = HUB_PAGE_SIZE + 2;
    for (let rank = 1; rank <= count; rank++)
      await makeTopic(db, {
        categoryId: category.id,
        language: 'en',
        mainTopicId: hub.id,
        voteCount: 100 - rank,
        titles: { en: `Bread in France number ${rank}.` },
      });
    /** The address of the page's link to the `rel` page, as a browser reads it. */
    const step = (html: string, rel: 'prev' | 'next') =>
      html
        .match(new RegExp(`<a [^>]*rel="${rel}"[^>]*>`))?.[0]
        .match(/href="([^"]*)"/)?.[1]
        ?.replace(/&amp;/g, '&');

    const first = await getPage(`/topic/${hub.id}`, 'en');
    expect(first.html).toContain(`Bread in France number ${HUB_PAGE_SIZE}.`);
    expect(first.html).not.toContain(`Bread in France number ${count}.`);
    expect(step(first.html, 'prev')).toBeUndefined();
    const next = step(first.html, 'next');
    expect(next).toBe(`/topic/${hub.id}?lng=en&page=2`);

    const second = rendered((await server.request('GET', next ?? '')).text);
    for (let rank = HUB_PAGE_SIZE + 1; rank <= count; rank++)
      expect(second).toContain(`Bread in France number ${rank}.`);
    expect(second).not.toContain(`Bread in France number ${HUB_PAGE_SIZE}.`);
    expect(step(second, 'next')).toBeUndefined();
    expect(step(second, 'prev')).toBe(`/topic/${hub.id}?lng=en`);
  });

  it('answers 404 and renders the not-found text for a topic that does not exist', async () => {
    for (const language of ['en', 'de'] as const) {
      const page = await getPage('/topic/no-such-topic', language);
      expect(page.status).toBe(404);
      expect(page.html).toContain(ui(language, 'topic.notFound.title'));
      expect(page.html).toContain(ui(language, 'topic.notFound.text'));
      // The page's data says so, so that the browser shows the same without asking again.
      expect(page.document.includes(`"queryKey":["topics","detail","no-such-topic","${language}"]`)).toBe(
        true,
      );
    }
  });

  it('answers each made-up topic address with the not-found page naming its own address in its data', async () => {
    const pages = await Promise.all(
      ['made-up-1', 'made-up-2', 'Made.Up_3'].map((slug) => getPage(`/topic/${slug}`, 'fr')),
    );
    for (const [i, slug] of ['made-up-1', 'made-up-2', 'Made.Up_3'].entries()) {
      const page = pages[i] as (typeof pages)[number];
      expect(page.status).toBe(404);
      expect(page.html).toContain(ui('fr', 'topic.notFound.title'));
      expect(page.document).toContain(`"queryKey":["topics","detail","${slug}","fr"]`);
      expect(page.document).not.toContain('missing~topic');
      // The same page for every one of them, but for the slug.
      expect(page.html.replaceAll(slug, '*')).toBe(pages[0]?.html.replaceAll('made-up-1', '*'));
    }
    // A slug that decoding and JSON change is rendered on its own, and said as the browser reads it.
    const odd = await getPage('/topic/caf%C3%A9%22%3C', 'de');
    expect(odd.status).toBe(404);
    expect(odd.html).toContain(ui('de', 'topic.notFound.title'));
    expect(odd.document).toContain('"queryKey":["topics","detail","café\\"\\u003c","de"]');
  });
});

describe('a rendered page built again from the same data', () => {
  it('is the same bytes, with the same ETag (no instant of its reading in its data)', async () => {
    const { slug } = await server.ctx.db
      .selectFrom('topics')
      .select('slug')
      .where('is_main', '=', 0)
      .executeTakeFirstOrThrow();
    for (const path of ['/?lng=en', `/topic/${slug}?lng=de`, '/search?q=pizza&lng=fr']) {
      const first = await server.request('GET', path);
      expect(first.status, path).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
      readCacheFor(server.ctx.db).clear();
      const again = await server.request('GET', path);
      expect(again.text, path).toBe(first.text);
      expect(again.headers.get('etag'), path).toBe(first.headers.get('etag'));
    }
  });
});
