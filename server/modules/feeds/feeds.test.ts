import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Element, xml2js } from 'xml-js';
import { addDays } from '../../../common/history/days.js';
import { buildWebIfStale } from '../../../scripts/web-build.js';
import { makeCategory, makeProposition, makeTopic } from '../../test/catalogue-factory.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { runEveryDueJob } from '../../test/jobs.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, vote } from '../votes/test-helpers.js';

/**
 * The Atom feeds on a real database (both, by project), read over HTTP as a feed reader reads them,
 * validated against RFC 4287's RELAX NG schema by Debian's xmllint (libxml2-utils) and parsed with a real
 * XML parser for the rules the schema leaves to Schematron. Time moves by the server's clock; the rank
 * history is taken by the daily job, as in production.
 */
const WEB_DIST = resolve(import.meta.dirname, '../../../web/dist');
const ATOM_RNG = resolve(import.meta.dirname, 'atom-schema/atom.rng');
const ATOM = 'http://www.w3.org/2005/Atom';
const NBSP = '\u00a0';
/** Day D: the first day of ballots; its end is the first snapshot. */
const D = '2031-05-10';

let server: TestServer;
let admin: TestUser;
let people: TestUser[];
let topic: { id: number; propositions: Record<string, number> };
let categoryId: number;

beforeAll(async () => {
  buildWebIfStale(WEB_DIST);
  server = await startTestServer({
    webDistDir: WEB_DIST,
    jobs: { pollIntervalMs: 0, concurrency: 2, shutdownGraceMs: 5_000 },
    // Tokens outlast the few days the test's clock goes through.
    accessTokenTtlSeconds: 10 * 86_400,
  });
  server.clock.set(`${D}T08:00:00Z`);
  admin = await createAdmin(server);
  const category = await makeCategory(server.ctx.db, { name: 'Noodles', names: { fr: 'Nouilles' } });
  categoryId = category.id;
  const made = await makeTopic(server.ctx.db, {
    categoryId,
    language: 'en',
    titles: { en: 'Best ramen in Lyon', fr: 'Meilleurs ramens de Lyon' },
  });
  topic = { id: made.id, propositions: {} };
  for (const name of ['Alba', 'Bruma', 'Cielo <b>&</b> "Co"'])
    topic.propositions[name] = (await makeProposition(server.ctx.db, made.id, name)).id;
  people = [];
  for (let i = 0; i < 5; i++) people.push(await registerUser(server));
});
afterAll(() => server.close());

const at = (instant: string) => server.clock.set(instant);
const cast = async (person: TestUser | undefined, names: (string | null)[]) => {
  const response = await vote(server, (person as TestUser).accessToken, ballot(topic.id, names));
  expect(response.status, response.text).toBeLessThan(300);
};
const topicFeed = (language: string) =>
  server.request('GET', `/api/topics/${topic.id}/feed.atom?lng=${language}`);
const categoryFeed = (id: number, language: string) =>
  server.request('GET', `/api/categories/${id}/feed.atom?lng=${language}`);

/** The document's elements as a tree (xml-js over sax in strict mode: malformed XML throws). */
function parse(xml: string): Element {
  const document = xml2js(xml, { compact: false }) as Element;
  const root = document.elements?.find((node) => node.type === 'element');
  if (!root) throw new Error('no root element');
  return root;
}
const children = (element: Element, name: string) =>
  (element.elements ?? []).filter((node) => node.type === 'element' && node.name === name);
const only = (element: Element, name: string) => {
  const found = children(element, name);
  expect(found, `exactly one <${name}> in <${element.name}>`).toHaveLength(1);
  return found[0] as Element;
};
const textOf = (element: Element) =>
  (element.elements ?? []).map((node) => String(node.text ?? node.cdata ?? '')).join('');
/** A `type="html"` text as a reader shows it: its markup's entities read back. */
const readerText = (element: Element) => {
  const raw = textOf(element);
  if (element.attributes?.type !== 'html') return raw;
  return raw
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
};

