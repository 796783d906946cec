import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    passwordThrottle: { ...loadConfig({}).passwordThrottle, failuresPerAccount: 3, checksPerAddress: 12 },
  });
});
afterAll(() => server.close());

describe('one throttle for every password check', () => {
  it('stops guessing the current password on a password change after 3 wrong tries, with Retry-After', async () => {
    const user = await registerUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await server.request('PUT', '/api/users/password', {
        token: user.accessToken,
        body: { currentPassword: `guess ${i}`, newPassword: 'whatever-new' },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(response.body.error.code).toBe('RATE_LIMITED');
      }
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    // The right password is refused too while the account is throttled: no oracle.
    const right = await server.request('PUT', '/api/users/password', {
      token: user.accessToken,
      body: { currentPassword: user.password, newPassword: 'whatever-new' },
    });
    expect(right.status).toBe(429);
  });

  it('counts login, password change and e-mail change failures against the same account', async () => {
    const user = await registerUser(server);
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: user.email, password: 'nope' },
    });
    expect(login.status).toBe(401);
    const change = await server.request('PUT', '/api/users/password', {
      token: user.accessToken,
      body: { currentPassword: 'nope', newPassword: 'whatever-new' },
    });
    expect(change.status).toBe(400);
    const email = await server.request('PUT', '/api/users/profile', {
      token: user.accessToken,
      body: { email: 'elsewhere@example.test', currentPassword: 'nope' },
    });
    expect(email.status).toBe(400);
    const locked = await server.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(locked.status).toBe(429);
  });

  it('limits checks per client address across accounts', async () => {
    const fresh = await startTestServer({
      passwordThrottle: { ...loadConfig({}).passwordThrottle, failuresPerAccount: 100, checksPerAddress: 4 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await fresh.request('POST', '/api/auth/login', {
          body: { email: `nobody${i}@example.test`, password: 'spray' },
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await fresh.close();
    }
  });
});
