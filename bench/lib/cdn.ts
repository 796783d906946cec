import { rmSync } from 'node:fs';
import { LANGUAGES } from '../../common/languages.js';
import { startServerProcess } from '../../server/test/process.js';
import { type CannonRequest, type LoadResult, load } from './autocannon.js';
import { withCpuPerAnswer } from './cpu.js';
import { freshSmallDataset, SMALL_DATASET_SIZE } from './dataset.js';
import { fmt, median, spread } from './format.js';

/** A small data set: what is measured is a revalidation's cost, not the database's. */
const RUNS = 3;
const CONNECTIONS = 10;

/** One load, with the server's CPU per answer (µs). */
async function measure(
  server: { url: string; pid: number },
  requests: CannonRequest[],
  seconds: number,
  expect: '2xx' | '3xx',
): Promise<LoadResult & { cpuUs: number }> {
  return withCpuPerAnswer(server.pid, () =>
    load({ url: server.url, connections: CONNECTIONS, seconds, requests, expect }),
  );
}

/** A path with the ETag its answer carries, and the answer's size (uncompressed). */
interface Validated {
  path: string;
  etag: string;
  bytes: number;
}

async function validatedPaths(url: string, paths: string[]): Promise<Validated[]> {
  const found: Validated[] = [];
  for (const path of paths) {
    const response = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'identity' } });
    const body = await response.arrayBuffer();
    const etag = response.headers.get('etag');
    if (response.status !== 200 || !etag) throw new Error(`${path} answered ${response.status} with no ETag`);
    found.push({ path, etag, bytes: body.byteLength });
  }
  return found;
}

/**
 * Requests `each` in turn. Both sides of a comparison go through it: autocannon sends a fixed request from
 * bytes it made once but calls setupRequest for every request, and the client shares the two cores with
 * the server, so a 304 load built per request beside a fixed baseline would charge the client's extra work
 * to the 304s (it did: 0.73 of the baseline where the server's CPU per answer was the same).
 */
function inTurn(each: { path: string; headers?: Record<string, string> }[]): CannonRequest[] {
  let next = 0;
  return [
    {
      setupRequest: (request) => {
        const { path, headers } = each[next++ % each.length] as (typeof each)[number];
        return { ...request, method: 'GET', path, headers: { ...request.headers, ...headers } };
      },
    },
  ];
}

/** Each path in turn with its ETag as If-None-Match: every answer is a 304. */
const revalidations = (paths: Validated[]) =>
  inTurn(paths.map(({ path, etag }) => ({ path, headers: { 'if-none-match': etag } })));

/**
 * CDN-ready public reads (issue 38, decision 026): a revalidation of a public answer (If-None-Match that
 * names its ETag, answered 304 with no body) beside the trivial baseline GET /api/bench/constant answering
 * a constant document of the same size as the full answer, at 10 connections on a fresh SQLite data set of
 * 2,000 topics: the ranking (200 topics), the popular list (four languages), one topic (200 topics) and,
 * where the web app is built, a topic's page with its language in its address. `RUNS` runs of each,
 * alternating 304 and baseline so that both meet the machine in the same state; prints medians and spreads.
 */
export async function benchCdn(seconds: number): Promise<string[]> {
  const failures: string[] = [];
  const { dataDir, url, topics } = await freshSmallDataset('podium-cdn-');
  try {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      JOBS_POLL_INTERVAL_MS: '0',
      BENCH_ROUTES: 'true',
    });
    try {
      const routes: [string, string[]][] = [
        ['ranking', topics.map(({ id }) => `/api/search/rankings/topic/${id}`)],
        ['popular topics', LANGUAGES.map((lang) => `/api/topics/popular/${lang}?limit=20`)],
        ['one topic', topics.map(({ id }) => `/api/topics/${id}?language=en`)],
      ];
      const page = await fetch(`${server.url}/topic/${topics[0]?.slug}?lng=en`);
      await page.arrayBuffer();
      if (page.status === 200 && page.headers.get('etag'))
        routes.push(['topic page (?lng=en)', topics.slice(0, 20).map(({ slug }) => `/topic/${slug}?lng=en`)]);
      console.log(
        `CDN-ready reads (SQLite, ${fmt(SMALL_DATASET_SIZE.topics)} topics, ${CONNECTIONS} connections, ${RUNS} runs of ${seconds} s each, alternating):`,
      );
      for (const [name, paths] of routes) {
        const validated = await validatedPaths(server.url, paths);
        const bytes = Math.round(validated.reduce((sum, { bytes }) => sum + bytes, 0) / validated.length);
        const measured = {
          notModified: [] as (LoadResult & { cpuUs: number })[],
          baseline: [] as (LoadResult & { cpuUs: number })[],
        };
        const baseline = inTurn([{ path: `/api/bench/constant?bytes=${bytes}` }]);
        const target = { url: server.url, pid: server.child.pid as number };
        // Warm-up of both paths: the read cache, JIT (the first route measured meets a server just started).
        for (const requests of [revalidations(validated), baseline])
          await load({ url: server.url, connections: CONNECTIONS, seconds: 3, requests });
        for (let run = 0; run < RUNS; run++) {
          const revalidated = await measure(target, revalidations(validated), seconds, '3xx');
          const constant = await measure(target, baseline, seconds, '2xx');
          if (revalidated.failed > revalidated.ok / 100)
            throw new Error(`${name}: ${revalidated.failed} answers were not 304 (${revalidated.ok} were)`);
          measured.notModified.push(revalidated);
          measured.baseline.push(constant);
        }
        const rps = (runs: LoadResult[]) => median(runs.map((r) => r.rps));
        const ratio = rps(measured.notModified) / rps(measured.baseline);
        const ok = ratio >= 1;
        if (!ok) failures.push(`${name}: 304 answers at ${ratio.toFixed(2)}x the constant baseline's req/s`);
        console.log(
          `  ${name} (${fmt(bytes)} B answered in full): 304 ${fmt(rps(measured.notModified))} req/s (runs ${spread(measured.notModified.map((r) => r.rps))}), ` +
            `p50 ${median(measured.notModified.map((r) => r.p50))} ms, p99 ${median(measured.notModified.map((r) => r.p99))} ms; ` +
            `constant ${fmt(bytes)} B ${fmt(rps(measured.baseline))} req/s (runs ${spread(measured.baseline.map((r) => r.rps))}), ` +
            `p50 ${median(measured.baseline.map((r) => r.p50))} ms; 304/constant ${ratio.toFixed(2)} ${ok ? 'ok' : 'UNDER BASELINE'}; ` +
            `server CPU per answer: 304 ${fmt(median(measured.notModified.map((r) => r.cpuUs)))} µs (runs ${spread(measured.notModified.map((r) => r.cpuUs))}), ` +
            `constant ${fmt(median(measured.baseline.map((r) => r.cpuUs)))} µs (runs ${spread(measured.baseline.map((r) => r.cpuUs))})` +
            `; answers other than 304: ${measured.notModified.reduce((sum, r) => sum + r.failed, 0)}`,
        );
      }
    } finally {
      await server.kill();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return failures;
}
