import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankingEventDto } from '../../../common/api/ranking-event.js';
import { buildApp, type PodiumApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, topicWith, vote } from '../votes/test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A second app server on the same database, as another process behind a load balancer would be. */
async function startPeer(): Promise<PodiumApp & { baseUrl: string; close(): Promise<void> }> {
  const database = openDatabase({ url: server.database.url, schema: server.database.schema });
  const peer = await buildApp({ config: server.ctx.config, database });
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

/** Reads a text/event-stream and hands out its `ranking` events one by one. */
async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  async function nextEvent(timeoutMs = 5_000): Promise<RankingEventDto> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const boundary = buffer.indexOf('\n\n');
      if (boundary >= 0) {
        const frame = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (frame.includes('event: ranking') && data) return JSON.parse(data);
        continue;
      }
      if (Date.now() > deadline) throw new Error('no event in time');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no event in time')), deadline - Date.now()),
        ),
      ]);
      if (chunk.done) {
        ended = true;
        throw new Error('stream ended');
      }
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }
  async function waitForEnd(): Promise<boolean> {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return true;
    }
  }
  return {
    response,
    nextEvent,
    waitForEnd,
    get ended() {
      return ended;
    },
    close: () => controller.abort(),
  };
}

describe('GET /api/topics/:topicId/events', () => {
  it('sends the current ranking at connect, then the new ranking after each vote', async () => {
    const topic = await topicWith(server.ctx.db, ['Margherita']);
    const stream = await openStream(`${server.baseUrl}/api/topics/${topic.id}/events`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const initial = await stream.nextEvent();
    expect(initial).toMatchObject({
      topicId: topic.id,
      voteCount: 0,
      rankings: [{ itemName: 'Margherita', totalPoints: 0 }],
    });

    const user = await registerUser(server);
    await vote(server, user.accessToken, ballot(topic.id, ['Napoli', 'Margherita']));
    const changed = await stream.nextEvent();
    expect(changed.voteCount).toBe(1);
    expect(changed.rankings.map((row) => [row.itemName, row.totalPoints])).toEqual([
      ['Napoli', 3],
      ['Margherita', 2],
    ]);

    await server.request('DELETE', `/api/search/user-votes/${topic.id}`, { token: user.accessToken });
    expect((await stream.nextEvent()).voteCount).toBe(0);
    stream.close();
  });

  it('ranks two propositions equal on points and voters alike (1, 2, 2, 4), in the ranking and its live event', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Bravo', 'Charlie', 'Delta']);
    const stream = await openStream(`${server.baseUrl}/api/topics/${topic.id}/events`);
    await stream.nextEvent();
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => registerUser(server)));
    // Alpha 6 points from 2 voters; Bravo and Charlie 3 points from 2 voters each; Delta 3 points from 1.
    await vote(server, first?.accessToken ?? '', ballot(topic.id, ['Alpha', 'Bravo', 'Charlie']));
    await vote(server, second?.accessToken ?? '', ballot(topic.id, ['Alpha', 'Charlie', 'Bravo']));
    await vote(server, third?.accessToken ?? '', ballot(topic.id, ['Delta']));
    const expected = [
      { itemName: 'Alpha', rank: 1, totalPoints: 6, voteCount: 2 },
      { itemName: 'Bravo', rank: 2, totalPoints: 3, voteCount: 2 },
      { itemName: 'Charlie', rank: 2, totalPoints: 3, voteCount: 2 },
      { itemName: 'Delta', rank: 4, totalPoints: 3, voteCount: 1 },
    ];

    const ranking = await server.request('GET', `/api/search/rankings/topic/${topic.id}?language=en`);
    expect(ranking.body.data.rankings).toMatchObject(expected);
    // The votes may reach the stream in one event or several: the last one holds all three.
    let event = await stream.nextEvent();
    while (event.voteCount < 3) event = await stream.nextEvent();
    expect(event.rankings).toMatchObject(expected);
    stream.close();
  });

  it('answers 404 for an unknown or inactive topic and 400 for a bad id', async () => {
    const inactive = await topicWith(server.ctx.db, [], { isActive: false });
    expect((await server.request('GET', '/api/topics/999999/events')).status).toBe(404);
    expect((await server.request('GET', `/api/topics/${inactive.id}/events`)).status).toBe(404);
    expect((await server.request('GET', '/api/topics/abc/events')).status).toBe(400);
  });

  it('ends open streams when the app closes instead of hanging', async () => {
    const peer = await startPeer();
    const topic = await topicWith(server.ctx.db);
    const stream = await openStream(`${peer.baseUrl}/api/topics/${topic.id}/events`);
    await stream.nextEvent();
    const started = Date.now();
    await peer.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await stream.waitForEnd()).toBe(true);
  });

  it.runIf(process.env.PODIUM_TEST_DB === 'postgres')(
    'reaches a page connected to another server process than the one that took the vote (PostgreSQL)',
    async () => {
      const peer = await startPeer();
      try {
        const topic = await topicWith(server.ctx.db, ['Diavola']);
        const stream = await openStream(`${peer.baseUrl}/api/topics/${topic.id}/events`);
        await stream.nextEvent();
        const user = await registerUser(server);
        await vote(server, user.accessToken, ballot(topic.id, ['Diavola']));
        const changed = await stream.nextEvent();
        expect(changed.rankings[0]).toMatchObject({ itemName: 'Diavola', totalPoints: 3, voteCount: 1 });
        stream.close();
      } finally {
        await peer.close();
      }
    },
  );
});
