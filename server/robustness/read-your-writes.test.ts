import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_CATALOG_ELEMENT_ID } from '../../common/constants.js';
import { testDatabaseKind } from '../test/database.js';
import { createAdmin } from '../test/factories.js';
import { createScratchDatabase } from '../test/faults.js';
import { callJson, type ServerProcess, startServerProcess } from '../test/process.js';
import { startTestServer, type TestServer } from '../test/server.js';

/**
 * Podium's read-your-writes guarantee: once an administrator's write has answered, the next public read
 * on the same app server shows it on every surface (topic, popular list, main topic's sub-topic list,
 * hub page, search, ranking, what is rising this week, the served page's head, the sitemap, the UI
 * catalogues), and another app server on the same PostgreSQL shows it within one second.
 *
 * Every test reads the surfaces once before the change, so that whatever a cache keeps holds the old
 * state, then changes, then reads again at once (or, on the other server, every 50 ms for at most 1 s).
 */

type Language = 'fr' | 'en' | 'es' | 'de';

/** What the served page is built from: the real web build is not needed, only its index.html. */
const INDEX_HTML =
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Podium</title>' +
  '<meta name="description" content="x"></head><body><div id="root"></div></body></html>';

function webDistDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'podium-ryw-web-'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  return dir;
}

/** A made-up word of letters only, which no other topic's text contains. */
function word(): string {
  const letters = [...randomBytes(9)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return letters.charAt(0).toUpperCase() + letters.slice(1);
}

interface Answer {
  status: number;
  body: any;
  text: string;
}

async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    // A document (HTML, XML): read `text`.
  }
  return { status: response.status, body, text };
}

// Reading the surfaces -------------------------------------------------------------------------------

/** A topic as a surface shows it: its texts, its category's name, its tags' names (sorted). */
interface Shown {
  title: string;
  description: string | null;
  category: string | null;
  tags: string[];
}

type Listed = Shown | 'absent';

const tagNames = (tags: Array<{ name: string }> | undefined) => (tags ?? []).map((tag) => tag.name).sort();

function shownOf(item: any): Shown {
  return {
    title: item.title,
    description: item.description ?? null,
    category: item.category?.name ?? item.categoryName ?? null,
    tags: tagNames(item.tags),
  };
}

function findIn(list: any[] | undefined, id: number): Listed {
  const item = (list ?? []).find((entry) => entry.id === id);
  return item ? shownOf(item) : 'absent';
}

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (m) => HTML_ENTITIES[m] ?? m);

function headOf(page: Answer) {
  const meta = (pattern: RegExp) => {
    const found = pattern.exec(page.text)?.[1];
    return found === undefined ? undefined : unescapeHtml(found);
  };
  const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.text)?.[1];
  return {
    status: page.status,
    title: meta(/<title>([^<]*)<\/title>/),
    ogTitle: meta(/<meta property="og:title" content="([^"]*)"/),
    description: meta(/<meta name="description" content="([^"]*)"/),
    ranking: jsonLd
      ? (JSON.parse(jsonLd).itemListElement ?? []).map((entry: { name: string }) => entry.name).sort()
      : undefined,
  };
}

