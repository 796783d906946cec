import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto } from '../../../common/api/notifications.js';
import { makeCategory } from '../../test/catalogue-factory.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { runEveryDueJob } from '../../test/jobs.js';
import { follow, inboxOf, settle } from '../../test/notifications.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { takeSnapshots } from '../history/snapshots.js';
import { ballot, topicWith, UNLIMITED_CREATIONS, vote } from '../votes/test-helpers.js';
import { PODIUM_CHECK_WAIT_MS, PODIUM_SLOT_MS, PODIUM_SWEEP } from './podium-marks.js';

/**
 * Notifications made from what happened (issue 39, docs/decisions/032-notifications.md): jobs from the
 * outbox, the clock moved and due jobs run, never a wait.
 */
let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  // Tokens outlive the hours the clock is moved by.
  server = await startTestServer({ ...UNLIMITED_CREATIONS, accessTokenTtlSeconds: 86_400 });
  admin = await createAdmin(server);
});
afterAll(() => server.close());

/** A person who votes and does not follow what they vote on: only what they are told as a voter reaches them. */
async function voterNotFollowing(): Promise<TestUser> {
  const user = await registerUser(server);
  const answer = await server.request('PUT', '/api/users/me/follow-settings', {
    token: user.accessToken,
    body: { followVotedTopics: false },
  });
  expect(answer.status).toBe(200);
  return user;
}

async function cast(user: TestUser, topicId: number, names: (string | null)[]) {
  const answer = await vote(server, user.accessToken, ballot(topicId, names));
  expect([200, 201], answer.text).toContain(answer.status);
}

const kindsOf = async (user: TestUser) =>
  (await inboxOf(server, user.accessToken)).notifications.map((n) => n.kind);

