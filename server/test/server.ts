import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp, type PodiumApp } from '../app.js';
import { prepareData } from '../bootstrap.js';
import { TestClock } from '../clock/clock.js';
import { type Config, loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestServer extends PodiumApp {
  database: TestDatabase;
  /** The server's clock: a test of a time rule moves it instead of sleeping. */
  clock: TestClock;
  baseUrl: string;
  /** Sends a real HTTP request; `body` objects are sent as JSON, strings as they are. */
  request<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/**
 * Starts the real server on a free port over a fresh database (or `given`, which `close()` destroys too).
 * Tests talk to it over HTTP like any client; `overrides` change configuration (token lifetimes, rate
 * limits, seeding).
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  given?: TestDatabase,
): Promise<TestServer> {
  const database = given ?? (await createTestDatabase());
  const config = testConfig(database, overrides);
  const clock = new TestClock();
  const podium = await buildApp({ config, database: database.handle, clock });
  await prepareData(podium, podium.app.log);
  await podium.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = podium.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    ...podium,
    database,
    clock,
    baseUrl,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let payload: string | undefined;
      if (options.body !== undefined) {
        payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
      const text = await response.text();
      let body: any = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON (documents, HTML): tests read `text`.
      }
      return { status: response.status, headers: response.headers, body, text };
    },
    async close() {
      await podium.app.close();
      await database.destroy();
    },
  };
}

/** A test server's configuration on `database`: quiet, unseeded, no web build, the per-address limits lifted. */
export function testConfig(database: TestDatabase, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    dataDir: database.dataDir,
    databaseUrl: database.url,
    databaseDirectUrl: database.url,
    databaseSchema: database.schema,
    seed: 'none',
    logLevel: 'silent',
    authRateLimitPerMinute: 10_000,
    // Every test client comes from 127.0.0.1: tests of these limits set them lower themselves.
    passwordThrottle: { ...loadConfig({}).passwordThrottle, checksPerAddress: 100_000 },
    creationLimits: { ...loadConfig({}).creationLimits, propositionsPerAddress: 100_000 },
    webDistDir: undefined,
    // The runner does not poll on its own: a job would write in the middle of a test's snapshot. Tests of
    // jobs move the clock and call `ctx.jobs.runDue()`.
    jobs: { ...loadConfig({}).jobs, pollIntervalMs: 0 },
    // Mail without SMTP_URL is kept in the test's own data directory; tests of mail start an SMTP server.
    mail: { ...loadConfig({}).mail, outboxDir: join(database.dataDir, 'mail'), linkRequestsPerHour: 100_000 },
    ...overrides,
  };
}