/** The UI catalog a served page carries in its head (the element the web app boots from). */
function bootCatalogOf(page: Answer): Record<string, string> | undefined {
  const pattern = new RegExp(`<script\\b[^>]*\\bid="${BOOT_CATALOG_ELEMENT_ID}"[^>]*>([\\s\\S]*?)</script>`);
  const json = pattern.exec(page.text)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

/** Topic results of a smart search, the topic's among them or 'absent'. */
async function searchFor(base: string, q: string, language: Language, topicId: number): Promise<Listed> {
  const response = await call(base, 'GET', `/api/search/smart?q=${encodeURIComponent(q)}&lang=${language}`);
  expect(response.status, `search ${q}`).toBe(200);
  const topics = (response.body.data.suggestions as any[]).filter((entry) => entry.type === 'topic');
  return findIn(topics, topicId);
}

interface Target {
  /** The topic read; a sub-topic of `mainId` when that is given. */
  id: number;
  mainId?: number;
}

/** Every public surface of one topic, in one language, read at once (no token: what visitors get). */
async function look(base: string, target: Target, language: Language, q: string) {
  const { id, mainId } = target;
  const [topic, popular, main, hub, search, ranking, page, sitemap] = await Promise.all([
    call(base, 'GET', `/api/topics/${id}?language=${language}`),
    call(base, 'GET', `/api/topics/popular/${language}?limit=100`),
    mainId === undefined ? undefined : call(base, 'GET', `/api/topics/main/${mainId}/${language}`),
    mainId === undefined ? undefined : call(base, 'GET', `/api/topics/main/${mainId}/hub?lang=${language}`),
    searchFor(base, q, language, id),
    call(base, 'GET', `/api/search/rankings/topic/${id}?language=${language}`),
    call(base, 'GET', `/topic/${id}?lng=${language}`),
    call(base, 'GET', '/sitemap.xml'),
  ]);
  expect(popular.status, 'popular list').toBe(200);
  expect(sitemap.status, 'sitemap').toBe(200);
  return {
    topic:
      topic.status === 200
        ? {
            status: 200,
            ...shownOf(topic.body.data.topic),
            propositions: topic.body.data.topic.propositionCount,
          }
        : { status: topic.status },
    popular: findIn(popular.body.data.topics, id),
    ...(main && {
      subTopics: main.status === 200 ? findIn(main.body.data.subTopics, id) : `main topic ${main.status}`,
    }),
    ...(hub && {
      hub: hub.status === 200 ? findIn(hub.body.data.subTopics, id) : `hub page ${hub.status}`,
    }),
    search,
    ranking:
      ranking.status === 200
        ? {
            status: 200,
            names: (ranking.body.data.rankings as Array<{ itemName: string }>)
              .map((row) => row.itemName)
              .sort(),
          }
        : { status: ranking.status },
    head: headOf(page),
    sitemap: sitemap.text.includes(`/topic/${id}?lng=`) ? 'listed' : 'absent',
  };
}

/** What every surface of a shown topic says: its texts everywhere, and in the page's head. */
function showing(expected: Partial<Shown>) {
  const head: Record<string, unknown> = { status: 200 };
  if (expected.title !== undefined) {
    head.title = `${expected.title} · Podium`;
    head.ogTitle = expected.title;
  }
  if (typeof expected.description === 'string') head.description = expected.description;
  return {
    topic: { status: 200, ...expected },
    popular: expected,
    subTopics: expected,
    hub: expected,
    search: expected,
    ranking: { status: 200 },
    head,
    sitemap: 'listed',
  };
}

// The two settings ------------------------------------------------------------------------------------

/**
 * Where a test writes and where it reads. On one server, `fresh` checks the very next read; across two
 * servers it polls the other server every 50 ms from the write's answer and fails after 1 s.
 */
interface Stage {
  /** The server that writes. */
  writer: string;
  /** The server the checks read from (the other one, across two servers). */
  reader: string;
  /** An administrator's request to the server that writes; answers `data`, fails on anything but 2xx. */
  write(method: string, path: string, body?: unknown): Promise<any>;
  /** An administrator's read from the server the checks read from. */
  adminRead(path: string): Promise<Answer>;
  /** Asserts the state after the change under test. */
  fresh(check: () => Promise<void>): Promise<void>;
  /** Asserts the state the test set up, before its change (and fills the reader's caches with it). */
  ready(check: () => Promise<void>): Promise<void>;
}

function writerOf(base: string, token: () => string): Stage['write'] {
  return async (method, path, body) => {
    const response = await call(base, method, path, { token: token(), ...(body !== undefined && { body }) });
    if (response.status >= 300)
      throw new Error(`${method} ${path} answered ${response.status}: ${response.text}`);
    return response.body.data;
  };
}

/** Runs `check` every 50 ms until it passes; past `ms`, fails with its last assertion, saying what was late. */
async function within(ms: number, what: string, check: () => Promise<void>): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() + 50 - started > ms) {
        if (error instanceof Error) {
          error.message = `${what} not shown by the other server ${Date.now() - started} ms after the write answered: ${error.message}`;
        }
        throw error;
      }
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/** What every surface of a sub-topic shows when its ranking lists exactly these propositions. */
function rankingShows(unsorted: string[]) {
  const names = [...unsorted].sort();
  return {
    topic: { status: 200, propositions: names.length },
    ranking: { status: 200, names },
    head: { status: 200, ranking: names },
  };
}

