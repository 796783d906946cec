import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/database.js';
import { startTestServer, type TestServer } from '../test/server.js';

/** A reverse proxy as nginx would be set up: it appends the peer's address to X-Forwarded-For. */
async function startReverseProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const proxied = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer: IncomingMessage) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', () => outgoing.destroy());
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A bad login sent from `localAddress` (each 127.x address plays another client), with extra headers. */
function badLogin(url: string, localAddress: string, headers: Record<string, string> = {}): Promise<number> {
  const body = JSON.stringify({ email: 'victim@example.test', password: 'wrong-guess' });
  const target = new URL('/api/auth/login', url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function attempts(url: string, localAddress: string, count: number, headers?: Record<string, string>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await badLogin(url, localAddress, headers));
  return statuses;
}

// Addresses and headers, whatever the database: run once, in the SQLite project.
describe.skipIf(testDatabaseKind() !== 'sqlite')('client addresses behind a reverse proxy', () => {
  let trusting: TestServer;
  let untrusting: TestServer;
  let proxyToTrusting: Awaited<ReturnType<typeof startReverseProxy>>;
  let proxyToUntrusting: Awaited<ReturnType<typeof startReverseProxy>>;

  beforeAll(async () => {
    trusting = await startTestServer({ authRateLimitPerMinute: 3, trustProxy: ['127.0.0.1'] });
    untrusting = await startTestServer({ authRateLimitPerMinute: 3 });
    proxyToTrusting = await startReverseProxy(trusting.baseUrl);
    proxyToUntrusting = await startReverseProxy(untrusting.baseUrl);
  });
  afterAll(async () => {
    await proxyToTrusting?.close();
    await proxyToUntrusting?.close();
    await trusting?.close();
    await untrusting?.close();
  });

  it('with TRUST_PROXY, limits each real client on its own: an attacker does not lock everyone out', async () => {
    expect(await attempts(proxyToTrusting.url, '127.0.6.1', 5)).toEqual([401, 401, 401, 429, 429]);
    expect(await attempts(proxyToTrusting.url, '127.0.6.2', 1), 'another client is not limited').toEqual([
      401,
    ]);
  });

  it('with TRUST_PROXY, a forged X-Forwarded-For from the client changes nothing', async () => {
    const forged = { 'x-forwarded-for': '203.0.113.7' };
    expect(await attempts(proxyToTrusting.url, '127.0.7.1', 5, forged)).toEqual([401, 401, 401, 429, 429]);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored (sent straight to the server, it is no way around a limit)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        await badLogin(untrusting.baseUrl, '127.0.8.1', { 'x-forwarded-for': `198.51.100.${i}` }),
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
