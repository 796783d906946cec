import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKING_EVENT_MAX_ROWS } from '../../common/api/ranking-event.js';
import { ChangeSet } from '../changes/change-set.js';
import { topicWith } from '../modules/votes/test-helpers.js';
import { startTestServer, type TestServer } from '../test/server.js';

/**
 * Opens a live-ranking stream from `localAddress` (any 127.x address reaches the server on Linux, so
 * one test plays many clients) and answers once the status line is in.
 */
function openStream(server: TestServer, topicId: number, localAddress = '127.0.0.1') {
  const url = new URL(`${server.baseUrl}/api/topics/${topicId}/events`);
  return new Promise<{
    response: IncomingMessage;
    /** What has arrived so far. */
    text: () => string;
    body: () => Promise<string>;
    close: () => void;
  }>((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, localAddress, agent: false },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        const ended = new Promise<string>((done) => response.on('end', () => done(text)));
        resolve({ response, text: () => text, body: () => ended, close: () => request.destroy() });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** A client that asks for the stream and never reads it: what it is sent piles up at the server. */
function openUnreadStream(server: TestServer, topicId: number, localAddress: string): Promise<Socket> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve) => {
    const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress }, () => {
      socket.write(`GET /api/topics/${topicId}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      socket.pause();
      resolve(socket);
    });
    socket.on('error', () => undefined);
  });
}

async function openStreamCount(server: TestServer): Promise<number> {
  return (await server.request('GET', '/api/live')).status === 200
    ? (await server.request('GET', '/api/health')).body.data.liveStreams
    : -1;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

describe('live-ranking streams under a flood', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      liveStreams: { perAddress: 5, perProcess: 12, maxUnsentBytes: 64 * 1024, eventIntervalMs: 1 },
    });
  });
  afterAll(() => server.close());

  it('refuses a sixth stream from one address with 429 and Retry-After, and takes it once one closes', async () => {
    const topic = await topicWith(server.ctx.db, ['Margherita']);
    const open = [];
    for (let i = 0; i < 5; i++) open.push(await openStream(server, topic.id, '127.0.0.2'));
    expect(open.map((stream) => stream.response.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const refused = await openStream(server, topic.id, '127.0.0.2');
    expect(refused.response.statusCode).toBe(429);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(await refused.body()).error.code).toBe('RATE_LIMITED');
    // Another address is not held to this one's cap.
    const neighbour = await openStream(server, topic.id, '127.0.0.3');
    expect(neighbour.response.statusCode).toBe(200);

    open.pop()?.close();
    await waitFor(
      async () => (await openStreamCount(server)) === 5,
      2_000,
      'the closed stream to be counted out',
    );
    const again = await openStream(server, topic.id, '127.0.0.2');
    expect(again.response.statusCode).toBe(200);
    for (const stream of [...open, neighbour, again]) stream.close();
    await waitFor(async () => (await openStreamCount(server)) === 0, 2_000, 'every stream to close');
  });

  it('refuses streams past the process cap with 503 and Retry-After, whatever the address', async () => {
    const topic = await topicWith(server.ctx.db, ['Margherita']);
    const open = [];
    for (let i = 0; i < 12; i++) open.push(await openStream(server, topic.id, `127.0.1.${1 + (i % 4)}`));
    expect(open.every((stream) => stream.response.statusCode === 200)).toBe(true);
    const refused = await openStream(server, topic.id, '127.0.1.9');
    expect(refused.response.statusCode).toBe(503);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(await refused.body()).error.code).toBe('SERVICE_UNAVAILABLE');
    // The rest of the API is not affected.
    expect((await server.request('GET', `/api/topics/${topic.id}`)).status).toBe(200);
    for (const stream of open) stream.close();
    await waitFor(async () => (await openStreamCount(server)) === 0, 2_000, 'every stream to close');
  });

  it('closes streams whose clients do not read, keeps serving those that do, and holds memory', async () => {
    // 150 propositions with long names: a whole ranking is ~30 KB, an event (top 100) ~20 KB.
    const names = Array.from({ length: 150 }, (_, i) => `Proposition ${i} ${'with a long name '.repeat(6)}`);
    const topic = await topicWith(server.ctx.db, names);
    const reader = await openStream(server, topic.id, '127.0.2.1');
    let receivedBytes = 0;
    reader.response.on('data', (chunk: string) => {
      receivedBytes += Buffer.byteLength(chunk);
    });
    const unread: Socket[] = [];
    for (let i = 0; i < 10; i++) unread.push(await openUnreadStream(server, topic.id, `127.0.3.${1 + i}`));
    await waitFor(async () => (await openStreamCount(server)) === 11, 5_000, 'the streams to open');

    const before = process.memoryUsage();
    // Events until the unread streams are closed: about 8 MB for each stream (~400 events) fills what the kernel
    // buffers on loopback (about 4 MB) and then the server's 64 KB allowance. A busy machine coalesces more
    // announcements into one event, so the count is not fixed; the deadline bounds it.
    const deadline = Date.now() + 20_000;
    let announced = 0;
    while ((await openStreamCount(server)) > 1) {
      if (Date.now() > deadline)
        throw new Error(`the unread streams were still open after ${announced} events`);
      for (let i = 0; i < 20; i++, announced++) {
        await server.ctx.changes.announce(new ChangeSet().topic(topic.id, 'votes'));
        await new Promise((wait) => setTimeout(wait, 3));
      }
    }
    const after = process.memoryUsage();
    // The reading client was sent everything the unread ones could not take, and is still served after.
    expect(receivedBytes).toBeGreaterThan(2 * 2 ** 20);
    const receivedBefore = receivedBytes;
    await server.ctx.changes.announce(new ChangeSet().topic(topic.id, 'votes'));
    await waitFor(async () => receivedBytes > receivedBefore, 2_000, 'an event for the reading client');
    const grownMb = (after.arrayBuffers - before.arrayBuffers) / 2 ** 20;
    console.info(
      `slow readers: 10 unread streams closed after ${announced} events, the reading one kept (${Math.round(receivedBytes / 2 ** 20)} MB received); ` +
        `buffers ${Math.round(before.arrayBuffers / 2 ** 20)} -> ${Math.round(after.arrayBuffers / 2 ** 20)} MB, ` +
        `RSS ${Math.round(before.rss / 2 ** 20)} -> ${Math.round(after.rss / 2 ** 20)} MB`,
    );
    expect(grownMb).toBeLessThan(40);
    for (const socket of unread) socket.destroy();
    reader.close();
  });

  it('sends the top of a long ranking with the row count and every figure of each row', async () => {
    const names = Array.from({ length: RANKING_EVENT_MAX_ROWS + 20 }, (_, i) => `Entry ${i}`);
    const topic = await topicWith(server.ctx.db, names);
    const stream = await openStream(server, topic.id, '127.0.4.1');
    await waitFor(async () => /data: .*\n\n/.test(stream.text()), 2_000, 'the first event');
    stream.close();
    const data = JSON.parse(/data: (.*)\n/.exec(stream.text())?.[1] ?? '{}');
    expect(data).toMatchObject({ version: 1, topicId: topic.id, voteCount: 0, rowCount: names.length });
    expect(data.rankings).toHaveLength(RANKING_EVENT_MAX_ROWS);
    expect(Object.keys(data.rankings[0]).sort()).toEqual(
      [
        'eligibleBallots',
        'firstPlaces',
        'id',
        'interval',
        'itemName',
        'rank',
        'secondPlaces',
        'thirdPlaces',
        'totalPoints',
        'voteCount',
        'weightedAverage',
      ].sort(),
    );
  });
});
