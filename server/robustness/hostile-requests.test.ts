import fc from 'fast-check';
import { SignJWT, UnsecuredJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, registerUser } from '../test/factories.js';
import { startTestServer } from '../test/server.js';
import { snapshotDatabase } from '../test/snapshot.js';
import {
  type AuthChoice,
  type HostileRequest,
  hostileRequestsFor,
  routesFromOpenApi,
} from './hostile-requests.js';

/**
 * Hostile requests for every API route, generated from the route's own schema: no answer may be a
 * 5xx, every refusal is a clear error in the envelope with no internals, and a refused write leaves
 * the database exactly as it was. CI runs a bounded number per route; `npm run bench` runs 10,000.
 */
const REQUESTS_PER_ROUTE = Number(process.env.FUZZ_REQUESTS_PER_ROUTE ?? 20);
// Long-lived streams are exercised by their own tests.
const SKIPPED = [/\/events$/];

const server = await startTestServer({ seed: 'demo' });
const user = await registerUser(server);
const admin = await createAdmin(server);
const tokens: Record<AuthChoice, string | undefined> = {
  none: undefined,
  user: user.accessToken,
  admin: admin.accessToken,
  garbage: 'not.a.token',
  unsigned: new UnsecuredJWT({})
    .setSubject(String(admin.id))
    .setIssuer('podium')
    .setAudience('podium-api')
    .setExpirationTime('1h')
    .encode(),
  'foreign-key': await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(admin.id))
    .setIssuer('podium')
    .setAudience('podium-api')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign')),
};
const openApi = await server.request('GET', '/api/openapi.json');
const routes = routesFromOpenApi(openApi.body).filter(
  (route) => !SKIPPED.some((skip) => skip.test(route.path)),
);
let sent = 0;
let lastSnapshot = await snapshotDatabase(server.ctx.db);

/**
 * SQLite's count of rows written by the server's connection (rolled-back statements included), or
 * undefined on PostgreSQL. While it stands still nothing can have changed, and the ordered dump of
 * every table (about 10 ms here) is skipped: it keeps the 10,000-per-route run of the bench to
 * minutes. Any write at all, even one rolled back, still gets the full comparison.
 */
async function rowsWritten(): Promise<number | undefined> {
  if (server.ctx.database.kind !== 'sqlite') return undefined;
  const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(server.ctx.db);
  return Number(rows[0]?.n);
}
let lastRowsWritten = await rowsWritten();

afterAll(async () => {
  console.log(
    `hostile requests sent: ${sent} over ${routes.length} routes (${REQUESTS_PER_ROUTE} per route)`,
  );
  await server.close();
});

async function send(request: HostileRequest) {
  const headers: Record<string, string> = {};
  const token = tokens[request.auth];
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  const response = await fetch(`${server.baseUrl}${request.url}`, {
    method: request.method,
    headers,
    body: request.body,
  });
  sent += 1;
  return {
    status: response.status,
    text: await response.text(),
    type: response.headers.get('content-type') ?? '',
  };
}

describe('hostile requests against every route', () => {
  it('finds the documented routes', () => {
    expect(routes.length).toBeGreaterThan(8);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s never answers 5xx, refuses in the envelope and changes nothing when it refuses',
    async (_name, route) => {
      const isWrite = route.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(hostileRequestsFor(route), async (request) => {
          const response = await send(request);
          const label = `${request.method} ${request.url.slice(0, 200)} -> ${response.status} ${response.text.slice(0, 200)}`;
          expect(response.status, label).toBeLessThan(500);
          expect(response.text).not.toMatch(/\n\s+at .+:\d+:\d+/);
          expect(response.text).not.toContain('$argon2id$');
          if (response.status >= 400 && response.type.includes('json')) {
            const body = JSON.parse(response.text);
            expect(body.success, label).toBe(false);
            expect(typeof body.error.code).toBe('string');
            expect(typeof body.error.message).toBe('string');
          }
          if (isWrite) {
            const written = await rowsWritten();
            if (written === undefined || written !== lastRowsWritten) {
              const now = await snapshotDatabase(server.ctx.db);
              if (response.status >= 400) {
                expect(now, `refused ${request.method} ${request.url} changed the database`).toBe(
                  lastSnapshot,
                );
              }
              lastSnapshot = now;
              lastRowsWritten = written;
            }
          }
        }),
        { numRuns: REQUESTS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
      );
    },
  );
});
