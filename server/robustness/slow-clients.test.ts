import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/database.js';
import { startTestServer, type TestServer } from '../test/server.js';

interface Ending {
  /** Milliseconds from the connection to its close by the server. */
  ms: number;
  /** What the server wrote before closing. */
  answer: string;
}

/**
 * Connects and sends `head` at once, then one byte of `drip` every `everyMs` until the server closes
 * the connection (or `giveUpMs` passes, when the promise resolves with ms = Infinity).
 */
function dripFeed(server: TestServer, head: string, drip: string, everyMs: number, giveUpMs: number) {
  const { port } = new URL(server.baseUrl);
  return new Promise<Ending>((resolve) => {
    const started = Date.now();
    let answer = '';
    let position = 0;
    const socket: Socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
    const timer = setInterval(() => {
      if (position < drip.length && socket.writable) socket.write(drip[position++] ?? '');
    }, everyMs);
    const giveUp = setTimeout(() => finish(Number.POSITIVE_INFINITY), giveUpMs);
    const finish = (ms: number) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ ms, answer });
    };
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => finish(Date.now() - started));
    socket.on('error', () => undefined);
  });
}

// Sockets and timers, whatever the database: run once, in the SQLite project.
describe.skipIf(testDatabaseKind() !== 'sqlite')('slow and numerous clients', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      requestHeadersTimeoutMs: 1_000,
      requestTimeoutMs: 1_500,
      maxConnections: 40,
    });
  });
  afterAll(() => server.close());

  it('answers 408 in the envelope and closes bodies that arrive too slowly, and keeps serving others', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 200\r\n\r\n';
    const slow = Array.from({ length: 20 }, () => dripFeed(server, head, 'x'.repeat(200), 300, 6_000));
    await new Promise((wait) => setTimeout(wait, 500));
    expect((await server.request('GET', '/api/live')).status).toBe(200);
    const endings = await Promise.all(slow);
    for (const ending of endings) {
      // 1.5 s allowed, checked every 250 ms.
      expect(ending.ms).toBeLessThan(3_000);
      expect(ending.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(ending.answer).toContain('"code":"REQUEST_TIMEOUT"');
    }
    console.info(
      `slow bodies: ${endings.length} closed after ${Math.max(...endings.map((e) => e.ms))} ms at most`,
    );
  });

  it('closes connections whose headers arrive too slowly', async () => {
    const endings = await Promise.all(
      Array.from({ length: 10 }, () =>
        dripFeed(
          server,
          'GET /api/live HTTP/1.1\r\n',
          'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n',
          200,
          6_000,
        ),
      ),
    );
    for (const ending of endings) expect(ending.ms).toBeLessThan(2_500);
  });

  it('closes connections past the cap at once and serves again when they go', async () => {
    const { port } = new URL(server.baseUrl);
    const idle: Socket[] = [];
    const closedEarly: number[] = [];
    for (let i = 0; i < 50; i++) {
      const socket = connect(Number(port), '127.0.0.1');
      const opened = Date.now();
      socket.on('close', () => {
        if (Date.now() - opened < 500) closedEarly.push(i);
      });
      socket.on('error', () => undefined);
      idle.push(socket);
    }
    await new Promise((wait) => setTimeout(wait, 300));
    expect(closedEarly.length).toBeGreaterThanOrEqual(10);
    for (const socket of idle) socket.destroy();
    await new Promise((wait) => setTimeout(wait, 100));
    expect((await server.request('GET', '/api/live')).status).toBe(200);
  });
});
