import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '../../../common/api/settings.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { settingsCacheFor } from './service.js';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createAdmin(server);
});
afterAll(() => server.close());

const read = (token = admin.accessToken) => server.request('GET', '/api/admin/settings', { token });
const save = (body: unknown, token = admin.accessToken) =>
  server.request('PUT', '/api/admin/settings', { token, body });

async function settingAudits() {
  const log = await server.request('GET', '/api/admin/audit?entityType=setting', {
    token: admin.accessToken,
  });
  return log.body.data.entries as Array<{
    action: string;
    entityId: string;
    before: unknown;
    after: unknown;
  }>;
}

describe('settings an administrator edits', () => {
  it('start at their defaults, then read back what was saved at once, with who saved it and when', async () => {
    const first = await read();
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      settings: SETTING_DEFAULTS,
      updatedAt: null,
      updatedBy: null,
    });

    const savedFrom = server.clock.nowIso();
    const saved = await save({ proposalPolicy: 'review' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings).toEqual({ ...SETTING_DEFAULTS, proposalPolicy: 'review' });
    const after = await read();
    expect(after.body.data).toEqual(saved.body.data);
    expect(after.body.data.updatedBy).toBe(admin.username);
    expect(after.body.data.updatedAt >= savedFrom && after.body.data.updatedAt <= server.clock.nowIso()).toBe(
      true,
    );
    expect((await settingAudits())[0]).toMatchObject({
      action: 'update',
      entityId: 'proposalPolicy',
      before: { proposalPolicy: 'publish' },
      after: { proposalPolicy: 'review' },
    });
  });

  it('audit a save only when it changes a value', async () => {
    await save({ proposalPolicy: 'publish' });
    const audited = (await settingAudits()).length;
    expect((await save({ proposalPolicy: 'publish' })).status).toBe(200);
    expect((await save({})).status).toBe(200);
    expect(await settingAudits()).toHaveLength(audited);
  });

  it('refuse a value they do not take or an unknown setting with a 400, and change nothing', async () => {
    const before = await snapshotDatabase(server.ctx.db);
    for (const body of [{ proposalPolicy: 'maybe' }, { proposalPolicy: null }, { sendSpam: true }, []]) {
      const refused = await save(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.success).toBe(false);
    }
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('are an administrator’s alone: 401 without a session, 403 for a voter', async () => {
    const voter = await registerUser(server);
    expect((await server.request('GET', '/api/admin/settings')).status).toBe(401);
    expect((await read(voter.accessToken)).status).toBe(403);
    expect((await save({ proposalPolicy: 'review' }, voter.accessToken)).status).toBe(403);
  });
});

describe('the settings kept by the server', () => {
  it('are read inside a transaction while a read outside it waits for the database (SQLite had waited forever)', async () => {
    // Saved settings leave nothing kept: the next read goes to the database.
    expect((await save({ burstMinutes: 12 })).status).toBe(200);
    const db = server.ctx.db;
    const cache = settingsCacheFor(db);
    const inside = await db.transaction().execute(async (trx) => {
      // SQLite's one connection is the transaction's now: the read outside waits until it ends.
      await sql`select 1`.execute(trx);
      const outside = cache.read(db);
      const read = await Promise.race([
        cache.read(trx),
        new Promise<'stalled'>((stalled) => setTimeout(() => stalled('stalled'), 2_000)),
      ]);
      return { read, outside };
    });
    expect(inside.read).not.toBe('stalled');
    expect(inside.read).toMatchObject({ settings: { burstMinutes: 12 } });
    expect((await inside.outside).settings.burstMinutes).toBe(12);
  });
});
