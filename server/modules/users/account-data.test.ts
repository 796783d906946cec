import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExportDto } from '../../../common/api/account-data.js';
import { findTotalsMismatches } from '../../db/integrity.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { ballot, topicWith, UNLIMITED_CREATIONS, vote } from '../votes/test-helpers.js';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer(UNLIMITED_CREATIONS);
  admin = await createAdmin(server);
});
afterAll(() => server.close());

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) PodiumTest/1.0 Mobile';

/** An account registered from a phone's browser, as a person signs up. */
async function registerFromPhone(): Promise<TestUser> {
  const suffix = Math.random().toString(36).slice(2, 10);
  const input = {
    username: `phone_${suffix}`,
    email: `phone_${suffix}@example.test`,
    password: 'correct horse',
  };
  const response = await server.request('POST', '/api/auth/register', {
    body: input,
    headers: { 'user-agent': PHONE },
  });
  expect(response.status).toBe(201);
  const { user, accessToken, refreshToken } = response.body.data;
  return { id: user.id, ...input, accessToken, refreshToken };
}

async function exportOf(user: TestUser): Promise<AccountExportDto> {
  const response = await server.request('GET', '/api/users/me/export', { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

const deleteAccount = (user: TestUser, currentPassword: string) =>
  server.request('DELETE', '/api/users/me', { token: user.accessToken, body: { currentPassword } });

async function rankingOf(topicId: number): Promise<Record<string, number>> {
  const response = await server.request('GET', `/api/search/rankings/topic/${topicId}?language=en`);
  expect(response.status).toBe(200);
  return Object.fromEntries(
    (response.body.data.rankings as { itemName: string; totalPoints: number }[]).map((row) => [
      row.itemName,
      row.totalPoints,
    ]),
  );
}

describe('download my data', () => {
  it('holds the profile, every ballot with its versions by name, the propositions created, and the sessions with their devices', async () => {
    const person = await registerFromPhone();
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
    expect((await vote(server, person.accessToken, ballot(topic.id, ['Alpha', 'Bravo']))).status).toBe(201);
    server.clock.advance(60_000);
    expect((await vote(server, person.accessToken, ballot(topic.id, ['Bravo', 'My own idea']))).status).toBe(
      200,
    );
    server.clock.advance(60_000);
    const refreshed = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: person.refreshToken },
    });
    expect(refreshed.status).toBe(200);

    const data = await exportOf(person);
    expect(data).toMatchObject({
      format: 'podium-account-export',
      version: 1,
      profile: { username: person.username, email: person.email, emailVerified: false, isAdmin: false },
    });
    expect(data.ballots).toHaveLength(1);
    expect(data.ballots[0]?.topic.id).toBe(topic.id);
    expect(
      data.ballots[0]?.versions.map(({ cause, first, second, third }) => ({
        cause,
        places: [first?.name ?? null, second?.name ?? null, third?.name ?? null],
      })),
    ).toEqual([
      { cause: 'vote', places: ['Alpha', 'Bravo', null] },
      { cause: 'vote', places: ['Bravo', 'My own idea', null] },
    ]);
    expect(data.propositions).toEqual([
      expect.objectContaining({
        name: 'My own idea',
        awaitingReview: false,
        topic: expect.objectContaining({ id: topic.id }),
      }),
    ]);
    expect(data.propositionCreations).toEqual([expect.objectContaining({ topicId: topic.id })]);
    expect(data.sessions).toEqual([expect.objectContaining({ device: PHONE, endedAt: null })]);
    expect(data.sessions[0]?.lastUsedAt).not.toBeNull();
    // Secrets are not personal data to hand out: no password hash, no token, in any form.
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/argon2|password|token/i);
  });

  it('is the caller’s own only: without a session it is refused', async () => {
    const response = await server.request('GET', '/api/users/me/export');
    expect(response.status).toBe(401);
  });
});

