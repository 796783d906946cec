import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto } from '../../../common/api/notifications.js';
import { makeCategory, makeTopic } from '../../test/catalogue-factory.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { inboxOf, openStream } from '../../test/notifications.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { STREAM_TICKETS_PER_MINUTE } from './routes.js';
import type { Announcement } from './service.js';

/**
 * The inbox and the live stream (issue 39): a person's own notifications, titled in their language, read one
 * by one or all at once; the stream opened by a single-use ticket valid 30 s, never a token in an address.
 */
let server: TestServer;
let topic: { id: number; slug: string };
let deliveries = 0;
beforeAll(async () => {
  // Tokens outlive the hours the clock is moved by.
  server = await startTestServer({ accessTokenTtlSeconds: 30 * 86_400 });
  const category = await makeCategory(server.ctx.db);
  topic = await makeTopic(server.ctx.db, {
    categoryId: category.id,
    language: 'en',
    titles: {
      en: 'Best pizza in Paris',
      fr: 'Meilleure pizza de Paris',
      es: 'Mejor pizza',
      de: 'Beste Pizza',
    },
  });
});
afterAll(() => server.close());

const leaderChanged = (leader: string): Announcement => ({
  kind: 'leaderChanged',
  topicId: topic.id,
  facts: {
    kind: 'leaderChanged',
    leaders: [{ id: 1, name: leader }],
    previousLeaders: [{ id: 2, name: 'Before' }],
    events: 1,
  },
});

/** Writes an announcement to these people as a job's delivery does (each its own, not batched together). */
async function tell(users: TestUser[], announcement: Announcement = leaderChanged('Napoli')) {
  deliveries += 1;
  // Each in a topic of its own hour: the hourly batch is not what these tests look at.
  server.clock.advance(3_600_000);
  await server.ctx.notifications.deliver(
    `test:${deliveries}`,
    announcement,
    users.map((user) => user.id).sort((a, b) => a - b),
  );
}

describe('GET /api/notifications', () => {
  it('lists the caller’s own notifications, newest first, titled and linked in the asked language, with paging', async () => {
    const [reader, other] = [await registerUser(server), await registerUser(server)];
    await tell([reader, other], leaderChanged('Napoli'));
    await tell([reader], leaderChanged('Roma'));
    await tell([reader], leaderChanged('Milano'));

    const fr = await inboxOf(server, reader.accessToken, 'lang=fr&limit=2&offset=0');
    expect(fr.total).toBe(3);
    expect(fr.unread).toBe(3);
    expect(
      fr.notifications.map((n) => (n.facts.kind === 'leaderChanged' ? n.facts.leaders[0]?.name : '')),
    ).toEqual(['Milano', 'Roma']);
    expect(fr.notifications[0]?.topic).toEqual({
      id: topic.id,
      slug: topic.slug,
      title: 'Meilleure pizza de Paris',
      isMain: false,
    });
    expect(fr.notifications[0]?.href).toBe(`/topic/${topic.slug}?lng=fr`);
    const next = await inboxOf(server, reader.accessToken, 'lang=en&limit=2&offset=2');
    expect(next.notifications.map((n) => n.topic?.title)).toEqual(['Best pizza in Paris']);
    expect((await inboxOf(server, other.accessToken)).total).toBe(1);
  });

  it('refuses a stranger (401), an unknown language (400) and a bad page (400)', async () => {
    const reader = await registerUser(server);
    expect((await server.request('GET', '/api/notifications')).status).toBe(401);
    const bad = await server.request('GET', '/api/notifications?lang=xx', { token: reader.accessToken });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'UNSUPPORTED_LANGUAGE']);
    expect(
      (await server.request('GET', '/api/notifications?limit=0', { token: reader.accessToken })).status,
    ).toBe(400);
  });
});

describe('reading notifications', () => {
  it('marks one read and answers the unread count; someone else’s or an unknown one is 404 and changes nothing', async () => {
    const [reader, other] = [await registerUser(server), await registerUser(server)];
    await tell([reader]);
    await tell([reader, other]);
    const [newest, older] = (await inboxOf(server, reader.accessToken)).notifications as NotificationDto[];
    const [theirs] = (await inboxOf(server, other.accessToken)).notifications as NotificationDto[];

    const read = await server.request('POST', `/api/notifications/${older?.id}/read`, {
      token: reader.accessToken,
    });
    expect([read.status, read.body.data]).toEqual([200, { unread: 1 }]);
    const again = await server.request('POST', `/api/notifications/${older?.id}/read`, {
      token: reader.accessToken,
    });
    expect(again.body.data).toEqual({ unread: 1 });
    expect(
      (await server.request('GET', '/api/notifications/unread-count', { token: reader.accessToken })).body
        .data,
    ).toEqual({ unread: 1 });

    const stolen = await server.request('POST', `/api/notifications/${theirs?.id}/read`, {
      token: reader.accessToken,
    });
    expect([stolen.status, stolen.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await inboxOf(server, other.accessToken)).unread).toBe(1);
    expect(
      (await server.request('POST', '/api/notifications/999999999/read', { token: reader.accessToken }))
        .status,
    ).toBe(404);
    expect(
      (await server.request('POST', '/api/notifications/abc/read', { token: reader.accessToken })).status,
    ).toBe(400);
    expect((await inboxOf(server, reader.accessToken)).notifications.map((n) => [n.id, n.read])).toEqual([
      [newest?.id, false],
      [older?.id, true],
    ]);
  });

  it('marks all read at once, and only the caller’s', async () => {
    const [reader, other] = [await registerUser(server), await registerUser(server)];
    await tell([reader, other]);
    await tell([reader]);
    const all = await server.request('POST', '/api/notifications/read-all', { token: reader.accessToken });
    expect([all.status, all.body.data]).toEqual([200, { unread: 0 }]);
    expect((await inboxOf(server, reader.accessToken)).notifications.every((n) => n.read)).toBe(true);
    expect((await inboxOf(server, other.accessToken)).unread).toBe(1);
  });
});