describe('a followed topic’s #1', () => {
  it('tells each follower once when the #1 changes, and nobody when a ballot moves nothing', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo', 'Charlie', 'Delta']);
    const follower = await registerUser(server);
    const bystander = await registerUser(server);
    await follow(server, follower.accessToken, topic.id);
    const [first, second, third] = [
      await voterNotFollowing(),
      await voterNotFollowing(),
      await voterNotFollowing(),
    ];

    await cast(first, topic.id, ['Alpha', 'Bravo', 'Charlie']);
    await settle(server);
    // The first look stores the podium: nothing changed that anyone was told of.
    expect(await kindsOf(follower)).toEqual([]);

    await cast(second, topic.id, ['Bravo', 'Charlie', 'Delta']);
    await settle(server);
    const inbox = await inboxOf(server, follower.accessToken);
    expect(inbox.notifications).toHaveLength(1);
    expect(inbox.unread).toBe(1);
    const [told] = inbox.notifications;
    expect(told?.kind).toBe('leaderChanged');
    expect(told?.facts).toEqual({
      kind: 'leaderChanged',
      leaders: [{ id: topic.propositions.Bravo, name: 'Bravo' }],
      previousLeaders: [{ id: topic.propositions.Alpha, name: 'Alpha' }],
      events: 1,
    });
    expect(told?.topic?.id).toBe(topic.id);
    expect(told?.read).toBe(false);
    expect(await kindsOf(bystander)).toEqual([]);

    // Bravo further ahead: the podium is the same, nobody is told anything.
    await cast(third, topic.id, ['Bravo']);
    await settle(server);
    expect(await kindsOf(follower)).toEqual(['leaderChanged']);
    expect((await inboxOf(server, follower.accessToken)).notifications[0]?.facts.events).toBe(1);
  });

  it('tells of the change that caused a topic’s first check when the topic has a daily snapshot to compare with', async () => {
    // A topic with ballots from before notifications existed: its last snapshot has Alpha first, and
    // no check has stored a podium yet.
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo', 'Charlie']);
    const follower = await registerUser(server);
    await follow(server, follower.accessToken, topic.id);
    const [first, second, third] = [
      await voterNotFollowing(),
      await voterNotFollowing(),
      await voterNotFollowing(),
    ];
    await cast(first, topic.id, ['Alpha', 'Bravo']);
    const today = new Date(server.clock.now()).toISOString().slice(0, 10);
    await takeSnapshots(server.ctx.database, [today], server.clock.nowIso());
    await server.ctx.db.deleteFrom('notification_podiums').where('topic_id', '=', topic.id).execute();
    await server.ctx.db.deleteFrom('podium_marks').where('topic_id', '=', topic.id).execute();
    // The next second: this server remembers the mark it wrote in this one (a topic's mark is written once
    // a second), and nothing but this test takes a mark out before it is due.
    server.clock.advance(PODIUM_SLOT_MS);

    await cast(second, topic.id, ['Bravo', 'Alpha']);
    await cast(third, topic.id, ['Bravo']);
    await settle(server);
    const [told] = (await inboxOf(server, follower.accessToken)).notifications;
    expect(told?.facts).toEqual({
      kind: 'leaderChanged',
      leaders: [{ id: topic.propositions.Bravo, name: 'Bravo' }],
      previousLeaders: [{ id: topic.propositions.Alpha, name: 'Alpha' }],
      events: 1,
    });
  });

  it('marks a topic for one podium check per second, however many ballots the second holds', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
    const voters = [];
    for (let i = 0; i < 6; i++) voters.push(await voterNotFollowing());
    await settle(server);
    const second = Math.ceil(server.clock.now() / 1_000) * 1_000 + 1_000;
    for (const voter of voters) {
      // Every ballot cast in the same second (the clock set back to its start before each).
      server.clock.set(second + 10);
      await cast(voter, topic.id, ['Alpha']);
    }
    const marks = () =>
      server.ctx.db.selectFrom('podium_marks').selectAll().where('topic_id', '=', topic.id).execute();
    const dueAt = new Date(second + PODIUM_SLOT_MS).toISOString();
    expect(await marks()).toEqual([{ topic_id: topic.id, due_at: dueAt, marked_at: dueAt }]);
    // One sweep for the second, whatever the topics and ballots in it, a settling time after its end.
    const sweeps = () =>
      server.ctx.db
        .selectFrom('jobs')
        .select('state')
        .where('kind', '=', PODIUM_SWEEP)
        .where('due_at', '=', new Date(second + PODIUM_CHECK_WAIT_MS).toISOString())
        .execute();
    expect(await sweeps()).toEqual([{ state: 'queued' }]);
    // Just past the second's end a ballot cast in it may still be committing: its mark stays.
    server.clock.set(second + PODIUM_SLOT_MS + 10);
    await runEveryDueJob(server.ctx.jobs);
    expect(await marks()).toHaveLength(1);
    // Settled: the sweep checks the topic and takes its mark out.
    server.clock.set(second + PODIUM_CHECK_WAIT_MS);
    await runEveryDueJob(server.ctx.jobs);
    expect(await marks()).toEqual([]);
    expect(await sweeps()).toEqual([{ state: 'done' }]);
  });
  it('checks a topic voted on every second every second, and keeps a later second’s mark for its own check', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
    const follower = await registerUser(server);
    await follow(server, follower.accessToken, topic.id);
    const [early, first, second] = [
      await voterNotFollowing(),
      await voterNotFollowing(),
      await voterNotFollowing(),
    ];
    await cast(early, topic.id, ['Alpha']);
    await settle(server);
    const start = Math.ceil(server.clock.now() / 1_000) * 1_000 + 1_000;
    const mark = () =>
      server.ctx.db
        .selectFrom('podium_marks')
        .select(['due_at', 'marked_at'])
        .where('topic_id', '=', topic.id)
        .executeTakeFirst();
    const iso = (ms: number) => new Date(ms).toISOString();

    // Bravo ties Alpha in one second, then leads in the next, before the first second's check.
    server.clock.set(start + 100);
    await cast(first, topic.id, ['Bravo']);
    server.clock.set(start + PODIUM_SLOT_MS + 100);
    await cast(second, topic.id, ['Bravo']);
    expect(await mark()).toEqual({
      due_at: iso(start + PODIUM_SLOT_MS),
      marked_at: iso(start + 2 * PODIUM_SLOT_MS),
    });

    // The first second's check runs on time (a later mark does not put it off) and tells the new #1; the
    // second second's mark stays, due at its own second's end.
    server.clock.set(start + PODIUM_CHECK_WAIT_MS);
    await runEveryDueJob(server.ctx.jobs);
    expect((await inboxOf(server, follower.accessToken)).notifications.map((n) => n.facts.kind)).toEqual([
      'leaderChanged',
    ]);
    expect(await mark()).toEqual({
      due_at: iso(start + 2 * PODIUM_SLOT_MS),
      marked_at: iso(start + 2 * PODIUM_SLOT_MS),
    });
    server.clock.set(start + PODIUM_SLOT_MS + PODIUM_CHECK_WAIT_MS);
    await runEveryDueJob(server.ctx.jobs);
    expect(await mark()).toBeUndefined();
  });
});

