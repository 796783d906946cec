import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { findTotalsMismatches } from '../db/integrity.js';
import { newReadableId } from '../db/readable-id.js';
import { testDatabaseKind } from '../test/database.js';
import { callJson, LIFTED_CREATION_LIMITS, type ServerProcess, startServerProcess } from '../test/process.js';
import { nowIso } from '../test/wall-clock.js';

/** Reads `event: ranking` frames from a server-sent event stream until `until` accepts one. */
async function waitForRankingEvent(url: string, until: (data: any) => boolean, timeoutMs = 5_000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  if (!response.body) throw new Error('the event stream has no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const frames: any[] = [];
  const ready = { resolve: () => {} };
  const connected = new Promise<void>((resolve) => {
    ready.resolve = resolve;
  });
  const found = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return undefined;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) {
            const parsed = JSON.parse(data);
            frames.push(parsed);
            if (frames.length === 1) ready.resolve();
            else if (until(parsed)) return parsed;
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  })();
  return { connected, found };
}

// Votes from a few accounts in quick succession: the creation limits are lifted for these servers.
describe.skipIf(testDatabaseKind() !== 'postgres')('two app servers on one PostgreSQL', () => {
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `podium_scale_${randomBytes(5).toString('hex')}`;
  const databaseUrl = baseUrl.replace(/\/[^/?]*(\?.*)?$/, `/${name}$1`);
  const servers: ServerProcess[] = [];
  let topicId = 0;

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const setup = openDatabase({ url: databaseUrl });
    await migrateToLatest(setup);
    const category = await setup.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    topicId = (
      await setup.db
        .insertInto('topics')
        .values({
          readable_id: newReadableId('T'),
          slug: 'scale-out-coffee',
          title: 'Scale-out coffee',
          title_key: 'scale out coffee',
          language: 'en',
          category_id: category.id,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await setup.close();
    for (let i = 0; i < 2; i++)
      servers.push(await startServerProcess({ DATABASE_URL: databaseUrl, ...LIFTED_CREATION_LIMITS }));
  });

  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('shares sessions, carries live ranking events across servers, and survives losing one server', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    // Registered on A, the session works on B: both read the signing key from the database.
    const registered = await callJson(a.url, 'POST', '/api/auth/register', {
      body: { username: 'scale_one', email: 'scale_one@example.test', password: 'scale-out' },
    });
    const token = registered.body.data.accessToken;
    const userId = registered.body.data.user.id;
    expect((await callJson(b.url, 'GET', '/api/auth/me', { token })).status).toBe(200);

    // A subscriber on B sees a vote taken by A.
    const stream = await waitForRankingEvent(`${b.url}/api/topics/${topicId}/events`, (event) =>
      (event.rankings ?? []).some((row: any) => row.itemName === 'Café Lumière'),
    );
    await stream.connected;
    const vote = await callJson(a.url, 'POST', '/api/search/propositions', {
      token,
      body: { topicId, propositions: [{ itemName: 'Café Lumière', points: 3, userId }], userTags: [] },
    });
    expect(vote.status).toBe(201);
    const event = await stream.found;
    expect(event, 'the vote on A reached the subscriber on B').toBeDefined();

    // Votes through both servers, then A dies; B keeps serving and every total is exact.
    const voters = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const server = i % 2 === 0 ? a : b;
        const response = await callJson(server.url, 'POST', '/api/auth/register', {
          body: { username: `scale_${i}_x`, email: `scale_${i}@example.test`, password: 'scale-out' },
        });
        return { server, token: response.body.data.accessToken, id: response.body.data.user.id };
      }),
    );
    const names = ['Café Lumière', 'Brûlerie Nord', 'Kaffeehaus Süd'];
    const results = await Promise.all(
      voters.map((voter, i) =>
        callJson(voter.server.url, 'POST', '/api/search/propositions', {
          token: voter.token,
          body: {
            topicId,
            propositions: [
              { itemName: names[i % 3], points: 3, userId: voter.id },
              { itemName: names[(i + 1) % 3], points: 2, userId: voter.id },
            ],
            userTags: [],
          },
        }),
      ),
    );
    expect(results.every((result) => result.status === 201)).toBe(true);

    await a.kill('SIGKILL');
    const ranking = await callJson(b.url, 'GET', `/api/search/rankings/topic/${topicId}?language=en`);
    expect(ranking.status).toBe(200);
    const total = ranking.body.data.rankings.reduce((sum: number, row: any) => sum + row.totalPoints, 0);
    expect(total).toBe(3 + 10 * (3 + 2));
    const late = await callJson(b.url, 'POST', '/api/search/propositions', {
      token: voters[0]?.token,
      body: {
        topicId,
        propositions: [{ itemName: 'Brûlerie Nord', points: 3, userId: voters[0]?.id }],
        userTags: [],
      },
    });
    expect(late.status).toBe(200);

    const check = openDatabase({ url: databaseUrl });
    expect(await findTotalsMismatches(check.db)).toEqual([]);
    await check.close();
  });
});

// Rate limits live in the process or in Redis, whatever the database: run once, in the SQLite project.
describe.skipIf(testDatabaseKind() !== 'sqlite')('rate limits across app servers', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const started: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of started) await server.kill('SIGKILL');
  });

  async function loginAttempts(servers: ServerProcess[], attempts: number) {
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      const server = servers[i % servers.length] as ServerProcess;
      const response = await callJson(server.url, 'POST', '/api/auth/login', {
        body: { email: 'nobody@example.test', password: 'wrong-password' },
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  it('holds one limit across two servers that share Redis', async () => {
    const namespace = `podium-test-${randomBytes(4).toString('hex')}:`;
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: redisUrl, RATE_LIMIT_NAMESPACE: namespace };
    const pair = [await startServerProcess(env), await startServerProcess(env)];
    started.push(...pair);
    expect(await loginAttempts(pair, 5)).toEqual([401, 401, 401, 429, 429]);
  });

  it('limits each server on its own without Redis', async () => {
    const pair = [
      await startServerProcess({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }),
      await startServerProcess({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }),
    ];
    started.push(...pair);
    expect(await loginAttempts(pair, 8)).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });
});