async function ticketOf(user: TestUser): Promise<{ ticket: string; expiresAt: string }> {
  const answer = await server.request('POST', '/api/notifications/stream-tickets', {
    token: user.accessToken,
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data;
}

describe('stream tickets', () => {
  it('are for signed-in people only, valid 30 s, and stored hashed', async () => {
    expect((await server.request('POST', '/api/notifications/stream-tickets')).status).toBe(401);
    const user = await registerUser(server);
    const { ticket, expiresAt } = await ticketOf(user);
    expect(ticket.length).toBeGreaterThanOrEqual(40);
    expect(Date.parse(expiresAt) - server.clock.now()).toBeGreaterThan(29_000);
    expect(Date.parse(expiresAt) - server.clock.now()).toBeLessThanOrEqual(30_000);
    const stored = await server.ctx.db.selectFrom('notification_stream_tickets').selectAll().execute();
    expect(stored.some((row) => row.token_hash === ticket)).toBe(false);
  });

  it('open the stream once: a used, expired, unknown or missing ticket is 401 in the error envelope', async () => {
    const user = await registerUser(server);
    const { ticket } = await ticketOf(user);
    const stream = await openStream(`${server.baseUrl}/api/notifications/stream?ticket=${ticket}&lang=en`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });
    stream.close();

    const twice = await server.request('GET', `/api/notifications/stream?ticket=${ticket}&lang=en`);
    expect([twice.status, twice.body.error?.code]).toEqual([401, 'INVALID_TOKEN']);

    const late = await ticketOf(user);
    server.clock.advance(30_001);
    const expired = await server.request('GET', `/api/notifications/stream?ticket=${late.ticket}&lang=en`);
    expect([expired.status, expired.body.error?.code]).toEqual([401, 'INVALID_TOKEN']);

    expect((await server.request('GET', '/api/notifications/stream?ticket=nonsense&lang=en')).status).toBe(
      401,
    );
    expect((await server.request('GET', '/api/notifications/stream?lang=en')).status).toBe(401);
    // An access token is no ticket.
    expect(
      (await server.request('GET', `/api/notifications/stream?ticket=${user.accessToken}&lang=en`)).status,
    ).toBe(401);
  });

  it('are refused past 60 a minute from one address, in the error envelope, and none is stored then', async () => {
    // A server of its own: the limit counts per address, and every test here comes from 127.0.0.1.
    const own = await startTestServer({ accessTokenTtlSeconds: 30 * 86_400 });
    try {
      const user = await registerUser(own);
      const mint = () =>
        own.request('POST', '/api/notifications/stream-tickets', { token: user.accessToken });
      for (let i = 0; i < STREAM_TICKETS_PER_MINUTE; i++) expect((await mint()).status).toBe(200);
      const stored = await own.ctx.db
        .selectFrom('notification_stream_tickets')
        .select('token_hash')
        .execute();
      const refused = await mint();
      expect([refused.status, refused.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
      expect(
        await own.ctx.db.selectFrom('notification_stream_tickets').select('token_hash').execute(),
      ).toEqual(stored);
    } finally {
      await own.close();
    }
  });

  it('are not spent by a request refused for its language', async () => {
    const user = await registerUser(server);
    const { ticket } = await ticketOf(user);
    const bad = await server.request('GET', `/api/notifications/stream?ticket=${ticket}&lang=xx`);
    expect(bad.status).toBe(400);
    const stream = await openStream(`${server.baseUrl}/api/notifications/stream?ticket=${ticket}&lang=de`);
    expect(stream.response.status).toBe(200);
    stream.close();
  });
});

describe('GET /api/notifications/stream', () => {
  it('sends the unread count at once, then each notification written after it opened, in its language, and the count read in another tab', async () => {
    const [user, other] = [await registerUser(server), await registerUser(server)];
    await tell([user]);
    const stream = await openStream(
      `${server.baseUrl}/api/notifications/stream?ticket=${(await ticketOf(user)).ticket}&lang=fr`,
    );
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 1 } });

    await tell([other]);
    await tell([user, other], leaderChanged('Quattro'));
    const pushed = await stream.next();
    expect(pushed.event).toBe('notification');
    const dto = pushed.data as NotificationDto;
    expect(dto.facts.kind === 'leaderChanged' && dto.facts.leaders).toEqual([{ id: 1, name: 'Quattro' }]);
    expect(dto.topic?.title).toBe('Meilleure pizza de Paris');
    expect(dto.href).toBe(`/topic/${topic.slug}?lng=fr`);
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 2 } });

    // Read everything in another tab: this one hears the new count.
    await server.request('POST', '/api/notifications/read-all', { token: user.accessToken });
    expect(await stream.next()).toEqual({ event: 'unread', data: { unread: 0 } });
    stream.close();
  });
});
