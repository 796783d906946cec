import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { findTotalsMismatches } from '../../db/integrity.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { runEveryDueJob } from '../../test/jobs.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { ballot, topicWith, vote } from './test-helpers.js';

let smtp: TestSmtp;
let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ mail: { ...loadConfig({}).mail, smtpUrl: smtp.url } });
  admin = await createAdmin(server);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const DAY_MS = 86_400_000;
const runJobs = () => runEveryDueJob(server.ctx.jobs);

/** A token of the person, signed in anew: these tests move the clock by days, past any token's life. */
async function signIn(user: TestUser): Promise<string> {
  const login = await server.request('POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
  });
  expect(login.status).toBe(200);
  return login.body.data.accessToken;
}
const adminToken = () => signIn(admin);

async function setSettings(body: Record<string, unknown>): Promise<void> {
  const saved = await server.request('PUT', '/api/admin/settings', { token: await adminToken(), body });
  expect(saved.status, saved.text).toBe(200);
  // A counting setting's change re-assesses every ballot by a job.
  await runJobs();
}

async function pointsOf(topicId: number): Promise<Record<string, number>> {
  const response = await server.request('GET', `/api/search/rankings/topic/${topicId}?language=en`);
  return Object.fromEntries(
    (response.body.data.rankings as { itemName: string; totalPoints: number }[]).map((row) => [
      row.itemName,
      row.totalPoints,
    ]),
  );
}

async function countingOf(user: TestUser, topicId: number) {
  const response = await server.request('GET', `/api/search/user-votes/${topicId}`, {
    token: await signIn(user),
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data.counting;
}

async function castAndCounted(topicId: number) {
  const response = await server.request('GET', `/api/topics/${topicId}?language=en`);
  const { ballotsCast, ballotsCounted } = response.body.data.topic;
  return { ballotsCast, ballotsCounted };
}

const ballotIdOf = async (user: TestUser, topicId: number) =>
  (
    await server.ctx.db
      .selectFrom('ballots')
      .select('id')
      .where('user_id', '=', user.id)
      .where('topic_id', '=', topicId)
      .executeTakeFirstOrThrow()
  ).id;

describe('who counts', () => {
  it('keeps a new account’s ballot, says from when it counts, and counts it once the account is old enough', async () => {
    await setSettings({ minAccountAgeDays: 2 });
    try {
      const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
      const newcomer = await registerUser(server);
      expect((await vote(server, newcomer.accessToken, ballot(topic.id, ['Alpha']))).status).toBe(201);

      expect(await pointsOf(topic.id)).toEqual({ Alpha: 0, Bravo: 0 });
      const held = await countingOf(newcomer, topic.id);
      expect(held).toMatchObject({ state: 'held', heldFor: 'account_age' });
      const created = await server.ctx.db
        .selectFrom('users')
        .select('created_at')
        .where('id', '=', newcomer.id)
        .executeTakeFirstOrThrow();
      expect(held.countsFrom).toBe(new Date(Date.parse(created.created_at) + 2 * DAY_MS).toISOString());
      expect(await castAndCounted(topic.id)).toEqual({ ballotsCast: 1, ballotsCounted: 0 });

      // A day later it still waits; past its date, the next count takes it in, audited as the system.
      server.clock.advance(DAY_MS);
      await runJobs();
      expect(await pointsOf(topic.id)).toEqual({ Alpha: 0, Bravo: 0 });
      server.clock.advance(DAY_MS + 5 * 60_000);
      await runJobs();
      expect(await pointsOf(topic.id)).toEqual({ Alpha: 3, Bravo: 0 });
      expect(await countingOf(newcomer, topic.id)).toEqual({
        state: 'counted',
        heldFor: null,
        countsFrom: null,
      });
      expect(await castAndCounted(topic.id)).toEqual({ ballotsCast: 1, ballotsCounted: 1 });
      const audit = await server.request('GET', '/api/admin/audit?entityType=ballot', {
        token: await adminToken(),
      });
      expect(audit.body.data.entries[0]).toMatchObject({
        actorKind: 'system',
        action: 'count',
        after: expect.objectContaining({ counted: expect.any(Number) }),
      });
      expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
    } finally {
      await setSettings({ minAccountAgeDays: 0 });
    }
  });

  it('with confirmed addresses only, holds an unconfirmed voter’s ballot and counts it the moment the address is confirmed', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha']);
    const voter = await registerUser(server);
    await vote(server, voter.accessToken, ballot(topic.id, ['Alpha']));
    expect(await pointsOf(topic.id)).toEqual({ Alpha: 3 });

    const before = smtp.messages.length;
    await setSettings({ confirmedAccountsOnly: true });
    try {
      expect(await pointsOf(topic.id)).toEqual({ Alpha: 0 });
      expect(await countingOf(voter, topic.id)).toMatchObject({
        state: 'held',
        heldFor: 'unconfirmed_email',
      });

      const mail = await smtp.nextTo(voter.email, { after: before });
      const token = mail.text?.match(/verify-email\?token=([A-Za-z0-9_-]{43})/)?.[1];
      const confirmed = await server.request('POST', '/api/auth/verify-email', { body: { token } });
      expect(confirmed.status).toBe(200);
      expect(await pointsOf(topic.id)).toEqual({ Alpha: 3 });
      expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
    } finally {
      await setSettings({ confirmedAccountsOnly: false });
    }
  });

  it('stops counting a deactivated account’s ballots and counts them again when it is reactivated', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
    const voter = await registerUser(server);
    const other = await registerUser(server);
    await vote(server, voter.accessToken, ballot(topic.id, ['Alpha', 'Bravo']));
    await vote(server, other.accessToken, ballot(topic.id, ['Bravo']));
    const setActive = async (isActive: boolean) =>
      server.request('PUT', `/api/admin/users/${voter.id}`, {
        token: await adminToken(),
        body: { isActive },
      });

    expect((await setActive(false)).status).toBe(200);
    expect(await pointsOf(topic.id)).toEqual({ Bravo: 3, Alpha: 0 });
    expect(await castAndCounted(topic.id)).toEqual({ ballotsCast: 2, ballotsCounted: 1 });
    expect((await setActive(true)).status).toBe(200);
    expect(await pointsOf(topic.id)).toEqual({ Bravo: 5, Alpha: 3 });
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
  });
});

