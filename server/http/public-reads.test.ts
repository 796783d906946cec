import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProposition, makeTag, makeTopic } from '../test/catalogue-factory.js';
import { createAdmin, registerUser, type TestUser } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './public-reads.js';

const INDEX_HTML = `<!doctype html>
<html lang="fr">
  <head><meta charset="UTF-8" /><title>Podium</title></head>
  <body><div id="root"></div></body>
</html>
`;

let server: TestServer;
let distDir: string;
let topic: { id: number; slug: string };
let main: { id: number };
let categoryId: number;
let voter: TestUser;
let admin: TestUser;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'podium-dist-'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  server = await startTestServer({ webDistDir: distDir });
  const db = server.ctx.db;
  const category = await makeCategory(db);
  categoryId = category.id;
  const tag = await makeTag(db, { name: 'Lisbon', type: 'LOCATION' });
  main = await makeTopic(db, {
    categoryId: category.id,
    isMain: true,
    language: 'en',
    title: 'Best bakeries',
  });
  topic = await makeTopic(db, {
    categoryId: category.id,
    mainTopicId: main.id,
    tagIds: [tag.id],
    language: 'en',
    title: 'Best custard tarts',
  });
  await makeProposition(db, topic.id, 'Manteigaria', { first: 2 });
  await makeProposition(db, topic.id, 'Pasteis de Belem', { first: 1 });
  voter = await registerUser(server);
  admin = await createAdmin(server);
});
afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

/** Every public read of the API, by the address a visitor's browser (or a CDN) asks. */
const publicReads = () => [
  '/api/topics/popular/en',
  `/api/topics/${topic.slug}?lang=en`,
  `/api/topics/main/${main.id}/en`,
  `/api/topics/main/${main.id}/hub?lang=en`,
  `/api/topics/main/${main.id}/filter?lang=en&tags=lisbon`,
  `/api/search/rankings/topic/${topic.id}`,
  `/api/search/rankings/topic/${topic.id}?window=week`,
  '/api/search/predictive?q=custard&lang=en',
  '/api/search/smart?q=custard&lang=en',
  '/api/search/categories?lang=en',
  '/api/search/tags?lang=en',
  '/api/translations/ui/de',
  '/api/translations/entity/topic/all/en',
  `/api/translations/entity/topic/${topic.id}/en`,
  '/api/topics/rising/en',
  `/api/topics/${topic.id}/rank-history`,
  `/api/topics/${topic.id}/ranking.csv?lng=en`,
  `/api/topics/${topic.id}/ranking.json?lng=en&window=month`,
  `/api/topics/${topic.id}/card.png?lng=en`,
  `/api/topics/${topic.id}/feed.atom?lng=fr`,
  `/api/categories/${categoryId}/feed.atom?lng=de`,
  `/api/oembed?url=${encodeURIComponent(`${server.ctx.config.publicUrl}/topic/${topic.id}`)}`,
];

