import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await createAdmin(server);
  bob = await createAdmin(server);
  // Three writes in order: alice creates a user, bob edits a text, alice deactivates the user.
  const created = await server.request('POST', '/api/admin/users', {
    token: alice.accessToken,
    body: { email: 'audited@example.test', username: 'audited', password: 'secret1' },
  });
  await server.request('POST', '/api/translations', {
    token: bob.accessToken,
    body: { entityType: 'ui', key: 'nav.home', language: 'en', value: 'Home page' },
  });
  await server.request('PUT', `/api/admin/users/${created.body.data.user.id}`, {
    token: alice.accessToken,
    body: { isActive: false },
  });
});
afterAll(() => server.close());

const list = (query = '') => server.request('GET', `/api/admin/audit${query}`, { token: alice.accessToken });

describe('GET /api/admin/audit', () => {
  it('lists every admin write newest first with who, what, which entity, before and after', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.data.total).toBe(3);
    const [latest, middle, first] = response.body.data.entries;
    expect(latest).toMatchObject({
      actorId: alice.id,
      actorUsername: alice.username,
      action: 'status',
      entityType: 'user',
      before: { isActive: true },
      after: { isActive: false },
    });
    expect(middle).toMatchObject({ actorId: bob.id, entityType: 'translation', action: 'update' });
    expect(middle.before.value).not.toBe('Home page');
    expect(middle.after.value).toBe('Home page');
    expect(first).toMatchObject({ action: 'create', entityType: 'user', before: null });
    expect(first.createdAt <= latest.createdAt).toBe(true);
  });

  it('filters by actor id or username, entity type and dates, and pages', async () => {
    expect((await list(`?actor=${bob.id}`)).body.data.total).toBe(1);
    expect((await list(`?actor=${alice.username.toUpperCase()}`)).body.data.total).toBe(2);
    expect((await list('?entityType=translation')).body.data.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).body.data.total).toBe(3);
    expect((await list('?to=2000-01-01')).body.data.total).toBe(0);
    const page = await list('?limit=1&offset=1');
    expect(page.body.data.entries).toHaveLength(1);
    expect(page.body.data.entries[0].entityType).toBe('translation');
    expect(page.body.data.total).toBe(3);
  });

  it('refuses a malformed date with 400', async () => {
    const response = await list('?from=yesterday');
    expect(response.status).toBe(400);
  });

  it('is refused to a non-administrator', async () => {
    const user = await registerUser(server);
    const response = await server.request('GET', '/api/admin/audit', { token: user.accessToken });
    expect(response.status).toBe(403);
  });
});
