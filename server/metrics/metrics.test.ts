import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { ACCOUNT_LINK_MAIL } from '../modules/auth/account-links.js';
import { ballot, topicWith, vote } from '../modules/votes/test-helpers.js';
import { registerUser } from '../test/factories.js';
import { runEveryDueJob } from '../test/jobs.js';
import { parsePrometheusText, type Sample, sampleValue } from '../test/prometheus.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';
import { UNMATCHED_ROUTE } from './requests.js';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const REQUESTS = 'podium_http_request_duration_seconds_count';

let smtp: TestSmtp;
let server: TestServer;
let plain: TestServer;
/** http://127.0.0.1:<METRICS_PORT> */
let metricsUrl: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  [server, plain] = await Promise.all([
    startTestServer({
      // Port 0: any free port (the environment asks for a real one).
      metrics: { token: TOKEN, port: 0 },
      mail: { ...loadConfig({}).mail, smtpUrl: smtp.url },
    }),
    startTestServer(),
  ]);
  const address = server.metrics?.listener?.address() as AddressInfo | undefined;
  if (!address) throw new Error('METRICS_PORT has no listener');
  metricsUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await Promise.all([server.close(), plain.close()]);
  await smtp.close();
});

/** A scrape with the token on the main port, parsed (a line out of the format fails the test). */
async function scrape(): Promise<Sample[]> {
  const response = await server.request('GET', '/metrics', { token: TOKEN });
  expect(response.status).toBe(200);
  return parsePrometheusText(response.text);
}

/** How much each figure moved while `sequence` ran. */
async function movedBy(
  sequence: () => Promise<unknown>,
): Promise<(name: string, labels?: Record<string, string>) => number> {
  const before = await scrape();
  await sequence();
  const after = await scrape();
  return (name, labels) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
}

