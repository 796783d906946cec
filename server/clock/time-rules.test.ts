import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { ballot, topicWith, vote } from '../modules/votes/test-helpers.js';
import { registerUser } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/server.js';

/**
 * Time rules proven by moving the server's clock (server/clock/clock.ts), never by sleeping: each rule
 * here is minutes or days long, and each test takes a moment.
 */
let server: TestServer;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  server = await startTestServer({
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
    creationLimits: {
      ...loadConfig({}).creationLimits,
      ballotsPerUserPerMinute: 3,
      propositionsPerUserPerTopic: 3,
    },
  });
});
afterAll(() => server.close());

const me = (token: string) => server.request('GET', '/api/auth/me', { token });

describe('time rules on the one clock', () => {
  it('refuses an access token once its 15 minutes are over, with "Token expired"', async () => {
    const user = await registerUser(server);
    expect((await me(user.accessToken)).status).toBe(200);
    server.clock.advance(14 * MINUTE);
    expect((await me(user.accessToken)).status).toBe(200);
    server.clock.advance(2 * MINUTE);
    const expired = await me(user.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'Token expired' });
  });

  it('refuses a refresh token after its 30 days, and takes one that is 29 days old', async () => {
    const young = await registerUser(server);
    const old = await registerUser(server);
    server.clock.advance(29 * DAY);
    const refreshed = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: young.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    server.clock.advance(2 * DAY);
    const refused = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: old.refreshToken },
    });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('INVALID_TOKEN');
  });

  it('lets a voter send 3 ballots a minute, then 429 with Retry-After, and again once the minute is over', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Beta', 'Gamma']);
    const user = await registerUser(server);
    const orders = [
      ['Alpha', 'Beta', 'Gamma'],
      ['Beta', 'Gamma', 'Alpha'],
      ['Gamma', 'Alpha', 'Beta'],
    ];
    for (const names of orders)
      expect((await vote(server, user.accessToken, ballot(topic.id, names))).status).toBeLessThan(300);
    const limited = await vote(server, user.accessToken, ballot(topic.id, ['Alpha', 'Gamma', 'Beta']));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    server.clock.advance(MINUTE);
    const next = await vote(server, user.accessToken, ballot(topic.id, ['Alpha', 'Gamma', 'Beta']));
    expect(next.status).toBe(200);
  });

  it('gives a voter their daily allowance of new propositions back 24 hours later, not before', async () => {
    const topic = await topicWith(server.ctx.db, []);
    const user = await registerUser(server);
    // A day outlives any access token: each ballot signs in afresh, as a returning voter would.
    const voteAs = async (names: string[]) => {
      const login = await server.request('POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
      });
      return (await vote(server, login.body.data.accessToken, ballot(topic.id, names))).status;
    };
    expect(await voteAs(['New 1', 'New 2', 'New 3'])).toBe(201);
    server.clock.advance(MINUTE);
    expect(await voteAs(['New 4'])).toBe(429);
    server.clock.advance(DAY - 2 * MINUTE);
    expect(await voteAs(['New 4'])).toBe(429);
    server.clock.advance(2 * MINUTE);
    expect(await voteAs(['New 4'])).toBe(200);
  });
});