describe('quarantine', () => {
  it('keeps quarantined ballots out of every figure until restored, through re-votes, and audits both', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
    const suspect = await registerUser(server);
    const honest = await registerUser(server);
    await vote(server, suspect.accessToken, ballot(topic.id, ['Alpha']));
    await vote(server, honest.accessToken, ballot(topic.id, ['Bravo']));
    const ballotId = await ballotIdOf(suspect, topic.id);

    const quarantined = await server.request('POST', '/api/admin/ballots/quarantine', {
      token: await adminToken(),
      body: { ballotIds: [ballotId], reason: 'burst', note: 'Twenty ballots in a minute' },
    });
    expect(quarantined.body.data).toEqual({ changed: 1 });
    expect(await pointsOf(topic.id)).toEqual({ Bravo: 3, Alpha: 0 });
    expect(await castAndCounted(topic.id)).toEqual({ ballotsCast: 2, ballotsCounted: 1 });
    expect(await countingOf(suspect, topic.id)).toMatchObject({ state: 'quarantined' });

    // A new vote changes the ballot, not its quarantine.
    await vote(server, suspect.accessToken, ballot(topic.id, ['Alpha', 'Bravo']));
    expect(await pointsOf(topic.id)).toEqual({ Bravo: 3, Alpha: 0 });

    const restored = await server.request('POST', '/api/admin/ballots/restore', {
      token: await adminToken(),
      body: { ballotIds: [ballotId] },
    });
    expect(restored.body.data).toEqual({ changed: 1 });
    expect(await pointsOf(topic.id)).toEqual({ Bravo: 5, Alpha: 3 });
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);

    const audit = await server.request('GET', `/api/admin/audit?topicId=${topic.id}`, {
      token: await adminToken(),
    });
    expect(audit.body.data.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'restore',
      'quarantine',
    ]);
    expect(audit.body.data.entries[1].after).toEqual({
      ballotIds: [ballotId],
      reason: 'burst',
      note: 'Twenty ballots in a minute',
    });
  });

  it('refuses a bad request or a non-administrator with nothing changed', async () => {
    const voter = await registerUser(server);
    const token = await adminToken();
    const before = await snapshotDatabase(server.ctx.db);
    for (const body of [
      { ballotIds: [], reason: 'burst' },
      { ballotIds: [1], reason: 'because' },
      { ballotIds: [1] },
    ]) {
      const refused = await server.request('POST', '/api/admin/ballots/quarantine', { token, body });
      expect(refused.status).toBe(400);
    }
    const forbidden = await server.request('POST', '/api/admin/ballots/restore', {
      token: voter.accessToken,
      body: { ballotIds: [1] },
    });
    expect(forbidden.status).toBe(403);
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });
});
