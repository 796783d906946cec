import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Moves the spending of a user's refresh tokens `seconds` into the past, past the retry window. */
async function spentSecondsAgo(userId: number, seconds: number) {
  await server.ctx.db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(Date.now() - seconds * 1000).toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is not', null)
    .execute();
}

describe('registration', () => {
  it('creates an account and answers with the user, an access token (also as token) and a refresh token', async () => {
    const response = await server.request('POST', '/api/auth/register', {
      body: {
        username: 'chloé.martin',
        email: '  Chloe@Example.TEST ',
        password: '  secret1  ',
        language: 'en',
      },
    });
    expect(response.status).toBe(201);
    const { user, accessToken, token, refreshToken } = response.body.data;
    expect(response.body.success).toBe(true);
    expect(user).toMatchObject({
      username: 'chloé.martin',
      email: 'chloe@example.test',
      language: 'en',
      isActive: true,
      isAdmin: false,
      voteCount: 0,
    });
    expect(user.readableId).toMatch(/^U-[0-9A-Z]{6}$/);
    expect(token).toBe(accessToken);
    expect(refreshToken).toEqual(expect.any(String));
    expect(JSON.stringify(response.body)).not.toContain('password');
  });

  it('stores the password as an argon2id hash with at least OWASP parameters', async () => {
    const user = await registerUser(server);
    const row = await server.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, m, t] = /m=(\d+),t=(\d+)/.exec(row.password_hash) ?? [];
    expect(Number(m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(t)).toBeGreaterThanOrEqual(2);
  });

  it('refuses a taken e-mail with 409 EMAIL_EXISTS, whatever its case', async () => {
    const existing = await registerUser(server);
    const response = await server.request('POST', '/api/auth/register', {
      body: { username: 'someone_else', email: existing.email.toUpperCase(), password: 'secret1' },
    });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('EMAIL_EXISTS');
  });

  it('refuses a taken username with 409 USERNAME_EXISTS, whatever its case', async () => {
    const existing = await registerUser(server);
    const response = await server.request('POST', '/api/auth/register', {
      body: { username: existing.username.toUpperCase(), email: 'fresh@example.test', password: 'secret1' },
    });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('USERNAME_EXISTS');
  });

  it.each([
    ['a missing username', { email: 'a@example.test', password: 'secret1' }, 'username'],
    [
      'a too short password',
      { username: 'shorty', email: 'b@example.test', password: ' 12345 ' },
      'password',
    ],
    [
      'a 257-character password',
      { username: 'longpw', email: 'c@example.test', password: 'x'.repeat(257) },
      'password',
    ],
    ['a malformed e-mail', { username: 'bademail', email: 'not-an-email', password: 'secret1' }, 'email'],
    [
      'a 255-character e-mail',
      { username: 'longmail', email: `${'a'.repeat(243)}@example.test`, password: 'secret1' },
      'email',
    ],
    ['a two-letter username', { username: 'ab', email: 'd@example.test', password: 'secret1' }, 'username'],
    [
      'a username with spaces',
      { username: 'a b c', email: 'e@example.test', password: 'secret1' },
      'username',
    ],
    [
      'SQL in the username',
      { username: "x'; drop table users;--", email: 'f@example.test', password: 'secret1' },
      'username',
    ],
    ['a number as e-mail', { username: 'numeric', email: 42, password: 'secret1' }, 'email'],
    [
      'an unsupported language',
      { username: 'lang_x', email: 'g@example.test', password: 'secret1', language: 'it' },
      'language',
    ],
    ['a NUL byte', { username: 'nul\u0000byte', email: 'h@example.test', password: 'secret1' }, undefined],
  ])('refuses %s with 400 VALIDATION_ERROR and stores nothing', async (_label, body, field) => {
    const before = await snapshotDatabase(server.ctx.db);
    const response = await server.request('POST', '/api/auth/register', { body });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    if (field) expect(response.body.error.field).toBe(field);
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('accepts usernames in any script, one script per name', async () => {
    for (const username of ['Ελένη_7', '東京たろう', 'Алёна', 'سارة']) {
      const user = await registerUser(server, { username });
      expect(user.id).toBeGreaterThan(0);
    }
  });

  it('refuses a name that mixes scripts, such as Latin with one Cyrillic look-alike letter', async () => {
    const before = await snapshotDatabase(server.ctx.db);
    const response = await server.request('POST', '/api/auth/register', {
      body: { username: 'p\u0430ypal', email: 'mixed@example.test', password: 'correct horse' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'username' });
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('stores usernames in NFC: "josé" typed with a combining accent is the same name', async () => {
    const decomposed = 'jose\u0301_nfc';
    const first = await registerUser(server, { username: decomposed });
    const stored = await server.request('GET', '/api/auth/me', { token: first.accessToken });
    expect(stored.body.data.user.username).toBe('jos\u00e9_nfc');
    const again = await server.request('POST', '/api/auth/register', {
      body: { username: 'jos\u00e9_nfc', email: 'jose-again@example.test', password: 'correct horse' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('USERNAME_EXISTS');
  });

  it('refuses a name that looks like a taken one (UTS #39 skeleton) with 409 USERNAME_EXISTS', async () => {
    await registerUser(server, { username: 'cope_admin' });
    // Every letter Cyrillic: one script, but it reads as the taken name.
    const lookalike = '\u0441\u043e\u0440\u0435_\u0430d\u043ci\u043f';
    const scripts = await server.request('POST', '/api/auth/register', {
      body: { username: lookalike, email: 'lookalike@example.test', password: 'correct horse' },
    });
    expect(scripts.status).toBe(400);
    const cyrillicOnly = '\u0441\u043e\u0440\u0435';
    await registerUser(server, { username: 'cope' });
    const response = await server.request('POST', '/api/auth/register', {
      body: { username: cyrillicOnly, email: 'cope-cyrillic@example.test', password: 'correct horse' },
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'USERNAME_EXISTS', field: 'username' });
    const digits = await server.request('POST', '/api/auth/register', {
      body: { username: 'C0PE', email: 'cope-zero@example.test', password: 'correct horse' },
    });
    expect(digits.status).toBe(409);
  });
});

describe('login', () => {
  it('signs in with a trimmed, case-insensitive e-mail and a trimmed password', async () => {
    const user = await registerUser(server, { password: 'open sesame' });
    const response = await server.request('POST', '/api/auth/login', {
      body: { email: `  ${user.email.toUpperCase()} `, password: ' open sesame ' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.user.id).toBe(user.id);
    expect(response.body.data.accessToken).toBe(response.body.data.token);
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const user = await registerUser(server);
    const wrongPassword = await server.request('POST', '/api/auth/login', {
      body: { email: user.email, password: 'not the password' },
    });
    const unknownEmail = await server.request('POST', '/api/auth/login', {
      body: { email: 'nobody@example.test', password: 'not the password' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('takes about as long for an unknown e-mail as for a wrong password', async () => {
    const user = await registerUser(server);
    const time = async (email: string) => {
      const started = performance.now();
      await server.request('POST', '/api/auth/login', { body: { email, password: 'wrong-password' } });
      return performance.now() - started;
    };
    await time('warm-up@example.test');
    // Alternated, and the fastest of each kept: a test file running beside this one slows single requests.
    // Four wrong passwords each stay under the per-account throttle (10), which would answer at once.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      known.push(await time(user.email));
      unknown.push(await time('ghost-timing@example.test'));
    }
    // Without the dummy verification an unknown e-mail answers in ~1 ms against ~30+ ms for a hash.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
  });

  it('refuses an inactive account with 403 and its access token stops working', async () => {
    const user = await registerUser(server);
    await server.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('ACCOUNT_DISABLED');
    const me = await server.request('GET', '/api/auth/me', { token: user.accessToken });
    expect(me.status).toBe(401);
    const refresh = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(refresh.status).toBe(403);
  });
});

describe('access tokens', () => {
  it('returns the profile at /auth/me and /auth/profile', async () => {
    const user = await registerUser(server);
    for (const path of ['/api/auth/me', '/api/auth/profile']) {
      const response = await server.request('GET', path, { token: user.accessToken });
      expect(response.status).toBe(200);
      expect(response.body.data.user).toMatchObject({ id: user.id, email: user.email });
    }
  });

  it('answers 401 UNAUTHORIZED without a token and 401 INVALID_TOKEN for a forged one', async () => {
    const none = await server.request('GET', '/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHORIZED');

    const user = await registerUser(server);
    const [header, payload] = user.accessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const token of [forged, 'garbage', `${header}.${payload}`, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.']) {
      const response = await server.request('GET', '/api/auth/me', { token });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('INVALID_TOKEN');
    }
  });

  it('refuses a token signed with the alg "none" or with another key', async () => {
    const { SignJWT, UnsecuredJWT } = await import('jose');
    const user = await registerUser(server);
    const unsigned = new UnsecuredJWT({})
      .setSubject(String(user.id))
      .setIssuer('podium')
      .setAudience('podium-api')
      .setExpirationTime('1h')
      .encode();
    const otherKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('podium')
      .setAudience('podium-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    for (const token of [unsigned, otherKey]) {
      const response = await server.request('GET', '/api/auth/me', { token });
      expect(response.body.error.code).toBe('INVALID_TOKEN');
    }
  });
});

describe('expiry', () => {
  let shortLived: TestServer;
  beforeAll(async () => {
    shortLived = await startTestServer({ accessTokenTtlSeconds: 1 });
  });
  afterAll(() => shortLived.close());

  it('answers an expired access token with 401 TOKEN_EXPIRED "Token expired", and refresh renews it', async () => {
    const user = await registerUser(shortLived);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await shortLived.request('GET', '/api/auth/me', { token: user.accessToken });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'Token expired' });
    const refreshed = await shortLived.request('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const me = await shortLived.request('GET', '/api/auth/me', { token: refreshed.body.data.accessToken });
    expect(me.status).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotates: each refresh returns a new refresh token and the old one is spent', async () => {
    const user = await registerUser(server);
    const first = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.refreshToken).not.toBe(user.refreshToken);
    expect(first.body.data.token).toBe(first.body.data.accessToken);
    const second = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: first.body.data.refreshToken },
    });
    expect(second.status).toBe(200);
  });

  it('revokes the whole session when a refresh token is presented again after the retry window', async () => {
    const user = await registerUser(server);
    const rotated = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    await spentSecondsAgo(user.id, 20);
    const replay = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('INVALID_TOKEN');
    const successor = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: rotated.body.data.refreshToken },
    });
    expect(successor.status).toBe(401);
    const me = await server.request('GET', '/api/auth/me', { token: rotated.body.data.accessToken });
    expect(me.status, 'the ended session takes its access tokens along').toBe(401);
  });

  it('answers two simultaneous refreshes of one token (a client retrying) with the same new pair', async () => {
    const user = await registerUser(server);
    const results = await Promise.all(
      [1, 2].map(() =>
        server.request('POST', '/api/auth/refresh', { body: { refreshToken: user.refreshToken } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [first, second] = results.map((r) => r.body.data);
    expect(second.refreshToken).toBe(first.refreshToken);
    expect(second.accessToken).toBe(first.accessToken);
    expect((await server.request('GET', '/api/auth/me', { token: first.accessToken })).status).toBe(200);
  });

  it('answers a refresh retried within 10 s with the same pair, but not once that pair was used', async () => {
    const user = await registerUser(server);
    const refresh = (refreshToken: string) =>
      server.request('POST', '/api/auth/refresh', { body: { refreshToken } });
    const first = (await refresh(user.refreshToken)).body.data;
    const retried = await refresh(user.refreshToken);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual(first);

    // The client moved on with the new pair: the old token presented again now means a leak.
    expect((await refresh(first.refreshToken)).status).toBe(200);
    const late = await refresh(user.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('INVALID_TOKEN');
  });

  it('stores refresh tokens only as hashes', async () => {
    const user = await registerUser(server);
    const rows = await server.ctx.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.length).toBe(1);
    expect(rows[0]?.token_hash).not.toContain(user.refreshToken);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('logout revokes the session: its refresh token no longer works', async () => {
    const user = await registerUser(server);
    const logout = await server.request('POST', '/api/auth/logout', {
      body: { refreshToken: user.refreshToken },
    });
    expect(logout.status).toBe(200);
    expect(logout.body.data.loggedOut).toBe(true);
    const refresh = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(refresh.status).toBe(401);
  });
});

describe('rate limiting', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ authRateLimitPerMinute: 3 });
  });
  afterAll(() => strict.close());

  it('answers the fourth login attempt in a minute with 429 RATE_LIMITED and Retry-After', async () => {
    const attempt = () =>
      strict.request('POST', '/api/auth/login', { body: { email: 'x@example.test', password: 'whatever' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('data survives a restart', () => {
  it('keeps accounts after the server is closed and reopened on the same database', async () => {
    const first = await startTestServer();
    const user = await registerUser(first);
    const { url, schema } = first.database;
    await first.app.close();
    const { openDatabase } = await import('../../db/database.js');
    const reopened = openDatabase({ url, schema });
    const row = await reopened.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.email).toBe(user.email);
    await reopened.close();
    await first.database.destroy();
  });
});
