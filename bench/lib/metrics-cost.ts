import { rmSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { Histogram, Registry } from 'prom-client';
import { LANGUAGES } from '../../common/languages.js';
import { routeLabel } from '../../server/metrics/requests.js';
import { startServerProcess } from '../../server/test/process.js';
import { type CannonRequest, load } from './autocannon.js';
import { freshSmallDataset, SMALL_DATASET_SIZE } from './dataset.js';
import { fmt, median, spread } from './format.js';

/** A small data set: the cost measured is the request's, not the database's. */
const RUNS = 3;
const TOKEN = 'bench-metrics-token-0123456789abcdef';
/** Prometheus's default scrape interval; a run scrapes at this pace while it loads the server. */
const SCRAPE_EVERY_MS = 15_000;

interface Run {
  rps: number;
  p50: number;
  p99: number;
}

/** One request of each kind the route label tells apart. */
const LABELLED_REQUESTS = {
  'an API route': {
    method: 'GET',
    url: '/api/topics/12?language=en',
    routeOptions: { url: '/api/topics/:slugOrId' },
  },
  'a page': { method: 'GET', url: '/topic/pizza?lng=fr', routeOptions: { url: undefined } },
  'an unmatched address': { method: 'GET', url: '/made-up/address', routeOptions: { url: undefined } },
} as unknown as Record<string, FastifyRequest>;

/**
 * What the metrics add to one request, alone: its route's label and one observation of the histogram,
 * timed over a million calls in this process. Answers nanoseconds per request.
 */
function perRequestNanoseconds(request: FastifyRequest): number {
  const histogram = new Histogram({
    name: 'bench_duration_seconds',
    help: 'bench',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [new Registry()],
  });
  const calls = 1_000_000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++)
    histogram.observe({ method: request.method, route: routeLabel(request), status: '2xx' }, 0.0004);
  return Number(process.hrtime.bigint() - started) / calls;
}

/**
 * What keeping the metrics costs a read route (decision 017): the popular list and one topic, on a fresh
 * SQLite data set of 2,000 topics, each measured `RUNS` times against a server without metrics and one
 * with METRICS_TOKEN set (scraped every 15 s meanwhile, and once per run), alternating, so that both meet
 * the machine in the same state. Prints the medians and the spread of the runs.
 */
export async function benchMetricsCost(seconds: number): Promise<void> {
  const { dataDir, url, topics } = await freshSmallDataset('podium-metrics-');
  try {
    const routes: [string, string[]][] = [
      ['popular topics', LANGUAGES.map((lang) => `/api/topics/popular/${lang}?limit=20`)],
      ['one topic', topics.map(({ id }) => `/api/topics/${id}?language=en`)],
    ];
    const results = new Map<string, { off: Run[]; on: Run[] }>(
      routes.map(([name]) => [name, { off: [], on: [] }]),
    );
    for (let run = 0; run < RUNS; run++) {
      for (const metrics of ['off', 'on'] as const) {
        const server = await startServerProcess({
          DATA_DIR: dataDir,
          DATABASE_URL: url,
          JOBS_POLL_INTERVAL_MS: '0',
          ...(metrics === 'on' && { METRICS_TOKEN: TOKEN }),
        });
        const scrape = async () => {
          const answer = await fetch(`${server.url}/metrics`, {
            headers: { authorization: `Bearer ${TOKEN}` },
          });
          await answer.text();
          if (answer.status !== 200) throw new Error(`scrape answered ${answer.status}`);
        };
        try {
          for (const [name, paths] of routes) {
            let next = 0;
            const requests: CannonRequest[] = [
              {
                setupRequest: (request) => ({
                  ...request,
                  method: 'GET',
                  path: paths[next++ % paths.length],
                }),
              },
            ];
            // Warm-up: statement caches, the read cache, JIT.
            await load({ url: server.url, connections: 10, seconds: 2, requests });
            const scraper = metrics === 'on' ? setInterval(() => void scrape(), SCRAPE_EVERY_MS) : undefined;
            if (metrics === 'on') await scrape();
            const result = await load({ url: server.url, connections: 10, seconds, requests }).finally(() =>
              clearInterval(scraper),
            );
            if (result.failed > 0) throw new Error(`${name}: ${result.failed} requests failed`);
            results.get(name)?.[metrics].push(result);
          }
        } finally {
          await server.kill();
        }
      }
    }
    console.log(
      `metrics cost (SQLite, ${fmt(SMALL_DATASET_SIZE.topics)} topics, 10 connections, ${RUNS} runs of ${seconds} s each, alternating):`,
    );
    const alone = Object.entries(LABELLED_REQUESTS).map(
      ([kind, request]) => `${kind} ${fmt(perRequestNanoseconds(request))} ns`,
    );
    console.log(`  per request, alone (its label and one histogram observation): ${alone.join(', ')}`);
    for (const [name, { off, on }] of results) {
      const [offRps, onRps] = [median(off.map((r) => r.rps)), median(on.map((r) => r.rps))];
      console.log(
        `  ${name}: off ${fmt(offRps)} req/s (runs ${spread(off.map((r) => r.rps))}), p50 ${median(off.map((r) => r.p50))} ms, p99 ${median(off.map((r) => r.p99))} ms; ` +
          `on ${fmt(onRps)} req/s (runs ${spread(on.map((r) => r.rps))}), p50 ${median(on.map((r) => r.p50))} ms, p99 ${median(on.map((r) => r.p99))} ms; ` +
          `on/off ${(onRps / offRps).toFixed(3)}`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