describe('the podium checks of a busy second', () => {
  it('look at every topic voted on in that second together, and tell the followers of each topic whose #1 changed', async () => {
    const topics = [
      await topicWith(server.ctx.db, ['Alpha', 'Bravo']),
      await topicWith(server.ctx.db, ['Alpha', 'Bravo']),
      await topicWith(server.ctx.db, ['Alpha', 'Bravo']),
    ];
    const follower = await registerUser(server);
    for (const topic of topics) await follow(server, follower.accessToken, topic.id);
    const early = await voterNotFollowing();
    for (const topic of topics) await cast(early, topic.id, ['Alpha']);
    await settle(server);

    // In one second: Bravo takes the lead on the first two topics; the third gets a ballot that moves nothing.
    const [second, third] = [await voterNotFollowing(), await voterNotFollowing()];
    for (const topic of topics.slice(0, 2)) {
      await cast(second, topic.id, ['Bravo']);
      await cast(third, topic.id, ['Bravo']);
    }
    await cast(second, (topics[2] as { id: number }).id, ['Alpha']);
    await settle(server);
    const told = (await inboxOf(server, follower.accessToken)).notifications;
    expect(told.map((n) => [n.topic?.id, n.kind]).sort()).toEqual(
      topics
        .slice(0, 2)
        .map((topic) => [topic.id, 'leaderChanged'])
        .sort(),
    );
  });
});

describe('a followed topic’s #1 moved by an administrator', () => {
  it('tells the followers when a quarantine takes the #1 away, and again when lifting it gives it back', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
    const follower = await registerUser(server);
    await follow(server, follower.accessToken, topic.id);
    const [suspect, honest] = [await voterNotFollowing(), await voterNotFollowing()];
    // Alpha 5, Bravo 3; without the suspect's ballot, Alpha 2 and Bravo 3.
    await cast(suspect, topic.id, ['Alpha']);
    await cast(honest, topic.id, ['Bravo', 'Alpha']);
    await settle(server);
    const { id: ballotId } = await server.ctx.db
      .selectFrom('ballots')
      .select('id')
      .where('user_id', '=', suspect.id)
      .where('topic_id', '=', topic.id)
      .executeTakeFirstOrThrow();
    const token = (
      await server.request('POST', '/api/auth/login', {
        body: { email: admin.email, password: admin.password },
      })
    ).body.data.accessToken as string;
    const leadersTold = async () =>
      (await inboxOf(server, follower.accessToken)).notifications
        .filter((n) => n.facts.kind === 'leaderChanged')
        .map((n) => (n.facts.kind === 'leaderChanged' ? n.facts.leaders.map((leader) => leader.name) : []));

    expect(await leadersTold()).toEqual([]);
    const quarantined = await server.request('POST', '/api/admin/ballots/quarantine', {
      token,
      body: { ballotIds: [ballotId], reason: 'burst' },
    });
    expect(quarantined.body.data).toEqual({ changed: 1 });
    await settle(server);
    expect(await leadersTold()).toEqual([['Bravo']]);

    // An hour on, the news is a new one (not folded into the last): Alpha leads again once the ballot counts.
    server.clock.advance(3_600_000);
    const restored = await server.request('POST', '/api/admin/ballots/restore', {
      token,
      body: { ballotIds: [ballotId] },
    });
    expect(restored.body.data).toEqual({ changed: 1 });
    await settle(server);
    expect(await leadersTold()).toEqual([['Alpha'], ['Bravo']]);
  });
});