describe('the metrics endpoint', () => {
  it('does not exist on the main port when no METRICS_TOKEN is set (404, like any unknown address)', async () => {
    const response = await plain.request('GET', '/metrics', { token: TOKEN });
    expect(response.status).toBe(404);
    expect(plain.metrics).toBeUndefined();
  });

  it('refuses a scrape without the token or with a wrong one: 401 in the API envelope, on both ports', async () => {
    const wrong = { authorization: `Bearer ${TOKEN.slice(0, -1)}x` };
    const answers = [
      await server.request('GET', '/metrics'),
      await server.request('GET', '/metrics', { headers: wrong }),
      await server.request('GET', '/metrics', { headers: { authorization: TOKEN } }),
    ];
    for (const headers of [{}, wrong]) {
      const response = await fetch(`${metricsUrl}/metrics`, { headers });
      answers.push({ status: response.status, body: await response.json() } as (typeof answers)[number]);
    }
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        success: false,
        error: { code: 'UNAUTHORIZED', message: expect.not.stringContaining(TOKEN.slice(0, 8)) },
      });
    }
  });

  it('serves the text format with the token, on the main port and on METRICS_PORT, and nothing else there', async () => {
    const main = await server.request('GET', '/metrics', { token: TOKEN });
    expect(main.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(main.headers.get('cache-control')).toBe('no-store');
    const own = await fetch(`${metricsUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(own.status).toBe(200);
    const samples = parsePrometheusText(await own.text());
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'podium_live_streams',
      'podium_cache_budget_bytes',
      'podium_notification_streams',
      'podium_notifications_written_total',
    ])
      expect(samples.some((sample) => sample.name === name)).toBe(true);
    expect((await fetch(`${metricsUrl}/api/live`)).status).toBe(404);
  });
});

describe('what the metrics count', () => {
  it('counts requests per method, route pattern and status class; made-up addresses add no label of their own', async () => {
    const routesBefore = new Set((await scrape()).map((sample) => sample.labels.route));
    const moved = await movedBy(async () => {
      for (let i = 0; i < 3; i++) await server.request('GET', '/api/live');
      await server.request('GET', '/api/topics/made-up-topic-4821');
      await server.request('GET', '/api/made-up-address-4821');
      await server.request('GET', '/made-up-page-4821/deeper');
      await server.request('POST', '/topic/made-up-4821');
    });
    expect(moved(REQUESTS, { method: 'GET', route: '/api/live', status: '2xx' })).toBe(3);
    expect(moved(REQUESTS, { method: 'GET', route: '/api/topics/:slugOrId', status: '4xx' })).toBe(1);
    expect(moved(REQUESTS, { method: 'GET', route: UNMATCHED_ROUTE, status: '4xx' })).toBe(2);
    expect(moved(REQUESTS, { method: 'POST', route: UNMATCHED_ROUTE, status: '4xx' })).toBe(1);
    const routesAfter = new Set((await scrape()).map((sample) => sample.labels.route));
    const added = [...routesAfter].filter((route) => !routesBefore.has(route));
    expect(added.every((route) => route !== undefined && !route.includes('4821'))).toBe(true);
  });

  it('counts a page of the web app under its pattern, not its address', async () => {
    const moved = await movedBy(() => server.request('GET', '/topic/some-topic-4821'));
    expect(moved(REQUESTS, { method: 'GET', route: '/topic/:slug' })).toBe(1);
  });

  it('counts a ballot cast through the API once, when it is committed', async () => {
    const topic = await topicWith(server.ctx.db, ['Margherita', 'Napoli', 'Marinara']);
    const voter = await registerUser(server);
    const moved = await movedBy(async () => {
      const cast = await vote(
        server,
        voter.accessToken,
        ballot(topic.id, ['Margherita', 'Napoli', 'Marinara']),
      );
      expect(cast.status).toBeLessThan(300);
    });
    expect(moved('podium_ballots_total', { cause: 'vote' })).toBe(1);
    expect(moved('podium_ballots_total', { cause: 'withdrawal' })).toBe(0);
    expect(moved(REQUESTS, { method: 'POST', route: '/api/search/propositions', status: '2xx' })).toBe(1);
  });

  it('counts a share card drawn once, and none for the same card served again', async () => {
    const topic = await topicWith(server.ctx.db, ['Margherita', 'Napoli']);
    const moved = await movedBy(async () => {
      for (let i = 0; i < 3; i++)
        expect((await server.request('GET', `/api/topics/${topic.id}/card.png?lng=en`)).status).toBe(200);
    });
    expect(moved('podium_share_card_renders_total', {})).toBe(1);
  });

  it("reads the caches' hits, misses, entries and bytes at scrape time", async () => {
    const moved = await movedBy(async () => {
      for (let i = 0; i < 3; i++) await server.request('GET', '/api/topics/popular/en');
    });
    expect(moved('podium_cache_requests_total', { cache: 'reads', result: 'hit' })).toBeGreaterThanOrEqual(2);
    expect(moved('podium_cache_requests_total', { cache: 'reads', result: 'miss' })).toBeGreaterThanOrEqual(
      1,
    );
    const samples = await scrape();
    expect(sampleValue(samples, 'podium_cache_bytes', { cache: 'reads' })).toBeGreaterThan(0);
    expect(sampleValue(samples, 'podium_cache_entries', { cache: 'reads' })).toBeGreaterThan(0);
    expect(sampleValue(samples, 'podium_cache_budget_bytes')).toBe(server.ctx.config.cacheBudgetBytes);
  });

  it('counts failed job runs, and shows the job kept as failed in the queue depth', async () => {
    const kind = 'test.metrics-failing';
    server.ctx.jobs.handle(
      kind,
      async () => {
        throw new Error('failed on purpose');
      },
      { maxAttempts: 2, retryDelayMs: 1_000 },
    );
    await server.ctx.jobs.enqueue(server.ctx.db, { kind });
    const queued = await scrape();
    expect(sampleValue(queued, 'podium_jobs', { kind, state: 'queued' })).toBe(1);
    const moved = await movedBy(async () => {
      await runEveryDueJob(server.ctx.jobs);
      server.clock.advance(1_000);
      await runEveryDueJob(server.ctx.jobs);
    });
    expect(moved('podium_job_runs_total', { kind, outcome: 'retried' })).toBe(1);
    expect(moved('podium_job_runs_total', { kind, outcome: 'failed' })).toBe(1);
    const after = await scrape();
    expect(sampleValue(after, 'podium_jobs', { kind, state: 'queued' })).toBe(0);
    expect(sampleValue(after, 'podium_jobs', { kind, state: 'failed' })).toBe(1);
  });

  it('counts each failed attempt to send mail while the SMTP server is down, and the message sent once it is back', async () => {
    const user = await registerUser(server);
    await runEveryDueJob(server.ctx.jobs);
    const moved = await movedBy(async () => {
      await smtp.down();
      try {
        const asked = await server.request('POST', '/api/auth/password-reset', {
          body: { email: user.email },
        });
        expect(asked.status).toBe(202);
        await runEveryDueJob(server.ctx.jobs);
      } finally {
        await smtp.up();
      }
      server.clock.advance(60_000);
      await runEveryDueJob(server.ctx.jobs);
    });
    expect(moved('podium_mail_failures_total')).toBe(1);
    expect(moved('podium_mail_sent_total')).toBe(1);
    expect(moved('podium_job_runs_total', { outcome: 'retried', kind: ACCOUNT_LINK_MAIL })).toBe(1);
  });

  it('shows the live streams open now', async () => {
    const topic = await topicWith(server.ctx.db, ['One']);
    const reader = new AbortController();
    const stream = await fetch(`${server.baseUrl}/api/topics/${topic.id}/events`, { signal: reader.signal });
    expect(stream.status).toBe(200);
    expect(sampleValue(await scrape(), 'podium_live_streams')).toBe(1);
    reader.abort();
    for (let waited = 0; sampleValue(await scrape(), 'podium_live_streams') !== 0; waited += 20) {
      if (waited > 2_000) throw new Error('the stream was not counted out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it("shows the database pool's connections on PostgreSQL, and no pool on SQLite", async () => {
    const samples = await scrape();
    const pooled = samples.filter((sample) => sample.name.startsWith('podium_db_pool_'));
    if (server.ctx.database.kind === 'sqlite') {
      expect(pooled).toEqual([]);
      return;
    }
    expect(sampleValue(samples, 'podium_db_pool_max_connections')).toBe(10);
    const open =
      sampleValue(samples, 'podium_db_pool_connections', { state: 'busy' }) +
      sampleValue(samples, 'podium_db_pool_connections', { state: 'idle' });
    expect(open).toBeGreaterThan(0);
    // The scrape's own count of the jobs may be waiting for a connection being opened: a figure, not a zero.
    expect(sampleValue(samples, 'podium_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    expect(samples.some((sample) => sample.name === 'podium_db_pool_waiting')).toBe(true);
  });
});
