import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTotalsMismatches } from '../../db/integrity.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { ballot, topicWith, vote } from '../votes/test-helpers.js';
import { AdminUsersService } from './users-service.js';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createAdmin(server);
});
afterAll(() => server.close());

const auditRows = (entityId: number) =>
  server.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'user')
    .where('entity_id', '=', String(entityId))
    .execute();

/** Sends a refused write and proves it changed nothing, audit trail included. */
async function expectRefused(
  method: string,
  path: string,
  options: { body?: unknown; token?: string },
  status: number,
  code: string,
) {
  const before = await snapshotDatabase(server.ctx.db);
  const response = await server.request(method, path, options);
  expect(response.status).toBe(status);
  expect(response.body.error.code).toBe(code);
  expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  return response;
}

/** A ballot cast through the API on a fresh topic: its proposition has the voter's 3 points. */
async function castBallot(voter: TestUser) {
  const topic = await topicWith(server.ctx.db, ['Chez Nous']);
  const response = await vote(server, voter.accessToken, ballot(topic.id, ['Chez Nous']));
  expect(response.status).toBe(201);
  return { topicId: topic.id, propositionId: topic.propositions['Chez Nous'] as number };
}

describe('POST /api/admin/users', () => {
  it('creates an account that can sign in, and audits it without the password', async () => {
    const response = await server.request('POST', '/api/admin/users', {
      token: admin.accessToken,
      body: {
        email: ' New.Person@Example.test ',
        username: 'new_person',
        password: ' secret1 ',
        firstName: 'Ana',
        lastName: '',
        isAdmin: true,
      },
    });
    expect(response.status).toBe(201);
    const user = response.body.data.user;
    expect(user).toMatchObject({
      email: 'new.person@example.test',
      username: 'new_person',
      firstName: 'Ana',
      lastName: null,
      isAdmin: true,
      isActive: true,
      voteCount: 0,
    });
    expect(user.readableId).toMatch(/^U-/);
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: 'new.person@example.test', password: 'secret1' },
    });
    expect(login.status).toBe(200);

    const rows = await auditRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', actor_id: admin.id, before_json: null });
    expect(JSON.parse(rows[0]?.after_json ?? '{}')).toMatchObject({ username: 'new_person', isAdmin: true });
    expect(rows[0]?.after_json).not.toMatch(/argon|password/i);
  });

  it('answers 409 EMAIL_EXISTS or USERNAME_EXISTS and writes nothing', async () => {
    const taken = await registerUser(server);
    const body = { password: 'secret1', isAdmin: false };
    await expectRefused(
      'POST',
      '/api/admin/users',
      { token: admin.accessToken, body: { ...body, email: taken.email, username: 'free_name' } },
      409,
      'EMAIL_EXISTS',
    );
    await expectRefused(
      'POST',
      '/api/admin/users',
      {
        token: admin.accessToken,
        body: { ...body, email: 'free@example.test', username: taken.username.toUpperCase() },
      },
      409,
      'USERNAME_EXISTS',
    );
  });

  it('refuses missing or invalid fields with 400 naming the field', async () => {
    const response = await expectRefused(
      'POST',
      '/api/admin/users',
      { token: admin.accessToken, body: { email: 'a@example.test', username: 'someone', password: '12345' } },
      400,
      'VALIDATION_ERROR',
    );
    expect(response.body.error.field).toBe('password');
  });

  it('is refused to a user who is not an administrator', async () => {
    const user = await registerUser(server);
    await expectRefused(
      'POST',
      '/api/admin/users',
      {
        token: user.accessToken,
        body: { email: 'b@example.test', username: 'someone', password: 'secret1' },
      },
      403,
      'FORBIDDEN',
    );
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('grants and removes administrator rights and audits before and after', async () => {
    const user = await registerUser(server);
    const promoted = await server.request('PUT', `/api/admin/users/${user.id}`, {
      token: admin.accessToken,
      body: { isAdmin: true },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data.user).toMatchObject({ id: user.id, isAdmin: true, isActive: true });
    const rows = await auditRows(user.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.before_json ?? '{}')).toMatchObject({ isAdmin: false });
    expect(JSON.parse(rows[0]?.after_json ?? '{}')).toMatchObject({ isAdmin: true });
  });

  it('deactivating a user ends their sessions at once', async () => {
    const user = await registerUser(server);
    const response = await server.request('PUT', `/api/admin/users/${user.id}`, {
      token: admin.accessToken,
      body: { isActive: false },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.user.isActive).toBe(false);
    const me = await server.request('GET', '/api/auth/me', { token: user.accessToken });
    expect(me.status).toBe(401);
    const tokens = await server.ctx.db
      .selectFrom('refresh_tokens')
      .select('revoked_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((token) => token.revoked_at !== null)).toBe(true);

    await server.request('PUT', `/api/admin/users/${user.id}`, {
      token: admin.accessToken,
      body: { isActive: true },
    });
    const refresh = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: user.refreshToken },
    });
    expect(refresh.status).toBe(401);
  });

  it('refuses an administrator removing their own admin flag or deactivating themselves', async () => {
    const self = await createAdmin(server);
    const demote = await expectRefused(
      'PUT',
      `/api/admin/users/${self.id}`,
      { token: self.accessToken, body: { isAdmin: false } },
      403,
      'FORBIDDEN',
    );
    expect(demote.body.error.message).toMatch(/your own administrator rights/);
    const deactivate = await expectRefused(
      'PUT',
      `/api/admin/users/${self.id}`,
      { token: self.accessToken, body: { isActive: false } },
      403,
      'FORBIDDEN',
    );
    expect(deactivate.body.error.message).toMatch(/deactivate your own account/);
  });

  it('never demotes or deactivates the last active administrator', async () => {
    // Through HTTP the self rule already stops the only admin; the service rule guards every other path
    // (an actor demoted a moment ago, two admins demoting each other). A fresh server holds one admin only.
    const solo = await startTestServer();
    try {
      const only = await createAdmin(solo);
      const service = new AdminUsersService(solo.ctx);
      const ghost = {
        id: 999_999,
        username: 'ghost',
        isAdmin: true,
        sessionId: 'ghost-session',
        createdAt: '2026-01-01T00:00:00.000Z',
        emailVerified: true,
      };
      const before = await snapshotDatabase(solo.ctx.db);
      await expect(service.update(ghost, only.id, { isAdmin: false })).rejects.toMatchObject({
        statusCode: 409,
        code: 'LAST_ADMIN',
      });
      await expect(service.update(ghost, only.id, { isActive: false })).rejects.toMatchObject({
        code: 'LAST_ADMIN',
      });
      await expect(service.remove(ghost, only.id)).rejects.toMatchObject({ code: 'LAST_ADMIN' });
      expect(await snapshotDatabase(solo.ctx.db)).toBe(before);
    } finally {
      await solo.close();
    }
  });

  it('two administrators demoting each other at once leave one administrator', async () => {
    const solo = await startTestServer();
    try {
      const a = await createAdmin(solo);
      const b = await createAdmin(solo);
      const results = await Promise.all([
        solo.request('PUT', `/api/admin/users/${b.id}`, { token: a.accessToken, body: { isAdmin: false } }),
        solo.request('PUT', `/api/admin/users/${a.id}`, { token: b.accessToken, body: { isAdmin: false } }),
      ]);
      // The loser is refused either by the guard (already demoted: 403) or, when both passed it, by the
      // locked last-admin check (409): which one depends on timing.
      const statuses = results.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await solo.ctx.db.selectFrom('users').select('id').where('is_admin', '=', 1).execute();
      expect(admins).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });

  it('answers 404 for an unknown user and 400 for an empty change', async () => {
    await expectRefused(
      'PUT',
      '/api/admin/users/987654',
      { token: admin.accessToken, body: { isActive: true } },
      404,
      'NOT_FOUND',
    );
    await expectRefused(
      'PUT',
      `/api/admin/users/${admin.id}`,
      { token: admin.accessToken, body: {} },
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes a user without votes, with their sessions, and audits it', async () => {
    const user = await registerUser(server);
    const response = await server.request('DELETE', `/api/admin/users/${user.id}`, {
      token: admin.accessToken,
    });
    expect(response.status).toBe(200);
    expect(await server.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual(
      [],
    );
    const rows = await auditRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'delete', after_json: null, actor_id: admin.id });
    // The entry keeps what was decided, nothing that names the person.
    expect(JSON.parse(rows[0]?.before_json ?? '{}')).toEqual({
      isActive: true,
      isAdmin: false,
      ballotsWithdrawn: 0,
    });
  });

  it('deletes a user who voted: their ballots are withdrawn, the totals follow, the count is audited', async () => {
    const voter = await registerUser(server);
    const { topicId, propositionId } = await castBallot(voter);
    const response = await server.request('DELETE', `/api/admin/users/${voter.id}`, {
      token: admin.accessToken,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ id: voter.id, deleted: true, ballotsWithdrawn: 1 });
    const ranking = await server.request('GET', `/api/search/rankings/topic/${topicId}?language=en`);
    expect(ranking.body.data.rankings).toEqual([
      expect.objectContaining({ id: propositionId, totalPoints: 0, voteCount: 0 }),
    ]);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
    const [entry] = await auditRows(voter.id);
    expect(JSON.parse(entry?.before_json ?? '{}')).toMatchObject({ ballotsWithdrawn: 1 });
  });

  it('refuses an administrator deleting their own account', async () => {
    await expectRefused(
      'DELETE',
      `/api/admin/users/${admin.id}`,
      { token: admin.accessToken },
      403,
      'FORBIDDEN',
    );
  });

  it('answers 404 for an unknown user', async () => {
    await expectRefused('DELETE', '/api/admin/users/987654', { token: admin.accessToken }, 404, 'NOT_FOUND');
  });
});
