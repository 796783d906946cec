import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BurstFlagDto, IntegrityTopicData } from '../../../common/api/integrity.js';
import { findTotalsMismatches } from '../../db/integrity.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { runEveryDueJob } from '../../test/jobs.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { ballot, topicWith, UNLIMITED_CREATIONS, vote } from '../votes/test-helpers.js';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer(UNLIMITED_CREATIONS);
  admin = await createAdmin(server);
  const saved = await server.request('PUT', '/api/admin/settings', {
    token: admin.accessToken,
    body: { burstBallots: 5, burstMinutes: 10, burstAccountHours: 24 },
  });
  expect(saved.status).toBe(200);
});
afterAll(() => server.close());

const DAY_MS = 86_400_000;

/** Sign in anew: some tests move the clock by days, past any token's life. */
async function tokenOf(user: TestUser): Promise<string> {
  const login = await server.request('POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
  });
  expect(login.status).toBe(200);
  return login.body.data.accessToken;
}

/** An account made long ago: its ballots are no fresh account's. */
async function oldAccount(): Promise<TestUser> {
  const user = await registerUser(server);
  const longAgo = new Date(server.clock.now() - 400 * DAY_MS).toISOString();
  await server.ctx.db.updateTable('users').set({ created_at: longAgo }).where('id', '=', user.id).execute();
  return user;
}

async function screenOf(topicId: number): Promise<IntegrityTopicData> {
  const response = await server.request('GET', `/api/admin/integrity/topics/${topicId}?lang=en`, {
    token: await tokenOf(admin),
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

describe('bursts', () => {
  it('flags ballots for one proposition from fresh accounts on one network, and closes the flags once they are quarantined', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
    for (let i = 0; i < 2; i++) {
      expect((await vote(server, (await oldAccount()).accessToken, ballot(topic.id, ['Bravo']))).status).toBe(
        201,
      );
      server.clock.advance(30 * 60_000);
    }
    const crowd: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const fresh = await registerUser(server);
      crowd.push(fresh);
      await vote(server, fresh.accessToken, ballot(topic.id, ['Alpha']));
      server.clock.advance(60_000);
    }
    await runEveryDueJob(server.ctx.jobs);

    const screen = await screenOf(topic.id);
    // Every test request comes from 127.0.0.1: the crowd is one network and fresh accounts at once.
    expect(screen.flags.map((flag) => [flag.kind, flag.open]).sort()).toEqual([
      ['fresh_accounts', true],
      ['network', true],
    ]);
    const network = screen.flags.find((flag) => flag.kind === 'network') as BurstFlagDto;
    expect(network.network).toBe('127.0.0.0/24');
    expect(network.proposition.name).toBe('Alpha');
    expect(network.ballots.map((flagged) => flagged.userId).sort()).toEqual(
      crowd.map((user) => user.id).sort(),
    );
    expect(
      screen.timeline.reduce((sum, point) => sum + point.cast, 0),
      JSON.stringify(screen.timeline),
    ).toBe(7);
    const flags = await server.request('GET', '/api/admin/integrity/flags?lang=en', {
      token: await tokenOf(admin),
    });
    expect(flags.body.data).toMatchObject({ open: 2, topics: [{ id: topic.id, openFlags: 2 }] });

    // A second look finds the same burst and adds nothing.
    server.clock.advance(60_000);
    await runEveryDueJob(server.ctx.jobs);
    expect((await screenOf(topic.id)).flags).toHaveLength(2);

    const quarantined = await server.request('POST', '/api/admin/ballots/quarantine', {
      token: await tokenOf(admin),
      body: { ballotIds: network.ballots.map((flagged) => flagged.ballotId), reason: 'burst' },
    });
    expect(quarantined.body.data).toEqual({ changed: 5 });
    const after = await screenOf(topic.id);
    expect(after.flags.every((flag) => !flag.open)).toBe(true);
    expect(after.timeline.reduce((sum, point) => sum + point.counted, 0)).toBe(2);
    const closed = await server.request('GET', '/api/admin/integrity/flags?lang=en', {
      token: await tokenOf(admin),
    });
    expect(closed.body.data.open).toBe(0);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
  });

  it('lets an administrator dismiss a flag as harmless, audited, leaving its ballots counted', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha']);
    for (let i = 0; i < 5; i++) {
      await vote(server, (await registerUser(server)).accessToken, ballot(topic.id, ['Alpha']));
    }
    server.clock.advance(60_000);
    await runEveryDueJob(server.ctx.jobs);
    const [flag] = (await screenOf(topic.id)).flags;
    const dismissed = await server.request('POST', `/api/admin/integrity/flags/${flag?.id}/dismiss`, {
      token: await tokenOf(admin),
    });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data.flag).toMatchObject({ open: false, dismissedAt: expect.any(String) });
    expect(
      dismissed.body.data.flag.ballots.every((flagged: { state: string }) => flagged.state === 'counted'),
    ).toBe(true);
    const audit = await server.request('GET', `/api/admin/audit?topicId=${topic.id}`, {
      token: await tokenOf(admin),
    });
    expect(audit.body.data.entries[0]).toMatchObject({ action: 'dismiss', entityType: 'burst_flag' });
  });

  it('leaves a regular pace of ballots from old accounts unflagged', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha']);
    for (let i = 0; i < 6; i++) {
      await vote(server, (await oldAccount()).accessToken, ballot(topic.id, ['Alpha']));
      server.clock.advance(20 * 60_000);
    }
    await runEveryDueJob(server.ctx.jobs);
    expect((await screenOf(topic.id)).flags).toEqual([]);
  });
});