interface FeedEntry {
  id: string;
  title: string;
  updated: string;
  published?: string;
  link: string;
  summary?: string;
}

/** The feed's entries as a reader lists them. */
function entriesOf(xml: string): FeedEntry[] {
  return children(parse(xml), 'entry').map((entry) => {
    const summary = children(entry, 'summary')[0];
    const published = children(entry, 'published')[0];
    return {
      id: textOf(only(entry, 'id')),
      title: readerText(only(entry, 'title')),
      updated: textOf(only(entry, 'updated')),
      link: String(children(entry, 'link')[0]?.attributes?.href),
      ...(summary && { summary: readerText(summary) }),
      ...(published && { published: textOf(published) }),
    };
  });
}

/** xmllint's complaints against RFC 4287's RELAX NG schema ('' when the document is valid Atom). */
function relaxNgErrors(xml: string): string {
  const run = spawnSync('xmllint', ['--noout', '--relaxng', ATOM_RNG, '-'], { input: xml, encoding: 'utf8' });
  if (run.error)
    throw new Error(`xmllint (Debian's libxml2-utils) validates the feeds: ${run.error.message}`);
  return run.status === 0 ? '' : run.stderr;
}

/** RFC 4287's MUSTs that its schema leaves to Schematron rules (or does not say), checked on the tree. */
function expectAtomMusts(xml: string, language: string, self: string) {
  const feed = parse(xml);
  expect(feed.name).toBe('feed');
  expect(feed.attributes).toMatchObject({ xmlns: ATOM, 'xml:lang': language });
  for (const name of ['id', 'title', 'updated']) expect(textOf(only(feed, name)).trim()).not.toBe('');
  expect(Number.isNaN(Date.parse(textOf(only(feed, 'updated'))))).toBe(false);
  // An author at the feed's level serves every entry.
  expect(textOf(only(only(feed, 'author'), 'name'))).toBe('Podium');
  const links = children(feed, 'link').map((link) => link.attributes ?? {});
  expect(links).toContainEqual(expect.objectContaining({ rel: 'self', href: self }));
  expect(links.some((link) => link.rel === 'alternate')).toBe(true);
  const ids = new Set<string>();
  for (const entry of children(feed, 'entry')) {
    for (const name of ['id', 'title', 'updated']) only(entry, name);
    ids.add(textOf(only(entry, 'id')));
    const alternate = children(entry, 'link').find(
      (link) => link.attributes?.rel === undefined || link.attributes.rel === 'alternate',
    );
    expect(String(alternate?.attributes?.href)).toMatch(/^https?:\/\//);
  }
  expect(ids.size).toBe(children(feed, 'entry').length);
}

describe('a topic’s podium feed', () => {
  it('has an entry for a day whose podium changed, taken by the daily job, in French and in English', async () => {
    const [a, b] = people;
    await cast(a, ['Alba', 'Bruma', 'Cielo <b>&</b> "Co"']); // A 3, B 2, C 1
    at(`${D}T09:00:00Z`);
    await cast(b, ['Alba']); // A 6
    at(`${addDays(D, 1)}T00:00:05Z`);
    await runEveryDueJob(server.ctx.jobs);

    const en = await topicFeed('en');
    expect(en.status, en.text).toBe(200);
    expect(en.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const page = `${server.ctx.config.publicUrl}/topic/${topic.id}?lng=en`;
    expect(entriesOf(en.text)).toEqual([
      {
        id: expect.stringMatching(/^tag:[^,]+,2026:topics\//),
        title: 'New leader: Alba (6 points)',
        updated: `${addDays(D, 1)}T00:00:00.000Z`,
        link: page,
        summary: '1. Alba (6 points), 2. Bruma (2 points), 3. Cielo <b>&</b> "Co" (1 point)',
      },
    ]);
    const feed = parse(en.text);
    expect(textOf(only(feed, 'title'))).toBe('Podium · Best ramen in Lyon');
    expect(textOf(only(feed, 'subtitle'))).toBe('How the podium of “Best ramen in Lyon” changed');

    const fr = await topicFeed('fr');
    const [entry] = entriesOf(fr.text);
    expect(entry?.title).toBe(`Nouveau premier${NBSP}: Alba (6 points)`);
    expect(entry?.link).toBe(`${server.ctx.config.publicUrl}/topic/${topic.id}?lng=fr`);
    expect(textOf(only(parse(fr.text), 'title'))).toBe('Podium · Meilleurs ramens de Lyon');
    expect(parse(fr.text).attributes?.['xml:lang']).toBe('fr');
  });

  it('shows the standing now when it differs from the last day, and the next day’s snapshot keeps its id', async () => {
    const [, , c, d] = people;
    at(`${addDays(D, 1)}T10:00:00Z`);
    await cast(c, ['Bruma', 'Cielo <b>&</b> "Co"']); // B 5, C 3
    at(`${addDays(D, 1)}T10:30:00Z`);
    await cast(d, ['Bruma']); // B 8: Bruma leads Alba's 6
    at(`${addDays(D, 1)}T12:00:00Z`);

    const first = await topicFeed('en');
    const now = entriesOf(first.text);
    expect(now.map((entry) => entry.title)).toEqual([
      'New leader: Bruma (8 points)',
      'New leader: Alba (6 points)',
    ]);
    // Seen at the last ballot, not at the read: a reader polling again gets the same document.
    expect(now[0]?.updated).toMatch(new RegExp(`^${addDays(D, 1)}T10:30:00\\.\\d{3}Z$`));
    at(`${addDays(D, 1)}T18:00:00Z`);
    const again = await topicFeed('en');
    expect(again.text).toBe(first.text);

    at(`${addDays(D, 2)}T00:00:05Z`);
    await runEveryDueJob(server.ctx.jobs);
    const recorded = entriesOf((await topicFeed('en')).text);
    expect(recorded.map((entry) => entry.id)).toEqual(now.map((entry) => entry.id));
    expect(recorded[0]).toMatchObject({
      title: 'New leader: Bruma (8 points)',
      updated: `${addDays(D, 2)}T00:00:00.000Z`,
    });
  });

  it('lists a podium that changed below the lead as the whole podium, newest first', async () => {
    const [, , , , e] = people;
    at(`${addDays(D, 2)}T09:00:00Z`);
    await cast(e, ['Cielo <b>&</b> "Co"', 'Alba']); // C 6, A 8
    const titles = entriesOf((await topicFeed('en')).text).map((entry) => entry.title);
    // Alba 8 points from 3 voters, Bruma 8 from 3: tied for 1st; Cielo 3rd with 6.
    expect(titles[0]).toBe(
      'Podium: 1. Alba (8 points), 1. Bruma (8 points), 3. Cielo <b>&</b> "Co" (6 points)',
    );
    expect(titles).toHaveLength(3);
  });
});

describe('a category’s new-topics feed', () => {
  it('lists a topic created through the admin API, newest first, titled in each language', async () => {
    at(`${addDays(D, 3)}T08:00:00Z`);
    const older = await server.request('POST', '/api/admin/topics', {
      token: admin.accessToken,
      body: {
        name: 'Udon counters',
        description: 'Thick noodles',
        categoryId,
        language: 'en',
        isMainTopic: true,
      },
    });
    expect(older.status, older.text).toBe(201);
    at(`${addDays(D, 3)}T09:15:00Z`);
    const newer = await server.request('POST', '/api/admin/topics', {
      token: admin.accessToken,
      body: { name: 'Pho in Lyon', categoryId, language: 'en', isMainTopic: true },
    });
    expect(newer.status, newer.text).toBe(201);
    const translated = await server.request('POST', '/api/translations', {
      token: admin.accessToken,
      body: {
        entityType: 'topic',
        entityId: newer.body.data.topic.id,
        key: 'title',
        language: 'fr',
        value: 'Phở à Lyon',
      },
    });
    expect(translated.status, translated.text).toBeLessThan(300);

    const en = entriesOf((await categoryFeed(categoryId, 'en')).text);
    expect(en.slice(0, 3).map((entry) => entry.title)).toEqual([
      'Pho in Lyon',
      'Udon counters',
      'Best ramen in Lyon',
    ]);
    // Its creation, by the server's clock (which runs on from where the test set it).
    const created = new RegExp(`^${addDays(D, 3)}T09:15:00\\.\\d{3}Z$`);
    expect(en[0]).toMatchObject({
      published: expect.stringMatching(created),
      updated: expect.stringMatching(created),
      link: `${server.ctx.config.publicUrl}/topic/${newer.body.data.topic.id}?lng=en`,
    });
    expect(en[0]?.published).toBe(en[0]?.updated);
    expect(en[1]?.summary).toBe('Thick noodles');
    const fr = await categoryFeed(categoryId, 'fr');
    expect(entriesOf(fr.text)[0]?.title).toBe('Phở à Lyon');
    expect(textOf(only(parse(fr.text), 'title'))).toBe('Podium · Nouilles');
    expect(textOf(only(parse(fr.text), 'subtitle'))).toBe('Les derniers sujets de Nouilles');
  });

  it('leaves out a topic an administrator deactivates, whose own feed is then 404', async () => {
    const hidden = await makeTopic(server.ctx.db, { categoryId, language: 'en', title: 'Soba stalls' });
    const listed = entriesOf((await categoryFeed(categoryId, 'en')).text).map((entry) => entry.title);
    expect(listed).toContain('Soba stalls');
    const off = await server.request('PUT', `/api/admin/topics/${hidden.slug}/status`, {
      token: admin.accessToken,
      body: { isActive: false },
    });
    expect(off.status, off.text).toBe(200);
    const titles = entriesOf((await categoryFeed(categoryId, 'en')).text).map((entry) => entry.title);
    expect(titles).not.toContain('Soba stalls');
    const feed = await server.request('GET', `/api/topics/${hidden.id}/feed.atom?lng=en`);
    expect(feed.status).toBe(404);
    expect(feed.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('feed addresses that are not feeds', () => {
  it('answer 404 in the envelope (unknown topic, main topic, unknown category) and 400 for another language', async () => {
    const main = await makeTopic(server.ctx.db, { categoryId, language: 'en', isMain: true });
    for (const path of [
      '/api/topics/999999/feed.atom',
      `/api/topics/${main.id}/feed.atom?lng=en`,
      '/api/categories/999999/feed.atom?lng=en',
    ]) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(response.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    const language = await server.request('GET', `/api/topics/${topic.id}/feed.atom?lng=zz`);
    expect(language.status).toBe(400);
    expect(language.body.error.code).toBe('UNSUPPORTED_LANGUAGE');
    const id = await server.request('GET', '/api/categories/abc/feed.atom');
    expect(id.status).toBe(400);
  });
});

describe('feeds as public reads', () => {
  it('carry an ETag, answer 304 to a reader that names it, and say a shared cache may keep them', async () => {
    for (const path of [
      `/api/topics/${topic.id}/feed.atom?lng=de`,
      `/api/categories/${categoryId}/feed.atom`,
    ]) {
      const first = await server.request('GET', path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get('cache-control'), path).toMatch(/^public/);
      const etag = first.headers.get('etag') as string;
      expect(etag, path).toMatch(/^W\/"/);
      const again = await server.request('GET', path, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
    }
  });

  it('change their ETag when a ballot moves the podium', async () => {
    const path = `/api/topics/${topic.id}/feed.atom?lng=en`;
    const before = await server.request('GET', path);
    at(`${addDays(D, 3)}T12:00:00Z`);
    await cast(people[0], ['Bruma']);
    const after = await server.request('GET', path, {
      headers: { 'if-none-match': before.headers.get('etag') as string },
    });
    expect(after.status).toBe(200);
    // Bruma 9, Alba and Cielo 5 each from two voters: the lead held, the podium below it changed.
    expect(entriesOf(after.text)[0]?.title).toBe(
      'Podium: 1. Bruma (9 points), 2. Alba (5 points), 2. Cielo <b>&</b> "Co" (5 points)',
    );
  });
});

describe('validity', () => {
  it('validates against RFC 4287’s RELAX NG schema and keeps its other MUSTs, in every language', async () => {
    const { publicUrl } = server.ctx.config;
    for (const language of ['fr', 'en', 'es', 'de']) {
      const podium = await topicFeed(language);
      expect(relaxNgErrors(podium.text), language).toBe('');
      expectAtomMusts(podium.text, language, `${publicUrl}/api/topics/${topic.id}/feed.atom?lng=${language}`);
      const category = await categoryFeed(categoryId, language);
      expect(relaxNgErrors(category.text), language).toBe('');
      expectAtomMusts(
        category.text,
        language,
        `${publicUrl}/api/categories/${categoryId}/feed.atom?lng=${language}`,
      );
    }
  });

  it('is checked by a validator that refuses a feed without its id (the check can fail)', async () => {
    const xml = (await topicFeed('en')).text;
    const withoutId = xml.replace(/<id>[^<]*<\/id>/, '');
    expect(withoutId).not.toBe(xml);
    expect(relaxNgErrors(withoutId)).toContain('Expecting an element id');
  });

  it('validates for an empty category and a topic without votes too (no entry; updated is their creation)', async () => {
    const empty = await makeCategory(server.ctx.db, { name: 'Empty shelf' });
    const quiet = await makeTopic(server.ctx.db, { categoryId, language: 'es' });
    for (const path of [
      `/api/categories/${empty.id}/feed.atom?lng=es`,
      `/api/topics/${quiet.id}/feed.atom?lng=es`,
    ]) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBe(200);
      expect(relaxNgErrors(response.text), path).toBe('');
      expect(entriesOf(response.text), path).toEqual([]);
      expect(Number.isNaN(Date.parse(textOf(only(parse(response.text), 'updated'))))).toBe(false);
    }
  });
});

describe('autodiscovery', () => {
  it('names the podium feed in the topic page’s head, in the page’s language', async () => {
    const { publicUrl } = server.ctx.config;
    const fr = (await server.request('GET', `/topic/${topic.id}?lng=fr`)).text;
    expect(fr).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Changements du podium${NBSP}: Meilleurs ramens de Lyon" href="${publicUrl}/api/topics/${topic.id}/feed.atom?lng=fr">`,
    );
    const de = (await server.request('GET', `/topic/${topic.id}?lng=de`)).text;
    expect(de).toContain(`href="${publicUrl}/api/topics/${topic.id}/feed.atom?lng=de"`);
    // German falls back to French, then English (DESIGN.md's one fallback rule).
    expect(de).toContain('title="Podiumsänderungen: Meilleurs ramens de Lyon"');
  });

  it('names no podium feed on a main topic’s page, which has no podium', async () => {
    const main = await makeTopic(server.ctx.db, {
      categoryId,
      language: 'en',
      isMain: true,
      title: 'Noodle hub',
    });
    const html = (await server.request('GET', `/topic/${main.id}?lng=en`)).text;
    expect(html).toContain('Noodle hub');
    expect(html).not.toContain('application/atom+xml');
  });

  it('names the new-topics feed in the category page’s head, found by its name in any language', async () => {
    const { publicUrl } = server.ctx.config;
    const html = (await server.request('GET', `/search?category=Nouilles&lng=fr`)).text;
    expect(html).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Nouveaux sujets${NBSP}: Nouilles" href="${publicUrl}/api/categories/${categoryId}/feed.atom?lng=fr">`,
    );
    const en = (await server.request('GET', `/search?category=Nouilles&lng=en`)).text;
    expect(en).toContain('title="New topics: Noodles"');
    const plain = (await server.request('GET', '/search?q=ramen&lng=en')).text;
    expect(plain).not.toContain('application/atom+xml');
  });
});