// The scenarios, run on one server and across two ------------------------------------------------------

interface Fixture {
  category: { id: number; slug: string; name: string };
  otherCategory: { id: number; slug: string; name: string };
  tag: { id: number; slug: string; name: string };
  main: { id: number; title: string };
  sub: { id: number; title: string; description: string };
  /** A word of the sub-topic's title, to find it by. */
  titleWord: string;
  proposition: string;
}

/**
 * A category (and another to move to), a tag, a main topic and one sub-topic with a proposition,
 * all in `language`. Catalogue writes come first: the topic writes after them start every read fresh.
 */
async function fixture(
  stage: Stage,
  language: Language,
  options: { tagged?: boolean } = {},
): Promise<Fixture> {
  const category = (await stage.write('POST', '/api/admin/categories', { name: `${word()} places` }))
    .category;
  const otherCategory = (await stage.write('POST', '/api/admin/categories', { name: `${word()} spots` }))
    .category;
  const tag = (
    await stage.write('POST', '/api/admin/tags', { name: word(), type: 'LOCATION', categoryId: category.id })
  ).tag;
  const main = (
    await stage.write('POST', '/api/admin/topics', {
      title: `${word()} guide`,
      categoryId: category.id,
      isMainTopic: true,
      language,
    })
  ).topic;
  const titleWord = word();
  const sub = (
    await stage.write('POST', '/api/admin/topics', {
      title: `${titleWord} ${word()}`,
      description: `About ${word()}`,
      categoryId: category.id,
      mainTopicId: main.id,
      language,
      tags: options.tagged ? [tag.slug] : [],
    })
  ).topic;
  const proposition = `${word()} house`;
  await stage.write('POST', `/api/admin/topics/${sub.id}/propositions`, { itemName: proposition });
  return { category, otherCategory, tag, main, sub, titleWord, proposition };
}

const targetOf = (f: Fixture): Target => ({ id: f.sub.id, mainId: f.main.id });

interface Scenario {
  name: string;
  run(stage: Stage): Promise<void>;
}

