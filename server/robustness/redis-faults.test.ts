import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/database.js';
import { OwnRedis } from '../test/faults.js';
import { startTestServer, type TestServer } from '../test/server.js';

const LIMIT = 4;

// Rate limits live in Redis or in the process, whatever the database: run once, in the SQLite project.
describe.skipIf(testDatabaseKind() !== 'sqlite')('rate limits while Redis is down', () => {
  let redis: OwnRedis;
  let server: TestServer;
  const namespace = `podium-fault-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    server = await startTestServer({
      redisUrl: redis.url,
      rateLimitNamespace: namespace,
      authRateLimitPerMinute: LIMIT,
    });
  });
  afterAll(async () => {
    await server?.close();
    await redis?.close();
  });

  async function badLogin() {
    const started = performance.now();
    const response = await server.request('POST', '/api/auth/login', {
      body: { email: 'nobody@example.test', password: 'wrong-password' },
    });
    return { status: response.status, ms: performance.now() - started, body: response.body };
  }

  /** The login route's rate-limit counters in Redis (the password throttle keeps counters beside them). */
  async function keysInRedis(): Promise<string[]> {
    const client = new Redis(redis.url, { lazyConnect: true });
    await client.connect();
    const keys = await client.keys(`${namespace}*`);
    client.disconnect();
    return keys.filter((key) => key.includes('/api/auth/login'));
  }

  async function health() {
    const response = await server.request('GET', '/api/health');
    return { status: response.status, redis: response.body.data?.redis };
  }

  it('answers within a second with per-process counts, reports redis down while staying healthy, and returns to Redis', async () => {
    expect(await health()).toEqual({ status: 200, redis: 'up' });
    expect((await badLogin()).status).toBe(401);
    expect(await keysInRedis(), 'counted in Redis while it is up').toHaveLength(1);

    await redis.stop();
    const during = [];
    for (let i = 0; i < LIMIT + 2; i++) during.push(await badLogin());
    for (const answer of during) expect(answer.ms).toBeLessThan(1_000);
    // Counted in this process from zero: the limit holds, never a 500.
    expect(during.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 429, 429]);
    expect(during.at(-1)?.body.error.code).toBe('RATE_LIMITED');
    expect(await health()).toEqual({ status: 200, redis: 'down' });

    await redis.resume();
    const back = Date.now();
    while ((await health()).redis !== 'up') {
      if (Date.now() - back > 8_000) throw new Error('the server did not see Redis come back');
      await new Promise((wait) => setTimeout(wait, 100));
    }
    // A fresh Redis (it keeps nothing on disk): counting starts again there.
    expect((await badLogin()).status).toBe(401);
    expect(await keysInRedis(), 'counted in Redis again').toHaveLength(1);
    console.info(
      `Redis down: ${during.length} logins, slowest ${Math.round(Math.max(...during.map((a) => a.ms)))} ms, ` +
        `statuses ${during.map((a) => a.status).join(' ')}; back in Redis ${Date.now() - back} ms after its restart`,
    );
  });

  it('answers within a second when Redis hangs without closing its connections', async () => {
    redis.freeze();
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await badLogin());
      for (const answer of answers) {
        expect([401, 429]).toContain(answer.status);
        expect(answer.ms).toBeLessThan(1_000);
      }
      const report = await server.request('GET', '/api/health');
      expect(report.status).toBe(200);
    } finally {
      redis.thaw();
    }
  });
});
