import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the /api/admin guard', () => {
  it('answers 401 without a token, before looking at the request body', async () => {
    const response = await server.request('GET', '/api/admin/users');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHORIZED');
  });

  it('answers 403 FORBIDDEN to a signed-in user who is not an administrator', async () => {
    const user = await registerUser(server);
    const response = await server.request('GET', '/api/admin/users', { token: user.accessToken });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('FORBIDDEN');
  });

  it('lets an administrator list users with their vote counts, and takes a demotion into account at once', async () => {
    const admin = await createAdmin(server);
    const response = await server.request('GET', '/api/admin/users?limit=500', { token: admin.accessToken });
    expect(response.status).toBe(400);
    const list = await server.request('GET', `/api/admin/users?q=${encodeURIComponent(admin.email)}`, {
      token: admin.accessToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.users[0]).toMatchObject({ id: admin.id, isAdmin: true, voteCount: 0 });
    expect(list.body.data.users[0]).not.toHaveProperty('password_hash');

    await server.ctx.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', admin.id).execute();
    const demoted = await server.request('GET', '/api/admin/users', { token: admin.accessToken });
    expect(demoted.status).toBe(403);
  });

  it('treats % and _ in the user search as plain characters', async () => {
    const admin = await createAdmin(server);
    const list = await server.request('GET', '/api/admin/users?q=%25', { token: admin.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(0);
  });
});