describe('what is kept of where a ballot came from', () => {
  it('keeps the /24 with the ballot version for 30 days, then forgets it', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha']);
    const voter = await registerUser(server);
    await vote(server, voter.accessToken, ballot(topic.id, ['Alpha']));
    const networkOf = async () =>
      (
        await server.ctx.db
          .selectFrom('ballot_versions as v')
          .innerJoin('ballots as b', 'b.id', 'v.ballot_id')
          .select('v.network')
          .where('b.user_id', '=', voter.id)
          .executeTakeFirstOrThrow()
      ).network;
    expect(await networkOf()).toBe('127.0.0.0/24');
    server.clock.advance(29 * DAY_MS);
    await runEveryDueJob(server.ctx.jobs);
    expect(await networkOf()).toBe('127.0.0.0/24');
    server.clock.advance(2 * DAY_MS);
    await runEveryDueJob(server.ctx.jobs);
    expect(await networkOf()).toBeNull();
  });
});

describe('a person’s ballots', () => {
  it('shows administrators every version of each ballot with its counting state', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
    const voter = await registerUser(server);
    await vote(server, voter.accessToken, ballot(topic.id, ['Alpha']));
    server.clock.advance(60_000);
    await vote(server, voter.accessToken, ballot(topic.id, ['Bravo', 'Alpha']));
    const response = await server.request('GET', `/api/admin/users/${voter.id}/ballots?lang=en`, {
      token: await tokenOf(admin),
    });
    expect(response.status).toBe(200);
    expect(response.body.data.account).toEqual({ username: voter.username, isActive: true });
    const [only] = response.body.data.ballots;
    expect(only).toMatchObject({ topic: { id: topic.id }, state: 'counted', quarantineReason: null });
    expect(
      only.versions.map((version: { places: { name: string }[] }) => version.places.map((p) => p.name)),
    ).toEqual([['Bravo', 'Alpha'], ['Alpha']]);
  });

  it('is for administrators only, and refuses an unknown account or topic', async () => {
    const voter = await registerUser(server);
    const token = await tokenOf(admin);
    const before = await snapshotDatabase(server.ctx.db);
    expect(
      (await server.request('GET', `/api/admin/users/${voter.id}/ballots`, { token: voter.accessToken }))
        .status,
    ).toBe(403);
    expect((await server.request('GET', '/api/admin/users/999999/ballots', { token })).status).toBe(404);
    expect((await server.request('GET', '/api/admin/integrity/topics/999999', { token })).status).toBe(404);
    expect((await server.request('GET', '/api/admin/integrity/topics/1?days=1000', { token })).status).toBe(
      400,
    );
    expect(
      (await server.request('POST', '/api/admin/integrity/flags/999999/dismiss', { token })).status,
    ).toBe(404);
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });
});