const scenarios: Scenario[] = [
  {
    name: 'a title and description edited in the topic’s own language show on every surface',
    async run(stage) {
      const f = await fixture(stage, 'en');
      await stage.ready(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          showing({ title: f.sub.title, description: f.sub.description }),
        );
      });
      const newWord = word();
      const title = `${newWord} ${word()}`;
      const description = `Now about ${word()}`;
      await stage.write('PUT', `/api/admin/topics/${f.sub.id}`, { title, description, language: 'en' });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', newWord)).toMatchObject(
          showing({ title, description }),
        );
        expect(await searchFor(stage.reader, f.titleWord, 'en', f.sub.id), 'search by the old title').toBe(
          'absent',
        );
        // Each server's typo vocabulary learns the new word from the change (decision 007).
        const typo = newWord.slice(0, 4) + newWord.slice(5);
        expect(await searchFor(stage.reader, typo, 'en', f.sub.id), 'search with a typo').not.toBe('absent');
      });
    },
  },
  {
    name: 'a title saved through the translation store in the topic’s own language shows on every surface',
    async run(stage) {
      const f = await fixture(stage, 'en');
      await stage.ready(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          showing({ title: f.sub.title }),
        );
      });
      const newWord = word();
      const title = `${newWord} ${word()}`;
      await stage.write('POST', '/api/translations', {
        entityType: 'topic',
        entityId: f.sub.id,
        key: 'title',
        language: 'en',
        value: title,
      });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', newWord)).toMatchObject(showing({ title }));
      });
    },
  },
  {
    name: 'an edit in the topic’s own language shows even after a title was saved as an own-language translation',
    async run(stage) {
      const f = await fixture(stage, 'en');
      const savedWord = word();
      const saved = `${savedWord} ${word()}`;
      await stage.write('POST', '/api/translations', {
        entityType: 'topic',
        entityId: f.sub.id,
        key: 'title',
        language: 'en',
        value: saved,
      });
      await stage.ready(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', savedWord)).toMatchObject(
          showing({ title: saved }),
        );
      });
      const newWord = word();
      const title = `${newWord} ${word()}`;
      const edited = await stage.write('PUT', `/api/admin/topics/${f.sub.id}`, { title, language: 'en' });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', newWord)).toMatchObject(showing({ title }));
      });
      expect(edited.topic.title, 'the edit’s own answer').toBe(title);
    },
  },
  {
    name: 'a title in another language shows to that language’s readers on every surface, the base text to others',
    async run(stage) {
      const f = await fixture(stage, 'en');
      await stage.ready(async () => {
        expect(await look(stage.reader, targetOf(f), 'de', f.titleWord)).toMatchObject(
          showing({ title: f.sub.title }),
        );
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          showing({ title: f.sub.title }),
        );
      });
      const germanWord = word();
      const german = `${germanWord} ${word()}`;
      await stage.write('PUT', `/api/admin/topics/${f.sub.id}`, { title: german, language: 'de' });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'de', germanWord), 'German reader').toMatchObject(
          showing({ title: german }),
        );
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord), 'English reader').toMatchObject(
          showing({ title: f.sub.title }),
        );
      });
    },
  },
  {
    name: 'a tag added shows on the topic and in lists and finds it in search; removed, it is gone from all',
    async run(stage) {
      const f = await fixture(stage, 'en');
      await stage.ready(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.tag.name)).toMatchObject({
          ...showing({ tags: [] }),
          search: 'absent',
        });
      });
      await stage.write('POST', `/api/admin/topics/${f.sub.id}/tags`, { tagSlug: f.tag.slug });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.tag.name)).toMatchObject(
          showing({ tags: [f.tag.name] }),
        );
      });
      await stage.write('DELETE', `/api/admin/topics/${f.sub.id}/tags/${f.tag.slug}`);
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.tag.name)).toMatchObject({
          ...showing({ tags: [] }),
          search: 'absent',
        });
      });
    },
  },
  {
    name: 'a main topic moved to another category shows its new category on it and on its sub-topics everywhere',
    async run(stage) {
      const f = await fixture(stage, 'en');
      const mainCategory = async () =>
        (await call(stage.reader, 'GET', `/api/topics/${f.main.id}?language=en`)).body.data?.topic?.category
          ?.name;
      await stage.ready(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          showing({ category: f.category.name }),
        );
        expect(await mainCategory(), 'main topic').toBe(f.category.name);
      });
      await stage.write('PUT', `/api/admin/topics/${f.main.id}`, { categorySlug: f.otherCategory.slug });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          showing({ category: f.otherCategory.name }),
        );
        expect(await mainCategory(), 'main topic').toBe(f.otherCategory.name);
      });
    },
  },
  {
    name: 'a deactivated topic is gone from every surface (404s, lists, search, sitemap) and comes back when activated',
    async run(stage) {
      const f = await fixture(stage, 'en');
      const shown = { ...showing({ title: f.sub.title }), ranking: { status: 200, names: [f.proposition] } };
      await stage.ready(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(shown);
      });
      await stage.write('PUT', `/api/admin/topics/${f.sub.id}/status`, { isActive: false });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject({
          topic: { status: 404 },
          popular: 'absent',
          subTopics: 'absent',
          hub: 'absent',
          search: 'absent',
          ranking: { status: 404 },
          head: { status: 404, title: 'Podium' },
          sitemap: 'absent',
        });
      });
      await stage.write('PUT', `/api/admin/topics/${f.sub.id}/status`, { isActive: true });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(shown);
      });
    },
  },
  {
    name: 'a proposition added, renamed or deleted by an administrator shows in the ranking and the page at once',
    async run(stage) {
      const f = await fixture(stage, 'en');
      await stage.ready(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          rankingShows([f.proposition]),
        );
      });
      const added = `${word()} corner`;
      const { proposition } = await stage.write('POST', `/api/admin/topics/${f.sub.id}/propositions`, {
        itemName: added,
      });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          rankingShows([f.proposition, added]),
        );
      });
      const renamed = `${word()} table`;
      await stage.write('PUT', `/api/admin/topics/${f.sub.id}/propositions/${proposition.id}`, {
        itemName: renamed,
      });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          rankingShows([f.proposition, renamed]),
        );
      });
      await stage.write('DELETE', `/api/admin/topics/${f.sub.id}/propositions/${proposition.id}`);
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          rankingShows([f.proposition]),
        );
      });
    },
  },
  {
    name: 'a proposal held for review stays out of the ranking, joins it once approved, and a rejection tells its voter',
    async run(stage) {
      const f = await fixture(stage, 'en');
      await stage.write('PUT', `/api/admin/topics/${f.sub.id}`, { proposalPolicy: 'review' });
      await stage.ready(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          rankingShows([f.proposition]),
        );
      });
      const name = word().toLowerCase();
      const voter = await call(stage.writer, 'POST', '/api/auth/register', {
        body: { username: `voter_${name}`, email: `${name}@example.test`, password: 'a proposal of mine' },
      });
      const { accessToken } = voter.body.data;
      const [approved, rejected] = [`${word()} corner`, `${word()} shack`];
      const ballot = await call(stage.writer, 'POST', '/api/search/propositions', {
        token: accessToken,
        body: {
          topicId: f.sub.id,
          propositions: [
            { itemName: approved, points: 3 },
            { itemName: rejected, points: 2 },
            { itemName: f.proposition, points: 1 },
          ],
        },
      });
      expect(ballot.status).toBe(201);
      const queue = async () =>
        (await stage.adminRead(`/api/admin/proposals?topicId=${f.sub.id}`)).body.data.proposals as {
          id: number;
          itemName: string;
        }[];
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          rankingShows([f.proposition]),
        );
        expect((await queue()).map((proposal) => proposal.itemName).sort()).toEqual(
          [approved, rejected].sort(),
        );
      });
      const idOf = async (itemName: string) =>
        (await queue()).find((proposal) => proposal.itemName === itemName)?.id;
      await stage.write('POST', `/api/admin/proposals/${await idOf(approved)}/approve`);
      await stage.write('POST', `/api/admin/proposals/${await idOf(rejected)}/reject`, { reason: 'unclear' });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          rankingShows([f.proposition, approved]),
        );
        const mine = await call(stage.reader, 'GET', `/api/search/user-votes/${f.sub.id}`, {
          token: accessToken,
        });
        expect(mine.body.data.notices).toEqual([
          expect.objectContaining({ kind: 'rejected', propositionName: rejected, reason: 'unclear' }),
        ]);
      });
    },
  },
  {
    name: 'a category renamed or translated shows on its topics, in lists and in search',
    async run(stage) {
      const f = await fixture(stage, 'en');
      await stage.ready(async () => {
        for (const language of ['en', 'de'] as const) {
          expect(await look(stage.reader, targetOf(f), language, f.titleWord), language).toMatchObject(
            showing({ category: f.category.name }),
          );
        }
      });
      const renamed = (
        await stage.write('PUT', `/api/admin/categories/${f.category.id}`, { name: `${word()} venues` })
      ).category.name;
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord)).toMatchObject(
          showing({ category: renamed }),
        );
      });
      const german = `${word()} Lokale`;
      await stage.write('PUT', `/api/admin/categories/${f.category.id}/translations/de`, { name: german });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'de', f.titleWord), 'German reader').toMatchObject(
          showing({ category: german }),
        );
        expect(await look(stage.reader, targetOf(f), 'en', f.titleWord), 'English reader').toMatchObject(
          showing({ category: renamed }),
        );
      });
    },
  },
  {
    name: 'a tag renamed or translated shows on its topics, in lists and in search',
    async run(stage) {
      const f = await fixture(stage, 'en', { tagged: true });
      await stage.ready(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', f.tag.name)).toMatchObject(
          showing({ tags: [f.tag.name] }),
        );
      });
      const renamed = (await stage.write('PUT', `/api/admin/tags/${f.tag.id}`, { name: word() })).tag.name;
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'en', renamed)).toMatchObject(
          showing({ tags: [renamed] }),
        );
      });
      const german = word();
      await stage.write('PUT', `/api/admin/tags/${f.tag.id}/translations/de`, { name: german });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'de', german), 'German reader').toMatchObject(
          showing({ tags: [german] }),
        );
      });
    },
  },
  {
    name: 'a vote shows in the ranking and in the topic’s vote count at once',
    async run(stage) {
      const f = await fixture(stage, 'en');
      const read = async () => {
        const [topic, ranking] = await Promise.all([
          call(stage.reader, 'GET', `/api/topics/${f.sub.id}?language=en`),
          call(stage.reader, 'GET', `/api/search/rankings/topic/${f.sub.id}?language=en`),
        ]);
        const rows = ranking.body.data.rankings as Array<{ itemName: string; totalPoints: number }>;
        return {
          topicVoters: topic.body.data.topic.voteCount,
          rankingVoters: ranking.body.data.voteCount,
          points: Object.fromEntries(rows.map((row) => [row.itemName, row.totalPoints])),
        };
      };
      await stage.ready(async () => {
        expect(await read()).toEqual({ topicVoters: 0, rankingVoters: 0, points: { [f.proposition]: 0 } });
      });
      const name = word().toLowerCase();
      const voter = await call(stage.writer, 'POST', '/api/auth/register', {
        body: { username: `voter_${name}`, email: `${name}@example.test`, password: 'a vote of my own' },
      });
      expect(voter.status).toBe(201);
      const { accessToken, user } = voter.body.data;
      const second = `${word()} corner`;
      const ballot = await call(stage.writer, 'POST', '/api/search/propositions', {
        token: accessToken,
        body: {
          topicId: f.sub.id,
          propositions: [
            { itemName: f.proposition, points: 3, userId: user.id },
            { itemName: second, points: 2, userId: user.id },
          ],
        },
      });
      expect(ballot.status).toBe(201);
      await stage.fresh(async () => {
        expect(await read()).toEqual({
          topicVoters: 1,
          rankingVoters: 1,
          points: { [f.proposition]: 3, [second]: 2 },
        });
      });
    },
  },
  {
    name: 'a ballot shows at once in what is rising this week',
    async run(stage) {
      const f = await fixture(stage, 'en');
      // Ten ballots on the sub-topic, more than any other scenario casts on one topic: it heads the list.
      const ballots = async (count: number) => {
        for (let i = 0; i < count; i++) {
          const name = word().toLowerCase();
          const voter = await call(stage.writer, 'POST', '/api/auth/register', {
            body: { username: `riser_${name}`, email: `${name}@example.test`, password: 'a vote of my own' },
          });
          expect(voter.status).toBe(201);
          const { accessToken, user } = voter.body.data;
          const ballot = await call(stage.writer, 'POST', '/api/search/propositions', {
            token: accessToken,
            body: {
              topicId: f.sub.id,
              propositions: [{ itemName: f.proposition, points: 3, userId: user.id }],
            },
          });
          expect(ballot.status).toBe(201);
        }
      };
      const busiest = async () =>
        (await call(stage.reader, 'GET', '/api/topics/rising/en')).body.data.topics[0];
      await ballots(9);
      await stage.ready(async () => {
        expect(await busiest()).toEqual({ id: f.sub.id, title: f.sub.title, ballots: 9 });
      });
      await ballots(1);
      await stage.fresh(async () => {
        expect(await busiest()).toEqual({ id: f.sub.id, title: f.sub.title, ballots: 10 });
      });
    },
  },
  {
    name: 'a setting an administrator saves is the one read back',
    async run(stage) {
      const policy = async () => {
        const answer = await stage.adminRead('/api/admin/settings');
        expect(answer.status).toBe(200);
        return answer.body.data.settings.proposalPolicy as string;
      };
      let before = '';
      await stage.ready(async () => {
        before = await policy();
      });
      const next = before === 'review' ? 'publish' : 'review';
      await stage.write('PUT', '/api/admin/settings', { proposalPolicy: next });
      await stage.fresh(async () => {
        expect(await policy()).toBe(next);
      });
    },
  },
  {
    name: 'an edited UI text is served at once by the UI catalogue and in the boot catalog of served pages',
    async run(stage) {
      const f = await fixture(stage, 'en');
      const key = 'nav.home';
      const texts = async () => {
        const [catalogue, page] = await Promise.all([
          call(stage.reader, 'GET', '/api/translations/ui/de'),
          call(stage.reader, 'GET', `/topic/${f.sub.id}?lng=de`),
        ]);
        expect(catalogue.status).toBe(200);
        return { catalogue: catalogue.body.data.translations[key], bootCatalog: bootCatalogOf(page)?.[key] };
      };
      let before: string | undefined;
      await stage.ready(async () => {
        const shown = await texts();
        expect(shown.catalogue).toBeDefined();
        expect(shown.bootCatalog).toBe(shown.catalogue);
        before = shown.catalogue;
      });
      const value = `Startseite ${word()}`;
      expect(value).not.toBe(before);
      await stage.write('POST', '/api/translations', {
        entityType: 'ui',
        entityId: null,
        key,
        language: 'de',
        value,
      });
      await stage.fresh(async () => {
        expect(await texts()).toEqual({ catalogue: value, bootCatalog: value });
      });
    },
  },
  {
    name: 'a Spanish topic given a French title keeps its Spanish title for Spanish readers, in search too',
    async run(stage) {
      const f = await fixture(stage, 'es');
      await stage.ready(async () => {
        expect(await look(stage.reader, targetOf(f), 'es', f.titleWord)).toMatchObject(
          showing({ title: f.sub.title }),
        );
      });
      const frenchWord = word();
      const french = `${frenchWord} ${word()}`;
      await stage.write('PUT', `/api/admin/topics/${f.sub.id}`, { title: french, language: 'fr' });
      await stage.fresh(async () => {
        expect(await look(stage.reader, targetOf(f), 'es', f.titleWord), 'Spanish reader').toMatchObject(
          showing({ title: f.sub.title }),
        );
        expect(await look(stage.reader, targetOf(f), 'fr', frenchWord), 'French reader').toMatchObject(
          showing({ title: french }),
        );
      });
    },
  },
];

