import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { resolveJwtSecret } from './jwt-secret.js';

let server: TestServer;
let peer: { url: string; close(): Promise<void> };

/** A second app server on the same database, as another process behind a load balancer would be. */
async function startPeer() {
  const database = openDatabase({ url: server.database.url, schema: server.database.schema });
  const app = await buildApp({ config: server.ctx.config, database });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.app.close();
      await database.close();
    },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  peer = await startPeer();
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

/** A second sign-in of the same person (another device). */
async function signInAgain(user: TestUser) {
  const response = await server.request('POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
  });
  return response.body.data as { accessToken: string; refreshToken: string };
}

/**
 * Polls GET /api/auth/me with `token` on both servers every 50 ms from now and answers how long until
 * both refuse it; fails after 1 s.
 */
async function refusedEverywhereWithin(token: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const statuses = await Promise.all(
      [server.baseUrl, peer.url].map(
        async (base) =>
          (await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status,
      ),
    );
    if (statuses.every((status) => status === 401)) return Date.now() - started;
    if (Date.now() - started > 1_000)
      throw new Error(`the token still works after 1 s: ${statuses.join(', ')}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

async function works(token: string) {
  return (await server.request('GET', '/api/auth/me', { token })).status === 200;
}

describe('access tokens die with their session, on every app server', () => {
  it('a logout ends the access token of that session, and no other', async () => {
    const user = await registerUser(server);
    const other = await signInAgain(user);
    expect(await works(user.accessToken)).toBe(true);
    const logout = await server.request('POST', '/api/auth/logout', {
      body: { refreshToken: user.refreshToken },
    });
    expect(logout.status).toBe(200);
    await refusedEverywhereWithin(user.accessToken);
    expect(await works(other.accessToken), 'the other device stays signed in').toBe(true);
  });

  it('a logout by access token alone ends its session', async () => {
    const user = await registerUser(server);
    const logout = await server.request('POST', '/api/auth/logout', { token: user.accessToken });
    expect(logout.status, logout.text).toBe(200);
    await refusedEverywhereWithin(user.accessToken);
    const refresh = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(refresh.status).toBe(401);
  });

  it('a password change ends every other session at once: no vote, no e-mail change from there', async () => {
    const user = await registerUser(server);
    const stolen = await signInAgain(user);
    const change = await server.request('PUT', '/api/users/password', {
      token: user.accessToken,
      body: { currentPassword: user.password, newPassword: 'a brand new secret' },
    });
    expect(change.status).toBe(200);
    await refusedEverywhereWithin(stolen.accessToken);
    const email = await server.request('PUT', '/api/users/profile', {
      token: stolen.accessToken,
      body: { email: 'attacker@example.test' },
    });
    expect(email.status).toBe(401);
    expect(await works(change.body.data.accessToken), 'the caller gets a fresh session').toBe(true);
  });

  it('"sign out everywhere" ends every session and its refresh tokens', async () => {
    const user = await registerUser(server);
    const laptop = await signInAgain(user);
    const phone = await signInAgain(user);
    const response = await server.request('POST', '/api/auth/logout', {
      token: laptop.accessToken,
      body: { everywhere: true },
    });
    expect(response.status).toBe(200);
    for (const token of [user.accessToken, laptop.accessToken, phone.accessToken]) {
      await refusedEverywhereWithin(token);
    }
    for (const refreshToken of [user.refreshToken, laptop.refreshToken, phone.refreshToken]) {
      expect((await server.request('POST', '/api/auth/refresh', { body: { refreshToken } })).status).toBe(
        401,
      );
    }
  });

  it('"sign out everywhere" with a refresh token alone (an expired access token) works too', async () => {
    const user = await registerUser(server);
    const other = await signInAgain(user);
    const response = await server.request('POST', '/api/auth/logout', {
      token: 'expired.or.garbage',
      body: { refreshToken: user.refreshToken, everywhere: true },
    });
    expect(response.status).toBe(200);
    await refusedEverywhereWithin(other.accessToken);
  });

  it('refuses an access token that names no session (signed before sessions were named)', async () => {
    const user = await registerUser(server);
    const secret = await resolveJwtSecret(server.database.handle, { dataDir: server.ctx.config.dataDir });
    const now = Math.floor(Date.now() / 1000);
    const unnamed = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer('podium')
      .setAudience('podium-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(secret);
    const me = await server.request('GET', '/api/auth/me', { token: unnamed });
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('INVALID_TOKEN');
  });
});

describe('expired sessions are pruned', () => {
  const past = '2000-01-01T00:00:00.000Z';
  const sessionIdsOf = async (userId: number) =>
    (await server.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).map(
      (row) => row.id,
    );
  const sessionOf = async (refreshToken: string) =>
    (
      await server.ctx.db
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('token_hash', '=', createHash('sha256').update(refreshToken).digest('hex'))
        .executeTakeFirstOrThrow()
    ).family_id;

  it('deletes expired refresh tokens and the sessions they leave empty, and keeps a live session working', async () => {
    const user = await registerUser(server);
    const stale = await signInAgain(user);
    const live = await sessionOf(user.refreshToken);
    const ended = await sessionOf(stale.refreshToken);
    // The live session refreshes once: its spent token stays until it expires.
    const refreshed = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    // The other sign-in started, and its tokens expired, long ago.
    await server.ctx.db
      .updateTable('refresh_tokens')
      .set({ expires_at: past })
      .where('family_id', '=', ended)
      .execute();
    await server.ctx.db.updateTable('sessions').set({ created_at: past }).where('id', '=', ended).execute();
    // A session just opened without a token yet (as a bench mints them) is not pruned.
    const opening = 'session-without-tokens-yet';
    await server.ctx.db
      .insertInto('sessions')
      .values({ id: opening, user_id: user.id, created_at: new Date().toISOString() })
      .execute();

    // A batch of 1 row per statement: pruning goes on until nothing is left to delete.
    const pruned = await server.ctx.sessions.prune(1);
    expect(pruned.tokens).toBeGreaterThanOrEqual(1);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);

    expect((await sessionIdsOf(user.id)).sort()).toEqual([live, opening].sort());
    const left = await server.ctx.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left.map((token) => token.family_id)).toEqual([live, live]);
    // The pruned session's tokens are refused; the live one still refreshes, and its access token works.
    const staleRefresh = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: stale.refreshToken },
    });
    expect(staleRefresh.status).toBe(401);
    expect(await works(stale.accessToken)).toBe(false);
    const again = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: refreshed.body.data.refreshToken },
    });
    expect(again.status).toBe(200);
    expect(await works(again.body.data.accessToken)).toBe(true);
  });
});