describe('a voter’s own #1', () => {
  it('tells the voters who placed it first when it enters the podium, and when it leaves it', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    const fan = await voterNotFollowing();
    const others: TestUser[] = [];
    for (let i = 0; i < 4; i++) others.push(await voterNotFollowing());
    // Alpha 9, Bravo 6, Charlie 3 (three voters) on the podium; Delta 3 (the fan's #1, one voter) below.
    for (const other of others.slice(0, 3)) await cast(other, topic.id, ['Alpha', 'Bravo', 'Charlie']);
    await cast(fan, topic.id, ['Delta']);
    await settle(server);
    expect(await kindsOf(fan)).toEqual([]);

    // Delta 6 (two voters) passes Charlie, behind Bravo's 6 from three voters: on the podium at rank 3.
    await cast(others[3] as TestUser, topic.id, ['Delta']);
    await settle(server);
    let inbox = await inboxOf(server, fan.accessToken);
    expect(inbox.notifications.map((n) => n.facts)).toEqual([
      {
        kind: 'ownFirstEnteredPodium',
        proposition: { id: topic.propositions.Delta, name: 'Delta' },
        rank: 3,
        events: 1,
      },
    ]);
    // The voters whose #1 is Alpha heard nothing: Alpha stayed on the podium.
    expect(await kindsOf(others[0] as TestUser)).toEqual([]);

    // That voter moves to Echo: Delta falls back to 3 points from one voter, behind Charlie (rank 4).
    await cast(others[3] as TestUser, topic.id, ['Echo']);
    await settle(server);
    inbox = await inboxOf(server, fan.accessToken);
    expect(inbox.notifications.map((n) => n.kind)).toEqual(['ownFirstLeftPodium', 'ownFirstEnteredPodium']);
    expect(inbox.notifications[0]?.facts).toMatchObject({ kind: 'ownFirstLeftPodium', rank: 4 });
    expect(inbox.unread).toBe(2);
  });
});

describe('a followed main topic', () => {
  it('tells its followers of a new sub-topic, except the administrator who made it', async () => {
    const category = await makeCategory(server.ctx.db);
    const main = await server.request('POST', '/api/admin/topics', {
      token: admin.accessToken,
      body: { name: 'Best pizza', isMainTopic: true, categoryId: category.id, language: 'en' },
    });
    expect(main.status, main.text).toBe(201);
    const mainId = main.body.data.topic.id as number;
    const follower = await registerUser(server);
    await follow(server, follower.accessToken, mainId);
    await follow(server, admin.accessToken, mainId);

    const sub = await server.request('POST', '/api/admin/topics', {
      token: admin.accessToken,
      body: { name: 'Best pizza in Lyon', isMainTopic: false, mainTopicId: mainId, language: 'en' },
    });
    expect(sub.status, sub.text).toBe(201);
    await runEveryDueJob(server.ctx.jobs);
    const [told] = (await inboxOf(server, follower.accessToken)).notifications;
    expect(told?.kind).toBe('subTopicAdded');
    expect(told?.topic).toMatchObject({ id: mainId, isMain: true, title: 'Best pizza' });
    expect(told?.subTopicTitle).toBe('Best pizza in Lyon');
    expect(told?.href).toBe(`/topic/${sub.body.data.topic.slug}?lng=en`);
    expect(
      (await inboxOf(server, admin.accessToken)).notifications.filter((n) => n.kind === 'subTopicAdded'),
    ).toEqual([]);
  });
});

