import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto } from '../../../common/api/notifications.js';
import { buildApp, type PodiumApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { testDatabaseKind } from '../../test/database.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { runEveryDueJob } from '../../test/jobs.js';
import { makeFollowers, openStream, settle } from '../../test/notifications.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, topicWith, UNLIMITED_CREATIONS, vote } from '../votes/test-helpers.js';
import { PODIUM_CHECK_WAIT_MS } from './podium-marks.js';
import { DELIVER } from './producers.js';
import { type Announcement, FAN_OUT_CHUNK, type WrittenNotification } from './service.js';

/**
 * A #1 change told to a crowd (issue 39): written in chunks, each its own transaction, in well under 5 s;
 * with two app servers, each person once, and the stream of a person on the other server hears it.
 */
let server: TestServer;
/** What `afterWrite` was handed, chunk by chunk. */
const chunks: WrittenNotification[][] = [];
beforeAll(async () => {
  server = await startTestServer(UNLIMITED_CREATIONS);
  server.ctx.notifications.afterWrite(async (trx, written) => {
    // Inside the chunk's own transaction: what it reads there is what the chunk wrote.
    const seen = await trx
      .selectFrom('notifications')
      .select('id')
      .where(
        'id',
        'in',
        written.map((row) => row.id),
      )
      .execute();
    expect(seen).toHaveLength(written.length);
    chunks.push([...written]);
  });
});
afterAll(() => server.close());

async function cast(user: TestUser, topicId: number, names: string[]) {
  const answer = await vote(server, user.accessToken, ballot(topicId, names));
  expect([200, 201], answer.text).toContain(answer.status);
}

/** Each person's count of notifications about `topicId`. */
async function perPerson(topicId: number): Promise<Map<number, number>> {
  const rows = await server.ctx.db
    .selectFrom('notifications')
    .select(['user_id', 'kind'])
    .where('topic_id', '=', topicId)
    .execute();
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.user_id, (counts.get(row.user_id) ?? 0) + 1);
  return counts;
}

/** A topic with `followers` followers whose #1 is Alpha (stored by a first check), and two voters to move it. */
async function followedTopic(followers: number, prefix: string) {
  const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo']);
  const people = await makeFollowers(server.ctx.db, topic.id, followers, prefix);
  const [first, second, third] = [
    await registerUser(server),
    await registerUser(server),
    await registerUser(server),
  ];
  await cast(first, topic.id, ['Alpha']);
  await settle(server);
  return {
    topic,
    people,
    moveTheLead: () => Promise.all([cast(second, topic.id, ['Bravo']), cast(third, topic.id, ['Bravo'])]),
  };
}

describe('a #1 change told to many followers', () => {
  it('writes every follower’s notification in under 5 s, in chunks of their own transactions, each person once', async () => {
    const { topic, people, moveTheLead } = await followedTopic(3_000, 'fan');
    await moveTheLead();
    server.clock.advance(PODIUM_CHECK_WAIT_MS);
    chunks.length = 0;
    const started = performance.now();
    await runEveryDueJob(server.ctx.jobs);
    const elapsedMs = performance.now() - started;
    const counts = await perPerson(topic.id);
    // The three voters follow by their vote.
    for (const id of people) expect(counts.get(id)).toBe(1);
    expect(elapsedMs).toBeLessThan(5_000);
    const forTopic = chunks.filter((chunk) => chunk.some((row) => row.topicId === topic.id));
    expect(forTopic.length).toBeGreaterThanOrEqual(Math.ceil(3_000 / FAN_OUT_CHUNK));
    expect(Math.max(...forTopic.map((chunk) => chunk.length))).toBeLessThanOrEqual(FAN_OUT_CHUNK);
    expect(forTopic.flat().every((row) => row.created && row.kind === 'leaderChanged')).toBe(true);
  });

  it('goes on after the last chunk that committed when its delivery runs again, writing nobody twice', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha']);
    const people = await makeFollowers(server.ctx.db, topic.id, 700, 'again');
    const announcement: Announcement = {
      kind: 'leaderChanged',
      topicId: topic.id,
      facts: { kind: 'leaderChanged', leaders: [{ id: 1, name: 'Alpha' }], previousLeaders: [], events: 1 },
    };
    // A first run that died after its first chunk: its progress says so.
    await server.ctx.notifications.deliver('test:again', announcement, people.slice(0, FAN_OUT_CHUNK));
    await server.ctx.db
      .updateTable('notification_deliveries')
      .set({ done: 0 })
      .where('key', '=', 'test:again')
      .execute();
    expect(await server.ctx.notifications.deliver('test:again', announcement, people)).toBe(
      700 - FAN_OUT_CHUNK,
    );
    expect(await server.ctx.notifications.deliver('test:again', announcement, people)).toBe(0);
    const counts = await perPerson(topic.id);
    expect(people.every((id) => counts.get(id) === 1)).toBe(true);
    const rows = await server.ctx.db
      .selectFrom('notifications')
      .select('facts')
      .where('topic_id', '=', topic.id)
      .execute();
    expect(rows.every((row) => JSON.parse(row.facts).events === 1)).toBe(true);
  });
});

