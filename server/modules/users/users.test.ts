import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('PUT /api/users/profile', () => {
  it('changes only the fields sent and leaves the others as they were', async () => {
    const user = await registerUser(server, { language: 'fr' });
    const response = await server.request('PUT', '/api/users/profile', {
      token: user.accessToken,
      body: { firstName: ' Léa ', language: 'de' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.user).toMatchObject({
      firstName: 'Léa',
      lastName: null,
      language: 'de',
      username: user.username,
      email: user.email,
    });
  });

  it('refuses an e-mail or username that belongs to someone else with 409', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    const email = await server.request('PUT', '/api/users/profile', {
      token: bob.accessToken,
      body: { email: alice.email, currentPassword: bob.password },
    });
    expect(email.status).toBe(409);
    expect(email.body.error.code).toBe('EMAIL_EXISTS');
    const username = await server.request('PUT', '/api/users/profile', {
      token: bob.accessToken,
      body: { username: alice.username.toUpperCase() },
    });
    expect(username.status).toBe(409);
    expect(username.body.error.code).toBe('USERNAME_EXISTS');
  });

  it('asks for a new e-mail only with the current password: missing or wrong is a 400 naming the field', async () => {
    const user = await registerUser(server);
    for (const currentPassword of [undefined, 'not my password']) {
      const before = await snapshotDatabase(server.ctx.db);
      const refused = await server.request('PUT', '/api/users/profile', {
        token: user.accessToken,
        body: { email: 'new-address@example.test', ...(currentPassword && { currentPassword }) },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'currentPassword' });
      expect(await snapshotDatabase(server.ctx.db)).toBe(before);
    }
    const changed = await server.request('PUT', '/api/users/profile', {
      token: user.accessToken,
      body: { email: 'new-address@example.test', currentPassword: user.password },
    });
    expect(changed.status).toBe(200);
    // Asked for, not made: the new address is confirmed from its own mailbox (account-links.test.ts).
    expect(changed.body.data.user).toMatchObject({
      email: user.email,
      pendingEmail: 'new-address@example.test',
    });
  });

  it('lets a user keep their own e-mail and change the case of their own username', async () => {
    const user = await registerUser(server);
    const response = await server.request('PUT', '/api/users/profile', {
      token: user.accessToken,
      body: { email: user.email, username: user.username.toUpperCase() },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.user.username).toBe(user.username.toUpperCase());
  });

  it('changes only the caller: a userId in the body cannot redirect the update', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    await server.request('PUT', '/api/users/profile', {
      token: bob.accessToken,
      body: { id: alice.id, userId: alice.id, firstName: 'Mallory' },
    });
    const aliceNow = await server.request('GET', '/api/auth/me', { token: alice.accessToken });
    expect(aliceNow.body.data.user.firstName).toBeNull();
  });

  it('refuses bad fields with 400 and changes nothing', async () => {
    const user = await registerUser(server);
    for (const body of [
      { firstName: 'x'.repeat(81) },
      { email: 'nope' },
      { language: 'xx' },
      { username: 5 },
    ]) {
      const before = await snapshotDatabase(server.ctx.db);
      const response = await server.request('PUT', '/api/users/profile', { token: user.accessToken, body });
      expect(response.status).toBe(400);
      expect(await snapshotDatabase(server.ctx.db)).toBe(before);
    }
  });

  it('requires a signed-in caller', async () => {
    const response = await server.request('PUT', '/api/users/profile', { body: { firstName: 'Anon' } });
    expect(response.status).toBe(401);
  });
});

describe('PUT /api/users/password', () => {
  it('needs the current password', async () => {
    const user = await registerUser(server);
    const response = await server.request('PUT', '/api/users/password', {
      token: user.accessToken,
      body: { currentPassword: 'wrong one', newPassword: 'brand new' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.field).toBe('currentPassword');
  });

  it('changes the password, ends the other sessions and keeps the caller signed in', async () => {
    const user = await registerUser(server);
    const otherDevice = await server.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const response = await server.request('PUT', '/api/users/password', {
      token: user.accessToken,
      body: { currentPassword: user.password, newPassword: ' brand new ' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.refreshToken).toEqual(expect.any(String));

    const otherRefresh = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: otherDevice.body.data.refreshToken },
    });
    expect(otherRefresh.status).toBe(401);
    const ownRefresh = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: response.body.data.refreshToken },
    });
    expect(ownRefresh.status).toBe(200);

    const oldLogin = await server.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await server.request('POST', '/api/auth/login', {
      body: { email: user.email, password: 'brand new' },
    });
    expect(newLogin.status).toBe(200);
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const user = await registerUser(server);
    const response = await server.request('PUT', '/api/users/password', {
      token: user.accessToken,
      body: { currentPassword: user.password, newPassword: '12345' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.field).toBe('newPassword');
  });
});