describe('administrators', () => {
  it('are told of a proposal held for review; other people are not', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha']);
    const policy = await server.request('PUT', `/api/admin/topics/${topic.id}`, {
      token: admin.accessToken,
      body: { proposalPolicy: 'review' },
    });
    expect(policy.status).toBe(200);
    const author = await voterNotFollowing();
    await cast(author, topic.id, ['Chez Nino']);
    await settle(server);
    const held = (await inboxOf(server, admin.accessToken)).notifications.find(
      (n) => n.kind === 'proposalAwaitsReview' && n.topic?.id === topic.id,
    );
    expect(held?.facts).toMatchObject({ kind: 'proposalAwaitsReview', proposition: { name: 'Chez Nino' } });
    expect(held?.href).toBe('/admin/proposals?lng=en');
    expect(await kindsOf(author)).toEqual([]);
  });

  it('are told of a flagged burst of ballots, batched per topic within the hour; other people are not', async () => {
    const saved = await server.request('PUT', '/api/admin/settings', {
      token: admin.accessToken,
      body: { burstBallots: 5, burstMinutes: 10, burstAccountHours: 24 },
    });
    expect(saved.status).toBe(200);
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
    const crowd: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const fresh = await voterNotFollowing();
      crowd.push(fresh);
      await cast(fresh, topic.id, ['Alpha']);
      server.clock.advance(60_000);
    }
    await settle(server);
    const flagged = (await inboxOf(server, admin.accessToken)).notifications.filter(
      (n) => n.kind === 'burstFlagged' && n.topic?.id === topic.id,
    );
    // Two flags of one burst (its network, fresh accounts): one notification, two events.
    expect(flagged).toHaveLength(1);
    expect(flagged[0]?.facts).toMatchObject({ kind: 'burstFlagged', ballots: 5, events: 2 });
    expect(flagged[0]?.href).toBe(`/admin/integrity/topics/${topic.id}?lng=en`);
    for (const person of crowd) expect(await kindsOf(person)).toEqual([]);
    // Back to settings that leave the other tests' ballots alone.
    await server.request('PUT', '/api/admin/settings', {
      token: admin.accessToken,
      body: { burstBallots: 1_000, burstMinutes: 10, burstAccountHours: 24 },
    });
  });
});

describe('the hourly batch', () => {
  it('folds a second change within the hour into the same notification, unread again, and starts a new one after it', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo', 'Charlie']);
    const follower = await registerUser(server);
    await follow(server, follower.accessToken, topic.id);
    const voters: TestUser[] = [];
    for (let i = 0; i < 5; i++) voters.push(await voterNotFollowing());
    const [v0, v1, v2, v3, v4] = voters as [TestUser, TestUser, TestUser, TestUser, TestUser];
    await cast(v0, topic.id, ['Alpha']);
    await settle(server);
    await cast(v1, topic.id, ['Bravo', 'Alpha']);
    await cast(v2, topic.id, ['Bravo']);
    await settle(server);
    let inbox = await inboxOf(server, follower.accessToken);
    expect(inbox.notifications).toHaveLength(1);
    const first = inbox.notifications[0]?.id as number;
    expect(
      (await server.request('POST', `/api/notifications/${first}/read`, { token: follower.accessToken })).body
        .data,
    ).toEqual({
      unread: 0,
    });

    // Half an hour later Alpha is back at #1: the same row says so, with two events, unread again.
    server.clock.advance(30 * 60_000);
    await cast(v3, topic.id, ['Alpha', 'Charlie']);
    await settle(server);
    inbox = await inboxOf(server, follower.accessToken);
    expect(inbox.notifications).toHaveLength(1);
    expect(inbox.unread).toBe(1);
    expect(inbox.notifications[0]).toMatchObject({ id: first, read: false });
    expect(inbox.notifications[0]?.facts).toEqual({
      kind: 'leaderChanged',
      leaders: [{ id: topic.propositions.Alpha, name: 'Alpha' }],
      previousLeaders: [{ id: topic.propositions.Alpha, name: 'Alpha' }],
      events: 2,
    });
    const batched = inbox.notifications[0] as NotificationDto;
    expect(batched.updatedAt > batched.createdAt).toBe(true);

    // Past the hour: a new notification.
    server.clock.advance(31 * 60_000);
    await cast(v4, topic.id, ['Bravo', 'Charlie']);
    await settle(server);
    inbox = await inboxOf(server, follower.accessToken);
    expect(inbox.notifications.map((n) => n.facts.events)).toEqual([1, 2]);
    expect(inbox.notifications[0]?.id).not.toBe(first);
  });
});