/** A second app server on the same database, as another process behind a load balancer would be. */
async function startPeer(): Promise<PodiumApp & { baseUrl: string; close(): Promise<void> }> {
  const database = openDatabase({ url: server.database.url, schema: server.database.schema });
  const peer = await buildApp({ config: server.ctx.config, database, clock: server.clock });
  await peer.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = peer.app.server.address() as AddressInfo;
  return {
    ...peer,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await peer.app.close();
      await database.close();
    },
  };
}

describe.skipIf(testDatabaseKind() !== 'postgres')('two app servers on one PostgreSQL', () => {
  it('run each event’s jobs once: every follower has one notification, and a stream open on the other server hears it', async () => {
    const peer = await startPeer();
    try {
      const { topic, people, moveTheLead } = await followedTopic(1_200, 'twin');
      const watcher = await registerUser(server);
      await server.request('PUT', `/api/topics/${topic.id}/follow`, { token: watcher.accessToken });
      const minted = await server.request('POST', '/api/notifications/stream-tickets', {
        token: watcher.accessToken,
      });
      // The ticket was minted on one server and is redeemed on the other: it lives in the database.
      const stream = await openStream(
        `${peer.baseUrl}/api/notifications/stream?ticket=${minted.body.data.ticket}&lang=en`,
      );
      expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });

      await moveTheLead();
      server.clock.advance(PODIUM_CHECK_WAIT_MS);
      // Both servers look for due jobs at once, again and again, as their pollers would.
      let ran: number[];
      do ran = await Promise.all([server.ctx.jobs.runDue(), peer.ctx.jobs.runDue()]);
      while (ran.some((n) => n > 0));

      const counts = await perPerson(topic.id);
      for (const id of [...people, watcher.id]) expect(counts.get(id)).toBe(1);
      const deliveries = await server.ctx.db
        .selectFrom('jobs')
        .select(['state', 'attempts', 'payload'])
        .where('kind', '=', DELIVER)
        .execute();
      const mine = deliveries.filter((job) => JSON.parse(job.payload).announcement.topicId === topic.id);
      // The lead's news and Bravo's voters' (their #1 entered the podium): each job ran once, on one server.
      expect(mine.map((job) => JSON.parse(job.payload).announcement.kind).sort()).toEqual([
        'leaderChanged',
        'ownFirstEnteredPodium',
      ]);
      expect(mine.map((job) => [job.state, job.attempts])).toEqual([
        ['done', 1],
        ['done', 1],
      ]);

      const pushed = await stream.next();
      expect(pushed.event).toBe('notification');
      expect((pushed.data as NotificationDto).topic?.id).toBe(topic.id);
      expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 1 } });
      stream.close();
    } finally {
      await peer.close();
    }
  });

  it('write each person once when both servers run the same delivery at the same moment', async () => {
    const peer = await startPeer();
    try {
      const topic = await topicWith(server.ctx.db, ['Alpha']);
      const people = await makeFollowers(server.ctx.db, topic.id, 1_000, 'race');
      const announcement: Announcement = {
        kind: 'leaderChanged',
        topicId: topic.id,
        facts: { kind: 'leaderChanged', leaders: [{ id: 1, name: 'Alpha' }], previousLeaders: [], events: 1 },
      };
      const written = await Promise.all([
        server.ctx.notifications.deliver('test:race', announcement, people),
        peer.ctx.notifications.deliver('test:race', announcement, people),
      ]);
      expect(written[0] + written[1]).toBe(1_000);
      const counts = await perPerson(topic.id);
      expect(people.every((id) => counts.get(id) === 1)).toBe(true);
    } finally {
      await peer.close();
    }
  });

  it('fold two news of one kind and topic delivered at the same moment into one notification per person', async () => {
    const peer = await startPeer();
    try {
      const topic = await topicWith(server.ctx.db, ['Alpha']);
      const people = await makeFollowers(server.ctx.db, topic.id, 600, 'fold');
      const flagged = (flagId: number): Announcement => ({
        kind: 'burstFlagged',
        topicId: topic.id,
        facts: { kind: 'burstFlagged', flagId, ballots: 5, events: 1 },
      });
      await Promise.all([
        server.ctx.notifications.deliver('test:fold:1', flagged(1), people),
        peer.ctx.notifications.deliver('test:fold:2', flagged(2), people),
      ]);
      const rows = await server.ctx.db
        .selectFrom('notifications')
        .select(['user_id', 'facts'])
        .where('topic_id', '=', topic.id)
        .execute();
      expect(rows).toHaveLength(600);
      expect(rows.every((row) => JSON.parse(row.facts).events === 2)).toBe(true);
    } finally {
      await peer.close();
    }
  });
});