describe('public reads', () => {
  it('carry an ETag and a public Cache-Control a shared cache may keep for 5 s', async () => {
    for (const path of publicReads()) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(PUBLIC_CACHE_CONTROL);
      expect(response.headers.get('etag'), path).toMatch(/^W\/"[\w-]+"$/);
      expect(response.headers.get('vary'), path).toContain('Authorization');
    }
  });

  it('answer 304 with no body to an If-None-Match that names their ETag, with the same headers', async () => {
    for (const path of publicReads()) {
      const first = await server.request('GET', path);
      const etag = first.headers.get('etag') as string;
      const again = await server.request('GET', path, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(again.text, path).toBe('');
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(again.headers.get('cache-control'), path).toBe(PUBLIC_CACHE_CONTROL);
      // A list of tags, and the strong form of a weak tag, match too (weak comparison).
      const listed = await server.request('GET', path, {
        headers: { 'if-none-match': `W/"other", ${etag.slice(2)}` },
      });
      expect(listed.status, path).toBe(304);
      const other = await server.request('GET', path, { headers: { 'if-none-match': 'W/"other"' } });
      expect(other.status, path).toBe(200);
    }
  });

  it('answer HEAD as GET, with the same ETag and 304 to it', async () => {
    const path = `/api/search/rankings/topic/${topic.id}?limit=2`;
    const get = await server.request('GET', path);
    const head = await server.request('HEAD', path);
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    const again = await server.request('HEAD', path, {
      headers: { 'if-none-match': get.headers.get('etag') as string },
    });
    expect(again.status).toBe(304);
  });

  it('give the same ETag whatever the encoding asked for', async () => {
    const path = `/api/search/rankings/topic/${topic.id}`;
    const plain = await server.request('GET', path, { headers: { 'accept-encoding': 'identity' } });
    const brotli = await server.request('GET', path, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('etag')).toBe(plain.headers.get('etag'));
  });

  it('never answer 304 for a stale ranking once a ballot has been answered (read your writes)', async () => {
    const path = `/api/search/rankings/topic/${topic.id}`;
    const before = await server.request('GET', path);
    const etag = before.headers.get('etag') as string;
    const voted = await server.request('POST', '/api/search/propositions', {
      token: voter.accessToken,
      body: { topicId: topic.id, propositions: [{ itemName: 'Pasteis de Belem', points: 3 }], userTags: [] },
    });
    expect(voted.status).toBe(201);
    const after = await server.request('GET', path, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const belem = after.body.data.rankings.find(
      (row: { itemName: string }) => row.itemName === 'Pasteis de Belem',
    );
    expect(belem.totalPoints).toBeGreaterThan(before.body.data.rankings[1].totalPoints);
    const topicAfter = await server.request('GET', `/api/topics/${topic.slug}?lang=en`);
    expect(topicAfter.status).toBe(200);
  });
});

describe('revalidations answered before the route runs', () => {
  const conditional = (path: string, etag: string) =>
    server.request('GET', path, { headers: { 'if-none-match': etag } });

  it('are dropped by any change this server hears of, before the write answers', async () => {
    const path = `/api/topics/${topic.slug}?lang=en`;
    const etag = (await server.request('GET', path)).headers.get('etag') as string;
    expect((await conditional(path, etag)).status).toBe(304);
    const renamed = await server.request('PUT', `/api/admin/topics/${topic.id}`, {
      token: admin.accessToken,
      body: { description: 'The custard tarts of Lisbon, ranked' },
    });
    expect(renamed.status).toBe(200);
    const after = await conditional(path, etag);
    expect(after.status).toBe(200);
    expect(after.body.data.topic.description).toBe('The custard tarts of Lisbon, ranked');
  });

  it('are believed for one read-cache lifetime at most where time alone may change the answer', async () => {
    const path = '/api/topics/popular/en?limit=100';
    const etag = (await server.request('GET', path)).headers.get('etag') as string;
    // Written around the app (as a bulk load would, without announcing it): no event drops anything, and
    // the ETag kept is still believed (the route's own answer is fresh: the factory empties the read cache).
    const category = await makeCategory(server.ctx.db);
    await makeTopic(server.ctx.db, { categoryId: category.id, title: 'Quietly listed' });
    expect((await conditional(path, etag)).status).toBe(304);
    server.clock.advance(1_001);
    const after = await conditional(path, etag);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('are believed ten seconds where only announced writes change the answer (a main topic)', async () => {
    const path = `/api/topics/main/${main.id}/en`;
    const etag = (await server.request('GET', path)).headers.get('etag') as string;
    const category = await makeCategory(server.ctx.db);
    await makeTopic(server.ctx.db, { categoryId: category.id, mainTopicId: main.id, title: 'Quietly added' });
    server.clock.advance(9_000);
    expect((await conditional(path, etag)).status).toBe(304);
    server.clock.advance(1_001);
    const after = await conditional(path, etag);
    expect(after.status).toBe(200);
    expect(after.body.data.subTopics.map((sub: { title: string }) => sub.title)).toContain('Quietly added');
  });
});

describe('answers that depend on the caller', () => {
  it('are private, no-store and carry no ETag when the caller sends a token, even on a public route', async () => {
    for (const path of [`/api/search/rankings/topic/${topic.id}`, `/api/topics/${topic.slug}?lang=en`]) {
      const response = await server.request('GET', path, { token: admin.accessToken });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(PRIVATE_CACHE_CONTROL);
      expect(response.headers.get('etag'), path).toBeNull();
    }
  });

  it('are private, no-store on account, admin and auth routes, and on refusals', async () => {
    const reads: [string, TestUser | undefined][] = [
      ['/api/auth/me', voter],
      [`/api/search/user-votes/${topic.id}?userId=${voter.id}`, voter],
      ['/api/users/me/export', voter],
      ['/api/admin/users', admin],
      ['/api/admin/settings', admin],
      ['/api/auth/me', undefined],
      ['/api/topics/no-such-topic', undefined],
    ];
    for (const [path, caller] of reads) {
      const response = await server.request('GET', path, caller && { token: caller.accessToken });
      expect(response.headers.get('cache-control'), path).toBe(PRIVATE_CACHE_CONTROL);
      expect(response.headers.get('etag'), path).toBeNull();
    }
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: voter.email, password: voter.password },
    });
    expect(login.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
  });
});

describe('CORS', () => {
  const origin = { origin: 'https://elsewhere.example' };

  it('lets any origin read a public answer, never with credentials', async () => {
    for (const path of publicReads()) {
      const response = await server.request('GET', path, { headers: origin });
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('access-control-expose-headers'), path).toBe('ETag');
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
  });

  it('says nothing to other origins on writes, accounts and admin routes', async () => {
    for (const [method, path, caller] of [
      ['GET', '/api/auth/me', voter],
      ['GET', '/api/admin/users', admin],
      ['POST', '/api/search/propositions', voter],
      ['POST', '/api/auth/login', undefined],
    ] as const) {
      const response = await server.request(method, path, {
        headers: origin,
        ...(caller && { token: caller.accessToken }),
        ...(method === 'POST' && { body: {} }),
      });
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
  });

  it('answers a preflight for GET on a public route, and refuses one elsewhere or for another method', async () => {
    const preflight = (path: string, method: string) =>
      server.request('OPTIONS', path, {
        headers: {
          ...origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'if-none-match',
        },
      });
    const allowed = await preflight(`/api/search/rankings/topic/${topic.id}?limit=3`, 'GET');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('*');
    expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('If-None-Match');
    expect(allowed.headers.get('access-control-allow-headers')).not.toContain('Authorization');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    for (const [path, method] of [
      ['/api/search/propositions', 'POST'],
      [`/api/search/rankings/topic/${topic.id}`, 'DELETE'],
      ['/api/admin/users', 'GET'],
      ['/api/auth/me', 'GET'],
    ]) {
      const refused = await preflight(path as string, method as string);
      expect(refused.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });
});

describe('pages', () => {
  it('with the language in their address are public, with an ETag and 304 to it, and no Vary on Cookie', async () => {
    for (const path of ['/?lng=en', `/topic/${topic.slug}?lng=de`, '/search?q=tarts&lng=es']) {
      const response = await server.request('GET', path, { headers: { cookie: 'lang=fr' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(PUBLIC_CACHE_CONTROL);
      expect(response.headers.get('vary'), path).not.toMatch(/cookie|accept-language/i);
      const etag = response.headers.get('etag') as string;
      expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
      const again = await server.request('GET', path, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(again.text, path).toBe('');
      expect(again.headers.get('cache-control'), path).toBe(PUBLIC_CACHE_CONTROL);
    }
  });

  it('in a language chosen by cookie or Accept-Language are the browser’s own: private, varying by both', async () => {
    const response = await server.request('GET', `/topic/${topic.slug}`, { headers: { cookie: 'lang=en' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toMatch(/Cookie, Accept-Language/);
    const etag = response.headers.get('etag') as string;
    const again = await server.request('GET', `/topic/${topic.slug}`, {
      headers: { cookie: 'lang=en', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('give another ETag once what they show has changed', async () => {
    const path = `/topic/${topic.slug}?lng=en`;
    const before = (await server.request('GET', path)).headers.get('etag') as string;
    const renamed = await server.request('PUT', `/api/admin/topics/${topic.id}`, {
      token: admin.accessToken,
      body: { title: 'Best pastel de nata' },
    });
    expect(renamed.status).toBe(200);
    const after = await server.request('GET', path, { headers: { 'if-none-match': before } });
    expect(after.status).toBe(200);
    expect(after.text).toContain('Best pastel de nata');
  });

  it('are not kept, nor tagged, when missing', async () => {
    const response = await server.request('GET', '/topic/no-such-topic?lng=en');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).not.toContain('public');
    expect(response.headers.get('etag')).toBeNull();
  });
});