describe('on one app server, the next public read shows an administrator’s write', () => {
  let server: TestServer;
  let token = '';
  let webDir = '';
  let stage: Stage;

  beforeAll(async () => {
    webDir = webDistDir();
    server = await startTestServer({ webDistDir: webDir });
    token = (await createAdmin(server)).accessToken;
    const next = async (check: () => Promise<void>) => check();
    stage = {
      writer: server.baseUrl,
      reader: server.baseUrl,
      write: writerOf(server.baseUrl, () => token),
      adminRead: (path) => call(server.baseUrl, 'GET', path, { token }),
      fresh: next,
      ready: next,
    };
  });
  afterAll(async () => {
    await server?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  for (const scenario of scenarios) it(scenario.name, () => scenario.run(stage));
});

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'across two app servers on one PostgreSQL, the other server shows an administrator’s write within 1 s',
  () => {
    let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
    const servers: ServerProcess[] = [];
    let webDir = '';
    let token = '';
    let stage: Stage;

    beforeAll(async () => {
      webDir = webDistDir();
      database = await createScratchDatabase('podium_ryw');
      for (let i = 0; i < 2; i++) {
        servers.push(await startServerProcess({ DATABASE_URL: database.url, WEB_DIST_DIR: webDir }));
      }
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const registered = await callJson(a.url, 'POST', '/api/auth/register', {
        body: { username: 'ryw_admin', email: 'ryw_admin@example.test', password: 'read your writes' },
      });
      expect(registered.status).toBe(201);
      token = registered.body.data.accessToken;
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query('update users set is_admin = 1 where id = $1', [registered.body.data.user.id]);
      } finally {
        await client.end();
      }
      // Every request re-reads the caller's admin flag: the token is an administrator's from now on.
      expect((await callJson(a.url, 'GET', '/api/admin/categories', { token })).status).toBe(200);
      stage = {
        writer: a.url,
        reader: b.url,
        write: writerOf(a.url, () => token),
        adminRead: (path) => call(b.url, 'GET', path, { token }),
        fresh: (check) => within(1_000, 'the change', check),
        // The set-up is not under test: the other server gets longer to show it, then holds it in its caches.
        ready: (check) => within(5_000, 'the set-up', check),
      };
    });
    afterAll(async () => {
      for (const server of servers) await server.kill('SIGKILL');
      await database?.drop();
      if (webDir) rmSync(webDir, { recursive: true, force: true });
    });

    for (const scenario of scenarios) it(scenario.name, () => scenario.run(stage));
  },
);
