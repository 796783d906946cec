import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { topicWith } from '../modules/votes/test-helpers.js';
import { type Cluster, nginxMissing, startCluster } from '../test/cluster.js';
import { testDatabaseKind } from '../test/database.js';
import { LIFTED_CREATION_LIMITS } from '../test/process.js';

/**
 * An app server behind Debian's nginx with deploy/nginx/response-cache.conf, as the README's "Behind a CDN"
 * describes: nginx keeps what the app calls public for the seconds it allows and nothing else (decision 026).
 * Only what a request does at once is checked: nginx's own clock cannot be moved, so its 5 s expiry is not
 * awaited here (the app's side of a revalidation, If-None-Match answered 304, is tested in
 * server/http/public-reads.test.ts).
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('public answers kept by nginx in front of the app', () => {
  let cluster: Cluster;
  let topicId: number;

  const cacheStatus = (response: Response) => response.headers.get('x-cache-status');
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${cluster.url}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });

  beforeAll(async () => {
    const missing = nginxMissing();
    if (missing) throw new Error(missing);
    cluster = await startCluster({ servers: 1, responseCache: true, env: LIFTED_CREATION_LIMITS });
    const setup = openDatabase({ url: cluster.databaseUrl });
    topicId = (await topicWith(setup.db, ['Alpha', 'Bravo', 'Charlie'])).id;
    await setup.close();
  }, 90_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  it('answers a second anonymous read of a ranking from its cache, bytes and ETag unchanged', async () => {
    const path = `/api/search/rankings/topic/${topicId}`;
    const first = await get(path);
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(cacheStatus(first)).toBe('MISS');
    const second = await get(path);
    expect(cacheStatus(second)).toBe('HIT');
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('access-control-allow-origin')).toBe('*');

    // A browser revalidating what it holds gets nginx's own 304, with no body and no trip to the app.
    const revalidated = await get(path, { 'if-none-match': first.headers.get('etag') ?? '' });
    expect(revalidated.status).toBe(304);
    expect(cacheStatus(revalidated)).toBe('HIT');
  });

  it('lets a signed-in voter read their ballot at once while anonymous readers keep the cached ranking', async () => {
    const path = `/api/search/rankings/topic/${topicId}`;
    await (await get(path)).text();
    const before = await get(path);
    expect(cacheStatus(before)).toBe('HIT');
    const beforeBody = await before.text();

    const registered = await fetch(`${cluster.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'cached_voter',
        email: 'cached_voter@example.test',
        password: 'kept-by-nginx',
      }),
    });
    expect(registered.status).toBe(201);
    const { user, accessToken } = (await registered.json()).data;
    const authorization = `Bearer ${accessToken}`;
    const ballot = await fetch(`${cluster.url}/api/search/propositions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({
        topicId,
        propositions: ['Charlie', 'Bravo', 'Alpha'].map((itemName, place) => ({
          itemName,
          points: 3 - place,
          userId: user.id,
        })),
        userTags: [],
      }),
    });
    expect(ballot.status).toBeLessThan(300);
    // The write itself is never kept: its answer is private.
    expect(cacheStatus(ballot)).not.toBe('HIT');

    const own = await get(path, { authorization });
    expect(cacheStatus(own)).toBe('BYPASS');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const leader = (await own.json()).data.rankings[0];
    expect(leader).toMatchObject({ itemName: 'Charlie', totalPoints: 3 });

    // An anonymous visitor may be up to 5 s behind (the README says so): the kept answer, unchanged.
    const anonymous = await get(path);
    expect(cacheStatus(anonymous)).toBe('HIT');
    expect(await anonymous.text()).toBe(beforeBody);
  });

  it('never keeps what the app answers privately: an account, a refusal, a page whose language came from the browser', async () => {
    for (const [path, headers] of [
      ['/api/auth/me', { authorization: 'Bearer not-a-token' }],
      ['/api/search/rankings/topic/999999', {}],
      ['/api/topics/popular/xx', {}],
      ['/', { 'accept-language': 'de' }],
    ] as const) {
      const statuses: (string | null)[] = [];
      for (let i = 0; i < 2; i++) {
        const response = await get(path, headers);
        await response.arrayBuffer();
        expect(response.headers.get('cache-control'), path).toMatch(/^private/);
        statuses.push(cacheStatus(response));
      }
      expect(statuses, path).not.toContain('HIT');
    }
  });

  it('keeps a page whose language is in its address, the same for every visitor', async () => {
    const first = await get('/methodology?lng=es', { 'accept-language': 'de' });
    const body = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toMatch(/^public/);
    const second = await get('/methodology?lng=es', { 'accept-language': 'fr' });
    expect(cacheStatus(second)).toBe('HIT');
    expect(await second.text()).toBe(body);
    expect(body).toContain('<html lang="es"');
  });
});