describe('delete my account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const person = await registerUser(server);
    const before = await snapshotDatabase(server.ctx.db);
    const refused = await deleteAccount(person, 'not my password');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'currentPassword' });
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('withdraws every ballot with exact totals, keeps what others voted for, and leaves no way back in', async () => {
    const leaver = await registerUser(server);
    const stayer = await registerUser(server);
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
    await vote(server, leaver.accessToken, ballot(topic.id, ['Shared idea', 'Alpha', 'Lonely idea']));
    await vote(server, stayer.accessToken, ballot(topic.id, ['Shared idea', 'Bravo']));
    const other = await topicWith(server.ctx.db, ['Charlie']);
    await vote(server, leaver.accessToken, ballot(other.id, ['Charlie']));
    expect(await rankingOf(topic.id)).toMatchObject({ 'Shared idea': 6, Alpha: 2, 'Lonely idea': 1 });

    const deleted = await deleteAccount(leaver, leaver.password);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.data).toEqual({ deleted: true, ballotsWithdrawn: 2 });

    // Their points left every ranking; a name only they had chosen left with them; a shared one stays.
    expect(await rankingOf(topic.id)).toEqual({ 'Shared idea': 3, Bravo: 2, Alpha: 0 });
    expect(await rankingOf(other.id)).toEqual({ Charlie: 0 });
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
    const shared = await server.ctx.db
      .selectFrom('propositions')
      .select('created_by')
      .where('name', '=', 'Shared idea')
      .executeTakeFirstOrThrow();
    expect(shared.created_by).toBeNull();

    // Nothing of theirs is left to sign in with, and the address is free for a new account.
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: leaver.email, password: leaver.password },
    });
    expect(login.body.error.code).toBe('INVALID_CREDENTIALS');
    expect((await server.request('GET', '/api/auth/me', { token: leaver.accessToken })).status).toBe(401);
    const refresh = await server.request('POST', '/api/auth/refresh', {
      body: { refreshToken: leaver.refreshToken },
    });
    expect(refresh.status).toBe(401);
    for (const table of ['ballots', 'sessions', 'proposition_creations', 'account_links'] as const) {
      const rows = await server.ctx.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', leaver.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    await registerUser(server, { email: leaver.email });
  });

  it('keeps the audit trail whole with a nameless actor, and no trace of the person in it', async () => {
    const leaving = await createAdmin(server);
    // An entry they made (a setting saved), and one about them (another administrator changing them).
    const saved = await server.request('PUT', '/api/admin/settings', {
      token: leaving.accessToken,
      body: { proposalPolicy: 'review' },
    });
    expect(saved.status, saved.text).toBe(200);
    const renamed = await server.request('PUT', `/api/admin/users/${leaving.id}`, {
      token: admin.accessToken,
      body: { isAdmin: true },
    });
    expect(renamed.status).toBe(200);

    expect((await deleteAccount(leaving, leaving.password)).status).toBe(200);

    const trail = await server.ctx.db.selectFrom('audit_log').selectAll().execute();
    const text = JSON.stringify(trail);
    expect(text).not.toContain(leaving.username);
    expect(text).not.toContain(leaving.email);
    const listed = await server.request('GET', '/api/admin/audit?limit=100', { token: admin.accessToken });
    const entries = listed.body.data.entries as {
      actorKind: string;
      actorId: number | null;
      action: string;
      entityType: string;
      entityId: string;
    }[];
    expect(entries).toContainEqual(
      expect.objectContaining({ actorKind: 'deleted_account', actorId: null, entityType: 'setting' }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        actorKind: 'deleted_account',
        action: 'delete',
        entityType: 'user',
        entityId: String(leaving.id),
      }),
    );
    const settings = await server.request('GET', '/api/admin/settings', { token: admin.accessToken });
    expect(settings.body.data.updatedBy).toBeNull();
    // The setting they saved stays saved.
    expect(settings.body.data.settings.proposalPolicy).toBe('review');
    await server.request('PUT', '/api/admin/settings', {
      token: admin.accessToken,
      body: { proposalPolicy: 'publish' },
    });
  });

  it('refuses the last administrator, who would leave nobody to run the site', async () => {
    const solo = await startTestServer();
    try {
      const only = await createAdmin(solo);
      const before = await snapshotDatabase(solo.ctx.db);
      const refused = await solo.request('DELETE', '/api/users/me', {
        token: only.accessToken,
        body: { currentPassword: only.password },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('LAST_ADMIN');
      expect(await snapshotDatabase(solo.ctx.db)).toBe(before);
    } finally {
      await solo.close();
    }
  });
});
