import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/database.js';
import { startTestServer, type TestServer } from '../test/server.js';

/**
 * Requests that no client library would send, written byte for byte on a socket: bad percent-encodings,
 * overlong segments and paths, odd and unknown methods, stray query strings. Whatever arrives, the server
 * answers (never a 5xx, never a dropped connection) and every refusal is in the API's envelope. The
 * schema-driven test (hostile-requests.test.ts) covers valid routes with hostile values; this one covers
 * what breaks before a route is even chosen. CI runs RAW_HTTP_RUNS (200) requests.
 */
const RUNS = Number(process.env.RAW_HTTP_RUNS ?? 200);

const METHODS = [
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'HEAD',
  'TRACE',
  'PROPFIND',
  'BREW',
  'get',
];
const PREFIXES = [
  '/api/topics/',
  '/api/search/rankings/topic/',
  '/api/search/smart?q=',
  '/api/translations/entity/topic/',
  '/api/admin/users/',
  '/api/auth/',
  '/api/',
  '/',
];
const BAD_ESCAPES = [
  '%',
  '%G1',
  '%C3%28',
  '%E0%A4%A',
  '%00',
  '%ED%A0%80',
  '%FF%FE',
  '%2e%2e/',
  '%25',
  '%u0041',
];

const segment = fc.oneof(
  fc.constantFrom(...BAD_ESCAPES),
  fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/),
  fc.integer({ min: -5, max: 10 ** 12 }).map(String),
  fc.integer({ min: 300, max: 20_000 }).map((length) => '9'.repeat(length)),
  fc.constantFrom('..', '.', '', 'null', 'undefined', '__proto__', 'constructor'),
  fc.string({ unit: 'grapheme', maxLength: 8 }).map(encodeURIComponent),
);
const rawPath = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([prefix, parts, query]) => `${prefix}${parts.join('/')}${query ? '?lang=%ZZ&limit=-1&x=%' : ''}`);

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Sends one request line as given and reads the answer until the server closes the connection. */
function sendRaw(server: TestServer, method: string, path: string): Promise<RawAnswer> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${method} ${path.slice(0, 80)}`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body });
    });
  });
}

// What the HTTP layer does with bytes does not depend on the database: run once, in the SQLite project.
describe.skipIf(testDatabaseKind() !== 'sqlite')('raw HTTP requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers every malformed request line, odd method and overlong path with a 4xx in the envelope', async () => {
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...METHODS), rawPath, async (method, path) => {
        sent += 1;
        const answer = await sendRaw(server, method, path);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const what = `${method} ${path.slice(0, 120)}`;
        expect(answer.status, what).toBeGreaterThanOrEqual(200);
        expect(answer.status, what).toBeLessThan(500);
        if (answer.status >= 400 && method !== 'HEAD') {
          const body = JSON.parse(answer.body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n$/g, ''));
          expect(body, what).toMatchObject({ success: false, error: { code: expect.any(String) } });
          expect(answer.body, what).not.toMatch(/at .+\.(ts|js):\d+/);
        }
      }),
      { numRuns: RUNS },
    );
    expect(sent).toBe(RUNS);
    console.info(
      `raw HTTP: ${sent} requests, statuses ${[...statuses]
        .sort()
        .map(([s, n]) => `${s}x${n}`)
        .join(' ')}`,
    );
    expect((await server.request('GET', '/api/health')).status).toBe(200);
  });

  it('refuses a preflight whose path holds a NUL in the envelope, as every other method', async () => {
    for (const method of ['OPTIONS', 'GET']) {
      const answer = await sendRaw(server, method, '/api/topics/%00');
      expect(answer.status, method).toBe(400);
      const body = JSON.parse(answer.body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n$/g, ''));
      expect(body, method).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
  });
});
