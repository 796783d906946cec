/**
 * `npm run bench`: every performance figure in one run, checked against the budgets in bench/budgets.ts.
 *
 *   npm run bench [-- --only sqlite,postgres,web,fuzz,streams,freshness,merge,reset,relevance,metrics,integrity,proxy,start,snapshot,snapshot-postgres,cdn,cards,embeds,notifications] [--seconds 10] [--mixed-seconds 60] [--votes-only] [--rankings-only] [--cpu-profile DIR]
 *
 * For each database it reuses (or loads) the seed:bench data set of 100,000 topics, 20,000 users and
 * 1,000,000 votes, starts the real server as its own process and measures, at 10 connections,
 * popular topics, one topic, one ranking (over all time and over the last 365, 30 and 7 days), search, a topic page's HTML (and the same pages amid as many requests
 * for made-up topics) and vote submission (requests/s, p50, p99), each
 * read route beside the trivial baseline GET /api/bench/constant answering a constant document of
 * the same size (the ratio the budgets check); single-client search p95 over a 50-query mix;
 * votes/s at 50 connections; a 60 s mixed workload (80% browse, 15% search, 5% votes) at 50
 * connections with its error count; then the exactness check of every ranking total. The server's memory
 * (its anonymous memory, RssAnon, which leaves out the SQLite file mapped into it, and its RSS) is reported
 * at rest, after the topic pages amid one-off addresses, around ~6,000 noisy addresses of 10 topic pages
 * (`?page=01`, `?tags=b,a`, unknown parameters: one page each, kept once) and under the mixed workload
 * (before, and its peak). On a large machine V8 lets its heap grow lazily; `NODE_OPTIONS=--max-old-space-size=256`
 * runs the server with the heap limit V8 gives itself on a 512 MB machine. It also reports
 * the web's first-load JavaScript per route, Lighthouse (median of three runs: scores, FCP, LCP, TBT, CLS and
 * the machine's benchmarkIndex) for home, search, a topic and a hub, and runs
 * the hostile-request property test with 10,000 requests per route (BENCH_FUZZ_PER_ROUTE).
 * `streams` measures the server's memory with 1,000 and 10,000 open live-ranking streams (against as many
 * idle HTTP connections) and how long one vote takes to reach them all, on a fresh SQLite server.
 * `merge` loads a topic where two propositions are named by 10,000 ballots each, on SQLite and on
 * PostgreSQL, and merges one into the other through the API while ten voters keep voting (issue 34).
 * `freshness` loads a topic of 60 propositions and 100,000 ballots into a fresh SQLite database and times,
 * after each of 200 ballots, the ranking route's answer that carries it with its head to head (issue 33).
 * `relevance` runs the search relevance set (server/modules/search/relevance-set.ts) on a fresh demo
 * catalogue and prints Podium's hit@3 beside MiniSearch's, overall, per kind and per interface language.
 * `metrics` measures the popular list and one topic on a small fresh SQLite data set with the Prometheus
 * metrics off and on (METRICS_TOKEN, scraped meanwhile), three runs each, alternating (decision 017).
 * `cdn` measures revalidations of public reads (304 to If-None-Match) of the ranking, the popular list, one
 * topic and a topic page against the constant-document baseline of the full answer's size, on a small
 * fresh SQLite data set, three runs each, alternating (decision 026).
 * `cards` measures share cards (decision 028) on a small fresh SQLite data set: an uncached card's time (its
 * model read and drawn on the worker thread), a cached card's under load, and the cards drawn during a
 * burst of 1,000 ballots on one topic.
 * `embeds` opens 1,000 live embeds (each its embed page, then its live stream) spread over five topics and
 * over loopback addresses against one fresh SQLite server, reports its RSS and heap before and after and the
 * time a ballot's event takes to reach every embed of its topic; three runs, each on a fresh server (decision 029).
 * `notifications` moves the #1 of a topic followed by 10,000 people, 1,000 of them with the notification stream
 * open, on a fresh SQLite data set: the time to the last notification written and to the last stream that hears
 * it, and ballots per second on other topics meanwhile beside the same load without it (decision 032).
 * `start` times `npm start` to ready on the demo data once built, beside the launcher through tsx as it ran
 * before and the server bundle alone (issue 40).
 * `--votes-only` measures just the vote submissions (10 and 50 connections) and the exactness check;
 * `--search-only` just the single-client search p95 and the mixed workload with the server's memory;
 * `--rankings-only` just the ranking route in each time window beside its baselines.
 * `--cpu-profile DIR` has every server it starts write its CPU profile into DIR when it stops.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES } from '../common/languages.js';
import { firstLoadJs } from '../scripts/bundle-size.js';
import { buildWebIfStale } from '../scripts/web-build.js';
import { findTotalsMismatches } from '../server/db/integrity.js';
import { LIFTED_CREATION_LIMITS, startServerProcess } from '../server/test/process.js';
import { BUDGETS } from './budgets.js';
import { type CannonRequest, load } from './lib/autocannon.js';
import { benchCards } from './lib/cards.js';
import { benchCdn } from './lib/cdn.js';
import { withCpuPerAnswer } from './lib/cpu.js';
import {
  type BenchDatabase,
  benchEnvironment,
  ensureBenchDataset,
  openBenchDatabase,
} from './lib/dataset.js';
import { benchEmbeds } from './lib/embeds.js';
import { fmt } from './lib/format.js';
import { benchFreshness } from './lib/freshness.js';
import { benchIntegrityScreen } from './lib/integrity-screen.js';
import { lighthouseMedian } from './lib/lighthouse.js';
import { formatMemory, memoryKb, memoryPeak } from './lib/memory.js';
import { benchMerge } from './lib/merge.js';
import { benchMetricsCost } from './lib/metrics-cost.js';
import { benchNotifications } from './lib/notifications.js';
import { benchProxy } from './lib/proxy.js';
import { benchRelevance } from './lib/relevance.js';
import { benchResetTiming } from './lib/reset-timing.js';
import { SEARCH_QUERY_MIX, UNSEEN_SEARCH_QUERIES } from './lib/search-queries.js';
import { SingleClient } from './lib/single-client.js';
import { benchSnapshot } from './lib/snapshot.js';
import { benchStartTime } from './lib/start-time.js';
import { benchStreams } from './lib/streams.js';
import { mintTokens } from './lib/tokens.js';

const { values } = parseArgs({
  options: {
    only: {
      type: 'string',
      default:
        'sqlite,postgres,web,fuzz,streams,freshness,merge,reset,relevance,metrics,integrity,proxy,start,snapshot,cdn,cards,embeds',
    },
    seconds: { type: 'string', default: '10' },
    'mixed-seconds': { type: 'string', default: '60' },
    'votes-only': { type: 'boolean', default: false },
    'search-only': { type: 'boolean', default: false },
    'rankings-only': { type: 'boolean', default: false },
    'cpu-profile': { type: 'string' },
  },
});
// Every server the bench starts writes V8's CPU profile (`.cpuprofile`, for Chrome's DevTools) into this folder.
if (values['cpu-profile']) process.env.PODIUM_CPU_PROFILE_DIR = resolve(values['cpu-profile']);
const sections = new Set(values.only.split(','));
const SECONDS = Number(values.seconds);
const MIXED_SECONDS = Number(values['mixed-seconds']);
const VOTES_ONLY = values['votes-only'];
const SEARCH_ONLY = values['search-only'];
/** Just the ranking route in each time window (issue 37) beside its baselines, and the exactness check. */
const RANKINGS_ONLY = values['rankings-only'];
const failures: string[] = [];
const budget = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
  return ok ? 'ok' : 'OVER BUDGET';
};

/** Lighthouse runs per page; the median of each figure is printed (issue 23). */
const LIGHTHOUSE_RUNS = 3;

/** Every bench ballot is a full top 3: one submission saves three votes (rows of the votes table). */
const VOTES_PER_BALLOT = 3;

const searchPath = ([lang, q]: readonly [string, string]) =>
  `/api/search/smart?q=${encodeURIComponent(q)}&lang=${lang}`;

/** Mean size of the answers to these paths, in bytes (uncompressed, as autocannon receives them). */
/** The bytes each answer takes on the wire (compressed, when `headers` ask for it), on average. */
async function averageResponseBytes(
  url: string,
  paths: readonly string[],
  headers: Record<string, string> = { 'accept-encoding': 'identity' },
): Promise<number> {
  let total = 0;
  for (const path of paths) {
    const response = await fetch(`${url}${path}`, { headers });
    const body = await response.arrayBuffer();
    // fetch decompresses what it reads: the length the server sent is the wire's.
    total += Number(response.headers.get('content-length')) || body.byteLength;
  }
  return Math.round(total / paths.length);
}

/**
 * What Chromium sends as Accept-Encoding: the pages are kept as brotli (decision 012), so a page read as
 * browsers ask costs a lookup, and read uncompressed (the load tool's default) a decompression as well.
 */
const AS_BROWSERS_ASK = { 'accept-encoding': 'gzip, deflate, br, zstd' };

interface FirstRenders {
  count: number;
  p50: number;
  max: number;
}

/**
 * ~6,000 addresses of a few topic pages that differ only by noise in their query: a page number written
 * with leading zeros (`?page=01`, the first page), tags in another order (`?tags=b,a`), a parameter no
 * page reads. Each is one of the same few pages; a server that keys its pages by the address as written
 * keeps thousands of copies. Sent 10 at a time; answers the statuses seen.
 */
async function noisyAddresses(
  url: string,
  topicIds: readonly number[],
  count = 6_000,
): Promise<Map<number, number>> {
  const tags = ['b,a', 'a,b', 'a,,b', 'b,a,a'];
  const addresses = Array.from({ length: count }, (_, i) => {
    const id = topicIds[i % topicIds.length];
    const zeros = '0'.repeat(1 + (Math.floor(i / topicIds.length) % 150));
    const variant = i % 3;
    const noise =
      variant === 0
        ? `page=${zeros}1`
        : variant === 1
          ? `tags=${tags[i % tags.length]}&page=${zeros}2`
          : `utm_source=n${i}`;
    return `/topic/${id}?lng=fr&${noise}&ref=${i}`;
  });
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < addresses.length) {
        const response = await fetch(`${url}${addresses[next++]}`);
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

/** Requests each page once, one at a time: what a page costs before the server keeps it. */
async function timedFirstRenders(url: string, paths: readonly string[]): Promise<FirstRenders> {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    await (await fetch(`${url}${path}`)).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { count: times.length, p50: times[Math.floor(times.length / 2)] ?? 0, max: times.at(-1) ?? 0 };
}

async function benchDatabase(kind: BenchDatabase) {
  const dataset = await ensureBenchDataset(kind);
  const handle = openBenchDatabase(kind);
  const popular = await handle.db
    .selectFrom('topics')
    .select('id')
    .where('is_active', '=', 1)
    // Main topics are hubs: they take no ballots and have no ranking of their own.
    .where('is_main', '=', 0)
    .orderBy('vote_count', 'desc')
    .limit(500)
    .execute();
  const topicIds = popular.map((row) => row.id);
  const names = await handle.db
    .selectFrom('propositions')
    .select(['topic_id', 'name'])
    .where('topic_id', 'in', topicIds.slice(0, 200))
    .execute();
  const namesByTopic = new Map<number, string[]>();
  for (const row of names)
    namesByTopic.set(row.topic_id, [...(namesByTopic.get(row.topic_id) ?? []), row.name]);
  const voters = await mintTokens(handle, 5000);
  // What each server's typo vocabulary holds (server/modules/search/vocabulary.ts).
  const vocabulary = Number(
    (
      await handle.db
        .selectFrom('search_terms')
        .select((eb) => eb.fn.count<number>('term').distinct().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await handle.close();

  // 5,000 accounts sending thousands of ballots a second from one address: the creation limits are lifted.
  console.log(
    `${kind}: creation limits lifted for the load (${Object.keys(LIFTED_CREATION_LIMITS).join(', ')})`,
  );
  // The served pages are measured too (a topic page's HTML): the server serves web/dist.
  buildWebIfStale();
  const server = await startServerProcess({
    ...benchEnvironment(kind),
    LOG_LEVEL: 'warn',
    SEED: 'none',
    BENCH_ROUTES: 'true',
    ...LIFTED_CREATION_LIMITS,
  });
  const url = server.url;
  const pid = server.child.pid as number;
  // The first search after the start, before anything else has asked the server anything (issue 41).
  const firstClient = new SingleClient(url);
  const firstSearch = SEARCH_QUERY_MIX[2] as readonly [string, string];
  const firstSearchMs = VOTES_ONLY || RANKINGS_ONLY ? 0 : await firstClient.time(searchPath(firstSearch));
  firstClient.close();
  const memoryLines = [`${kind}: server memory at rest: ${formatMemory(memoryKb(pid))}`];
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;
  const voteTopics = [...namesByTopic.keys()];
  const voteRequest = (): CannonRequest => ({
    method: 'POST',
    path: '/api/search/propositions',
    setupRequest(request) {
      const voter = pick(voters);
      const topicId = pick(voteTopics);
      const existing = namesByTopic.get(topicId) ?? [];
      const chosen = new Set<string>();
      while (chosen.size < VOTES_PER_BALLOT)
        chosen.add(
          Math.random() < 0.8 && existing.length > 3
            ? pick(existing)
            : `Bench place ${Math.floor(Math.random() * 50)}`,
        );
      const propositions = [...chosen].map((itemName, i) => ({ itemName, points: 3 - i, userId: voter.id }));
      // Method and path are set here too: the mixed workload calls this on a request shaped as a GET.
      return {
        ...request,
        method: 'POST',
        path: '/api/search/propositions',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${voter.token}` },
        body: JSON.stringify({ topicId, propositions, userTags: [] }),
      };
    },
  });
  const rotating = (paths: string[], headers: Record<string, string> = {}): CannonRequest[] => [
    { setupRequest: (request) => ({ ...request, method: 'GET', path: pick(paths), headers }) },
  ];

  try {
    const popularPaths = LANGUAGES.map((lang) => `/api/topics/popular/${lang}?limit=20`);
    const topicPaths = topicIds.slice(0, 200).map((id) => `/api/topics/${id}?language=en`);
    const rankingPaths = topicIds.slice(0, 200).map((id) => `/api/search/rankings/topic/${id}?language=fr`);
    // Issue 37: the same rankings over each time window (ballots spread over two years by seed:bench).
    const windowPaths = (window: string) => rankingPaths.map((path) => `${path}&window=${window}`);
    const topicPagePaths = topicIds.slice(0, 200).map((id) => `/topic/${id}?lng=fr`);
    const searchPaths = SEARCH_QUERY_MIX.map(searchPath);
    // [name, paths, held to the browse budgets, request headers]. Search's budget is its single-client p95
    // below; its rate and ratio are reported (the search issue asks for them, without a target).
    const reads: [string, string[], boolean, Record<string, string>?][] = [
      ['popular topics', popularPaths, true],
      ['one topic', topicPaths, true],
      ['ranking', rankingPaths, true],
      ['ranking, last 365 days', windowPaths('year'), true],
      ['ranking, last 30 days', windowPaths('month'), true],
      ['ranking, last 7 days', windowPaths('week'), true],
      ['search (smart)', searchPaths, false],
      // Issue 23: a topic page's HTML (head tags with the ranking's structured data, the UI catalog), as
      // browsers ask for it; then uncompressed, as a client that takes no compression gets it.
      ['topic page (HTML), as browsers ask', topicPagePaths, true, AS_BROWSERS_ASK],
      ['topic page (HTML), uncompressed', topicPagePaths, false],
    ];
    // Warm-up: statement caches, vocabularies, JIT.
    await load({ url, connections: 10, seconds: 3, requests: rotating(searchPaths) });
    let firstRenders: FirstRenders | undefined;
    const measure = (requests: CannonRequest[]) => load({ url, connections: 10, seconds: SECONDS, requests });
    /**
     * The topic pages read most, each request beside one for an address never asked for before (a
     * made-up topic: a not-found page, kept apart from the pages that exist), both as browsers ask. Every
     * kept page shares one cache, and the pages read most must stay in it: the kept topic pages served per
     * second, beside their rate alone.
     */
    let pagesAmidOneOffs = '';
    const topicPagesAmidOneOffs = async (aloneRps: number) => {
      let madeUp = 0;
      const mixed = await measure([
        {
          setupRequest: (request) => ({
            ...request,
            method: 'GET',
            path: ++madeUp % 2 ? pick(topicPagePaths) : `/topic/made-up-${madeUp}?lng=fr`,
            headers: AS_BROWSERS_ASK,
          }),
        },
      ]);
      memoryLines.push(
        `${kind}: server memory after the topic pages amid one-off addresses: ${formatMemory(memoryKb(pid))}`,
      );
      const before = memoryKb(pid);
      const statuses = await noisyAddresses(url, topicIds.slice(0, 10));
      const answered = [...statuses].map(([status, n]) => `${fmt(n)} x ${status}`).join(', ');
      memoryLines.push(
        `${kind}: 6,000 noisy addresses of 10 topic pages (${answered}): server memory ${formatMemory(before)} before, ${formatMemory(memoryKb(pid))} after`,
      );
      return `${kind}: topic pages amid as many one-off addresses (${fmt(madeUp / 2)} made-up topics): ${fmt(mixed.rps)} kept pages/s, p99 ${mixed.p99} ms, ${(mixed.rps / aloneRps).toFixed(2)} of their rate alone`;
    };

    const rows: string[] = [];
    if (!VOTES_ONLY && !SEARCH_ONLY) {
      const live = await measure([{ method: 'GET', path: '/api/live' }]);
      rows.push(
        `| /api/live (42-byte reference) | ${fmt(live.rps)} | ${live.p50} | ${live.p99} | | | | ${live.failed} | |`,
      );
      for (const [name, paths, budgeted, headers] of reads) {
        if (RANKINGS_ONLY && !name.startsWith('ranking')) continue;
        // Each page rendered once just before its route is first measured (a page is then served from
        // memory until a change drops it, or for its lifetime): the steady state is measured, the first
        // render apart.
        if (paths === topicPagePaths && !firstRenders)
          firstRenders = await timedFirstRenders(url, topicPagePaths);
        // The baseline is the server's constant document of the same size as this route's answers on the wire.
        const bytes = await averageResponseBytes(url, paths.slice(0, 50), headers);
        const baseline = await measure([{ method: 'GET', path: `/api/bench/constant?bytes=${bytes}` }]);
        const result = await measure(rotating(paths, headers));
        const ratio = result.rps / baseline.rps;
        const verdict = budgeted
          ? budget(
              ratio >= BUDGETS.minRatioToTrivial && result.p99 <= BUDGETS.maxReadP99Ms,
              `${kind} ${name}: ratio ${ratio.toFixed(2)}, p99 ${result.p99} ms`,
            )
          : 'reported';
        rows.push(
          `| ${name} | ${fmt(result.rps)} | ${result.p50} | ${result.p99} | ${fmt(bytes)} | ${fmt(baseline.rps)} | ${ratio.toFixed(2)} | ${result.failed} | ${verdict} |`,
        );
        if (headers === AS_BROWSERS_ASK) pagesAmidOneOffs = await topicPagesAmidOneOffs(result.rps);
      }
    }
    // With the server's CPU per ballot (its checkpointer thread included): steadier than ballots/s, which the
    // load generator on the same two cores sways.
    const votes =
      SEARCH_ONLY || RANKINGS_ONLY ? undefined : await withCpuPerAnswer(pid, () => measure([voteRequest()]));
    const votesPerSecond = (votes?.rps ?? 0) * VOTES_PER_BALLOT;
    if (votes)
      rows.push(
        `| vote submission: ${fmt(votes.rps)} ballots/s = ${fmt(votesPerSecond)} votes/s, server CPU ${fmt(votes.cpuUs)} µs a ballot | ${fmt(votes.rps)} | ${votes.p50} | ${votes.p99} | | | | ${votes.failed} | ${budget(
          votesPerSecond >= BUDGETS.minVotesPerSecond[kind],
          `${kind} votes/s ${fmt(votesPerSecond)} < ${BUDGETS.minVotesPerSecond[kind]}`,
        )} |`,
      );
    console.log(
      `\n${kind}: ${fmt(dataset.topics)} topics, ${fmt(dataset.votes)} votes, 10 connections, ${SECONDS} s per route`,
    );
    console.log(
      '| route | req/s | p50 ms | p99 ms | response bytes | baseline req/s (constant document, same size) | ratio | failed | budget |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    if (firstRenders)
      console.log(
        `${kind}: a topic page's first render (before it is kept), one at a time over ${firstRenders.count} pages: p50 ${firstRenders.p50.toFixed(1)} ms, max ${firstRenders.max.toFixed(1)} ms`,
      );
    if (pagesAmidOneOffs) console.log(pagesAmidOneOffs);
    console.log(`${kind}: search vocabulary ${fmt(vocabulary)} distinct indexed words`);

    if (!VOTES_ONLY && !RANKINGS_ONLY) {
      // One client, one request at a time; beside it, the constant document of the same mean size
      // through the same client: what the HTTP path alone costs on this machine.
      const client = new SingleClient(url);
      const searchBytes = await averageResponseBytes(url, searchPaths);
      const floor = await client.percentiles(
        [`/api/bench/constant?bytes=${searchBytes}`],
        5 * searchPaths.length,
      );
      const { p50, p95 } = await client.percentiles(searchPaths, 5);
      const unseen = await client.percentiles(UNSEEN_SEARCH_QUERIES.map(searchPath), 1);
      client.close();
      console.log(
        `\n${kind}: single-client search over ${SEARCH_QUERY_MIX.length} queries x 5: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${budget(p95 <= BUDGETS.maxSearchP95Ms, `${kind} search p95 ${p95.toFixed(1)} ms`)}); the constant ${fmt(searchBytes)}-byte document: p50 ${floor.p50.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms`,
      );
      console.log(
        `${kind}: single-client search over ${UNSEEN_SEARCH_QUERIES.length} queries not asked before: p50 ${unseen.p50.toFixed(1)} ms, p95 ${unseen.p95.toFixed(1)} ms (${budget(unseen.p95 <= BUDGETS.maxUnseenSearchP95Ms, `${kind} unseen search p95 ${unseen.p95.toFixed(1)} ms`)})`,
      );
      console.log(
        `${kind}: the first search after a start ("${firstSearch[1]}"): ${firstSearchMs.toFixed(1)} ms (${budget(firstSearchMs <= BUDGETS.maxFirstSearchMs, `${kind} first search after a start ${firstSearchMs.toFixed(1)} ms`)})`,
      );
    }

    if (!SEARCH_ONLY && !RANKINGS_ONLY) {
      const votes50 = await withCpuPerAnswer(pid, () =>
        load({ url, connections: 50, seconds: SECONDS, requests: [voteRequest()] }),
      );
      console.log(
        `${kind}: vote submissions at 50 connections: ${fmt(votes50.rps)} ballots/s (${fmt(votes50.rps * VOTES_PER_BALLOT)} votes/s), p99 ${votes50.p99} ms, failed ${votes50.failed}, server CPU ${fmt(votes50.cpuUs)} µs a ballot`,
      );
    }

    if (!VOTES_ONLY && !RANKINGS_ONLY) {
      const browse = [...popularPaths, ...topicPaths, ...rankingPaths];
      const vote = voteRequest();
      const voteSetup = vote.setupRequest ?? ((request: CannonRequest) => request);
      const before = memoryKb(pid);
      const peak = memoryPeak(pid);
      const mixed = await load({
        url,
        connections: 50,
        seconds: MIXED_SECONDS,
        requests: [
          {
            setupRequest(request, context) {
              const roll = Math.random();
              if (roll < 0.05) return voteSetup(request, context);
              return {
                ...request,
                method: 'GET',
                headers: {},
                body: undefined,
                path: roll < 0.2 ? pick(searchPaths) : pick(browse),
              };
            },
          },
        ],
      }).finally(() => peak.stop());
      memoryLines.push(
        `${kind}: server memory under the mixed workload: ${formatMemory(before)} before, peak ${formatMemory(peak.stop())}`,
      );
      console.log(
        `${kind}: mixed 80% browse / 15% search / 5% votes, 50 connections, ${MIXED_SECONDS} s: ${fmt(mixed.rps)} req/s, p50 ${mixed.p50} ms, p99 ${mixed.p99} ms, errors ${mixed.failed} (${budget(mixed.failed <= BUDGETS.maxMixedErrors, `${kind} mixed workload errors ${mixed.failed}`)})`,
      );
    }
    for (const line of memoryLines) console.log(line);
  } finally {
    await server.kill('SIGTERM');
  }
  const check = openBenchDatabase(kind);
  const mismatches = await findTotalsMismatches(check.db);
  await check.close();
  console.log(
    `${kind}: exactness check after the load: ${mismatches.length === 0 ? 'every total exact' : `${mismatches.length} mismatches`}`,
  );
  if (mismatches.length > 0) failures.push(`${kind}: ${mismatches.length} totals differ from the votes`);
}

async function benchWeb() {
  buildWebIfStale();
  const { entryKb, routes } = firstLoadJs();
  console.log(
    `\nweb: first-load JavaScript ${entryKb.toFixed(1)} KB gzip (${budget(entryKb <= BUDGETS.maxFirstLoadKb, `first-load JS ${entryKb.toFixed(1)} KB`)})`,
  );
  for (const { route, kb } of routes)
    console.log(`  ${route.replace('src/pages/', '')}: +${kb.toFixed(1)} KB gzip on first visit`);

  // The same pages as the browser renders them (the web app as it was before issue 23): the build
  // without its server entry, which the server then serves as the shell.
  const browserRenderedDist = mkdtempSync(join(tmpdir(), 'podium-browser-rendered-'));
  cpSync('web/dist', browserRenderedDist, {
    recursive: true,
    filter: (from) => !from.includes('/dist/server'),
  });
  // The pages of the SQLite data set (loaded here when `--only web` runs on a machine without it).
  await ensureBenchDataset('sqlite');
  const environment = { ...benchEnvironment('sqlite'), LOG_LEVEL: 'warn', SEED: 'none' };
  const servers = {
    'browser-rendered (before)': await startServerProcess({
      ...environment,
      WEB_DIST_DIR: browserRenderedDist,
    }),
    'server-rendered (now)': await startServerProcess(environment),
  };
  try {
    const handle = openBenchDatabase('sqlite');
    const [topic, hub] = await Promise.all(
      [0, 1].map((isMain) =>
        handle.db
          .selectFrom('topics')
          .select('id')
          .where('is_main', '=', isMain)
          .orderBy('vote_count', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow(),
      ),
    );
    await handle.close();
    const pages = {
      home: '/?lng=en',
      search: '/search?q=pizza&lng=en',
      topic: `/topic/${topic?.id}?lng=en`,
      hub: `/topic/${hub?.id}?lng=en`,
    };
    console.log(
      `Lighthouse 12, mobile, simulated throttling, median of ${LIGHTHOUSE_RUNS} runs per page (each figure its own median)`,
    );
    console.log(
      '| page | rendered | performance | accessibility | SEO | FCP ms | LCP ms | TBT ms | CLS | benchmarkIndex | budget |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [name, path] of Object.entries(pages)) {
      for (const [rendered, server] of Object.entries(servers)) {
        const run = lighthouseMedian(`${server.url}${path}`, LIGHTHOUSE_RUNS);
        const now = server === servers['server-rendered (now)'];
        const verdict = now
          ? budget(
              run.performance >= BUDGETS.minLighthouse.performance &&
                run.accessibility >= BUDGETS.minLighthouse.accessibility &&
                run.seo >= BUDGETS.minLighthouse.seo,
              `Lighthouse ${name}: performance ${run.performance}, accessibility ${run.accessibility}, SEO ${run.seo}`,
            )
          : 'baseline';
        const score = (value: number) => Math.round(value * 100);
        console.log(
          `| ${name} | ${rendered} | ${score(run.performance)} | ${score(run.accessibility)} | ${score(run.seo)} | ${Math.round(run.firstContentfulPaint)} | ${Math.round(run.largestContentfulPaint)} | ${Math.round(run.totalBlockingTime)} | ${run.cumulativeLayoutShift.toFixed(3)} | ${Math.round(run.benchmarkIndex)} | ${verdict} |`,
        );
      }
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.kill('SIGTERM')));
    rmSync(browserRenderedDist, { recursive: true, force: true });
  }
}

function benchFuzz() {
  const perRoute = process.env.BENCH_FUZZ_PER_ROUTE ?? '10000';
  const rawRuns = process.env.BENCH_RAW_HTTP_RUNS ?? '20000';
  console.log(`\nhostile requests: ${perRoute} per route, and ${rawRuns} raw HTTP requests (vitest, SQLite)`);
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'api-sqlite',
      'server/robustness/hostile-requests.test.ts',
      'server/robustness/raw-http.test.ts',
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, FUZZ_REQUESTS_PER_ROUTE: perRoute, RAW_HTTP_RUNS: rawRuns },
    },
  );
  if (result.status !== 0) failures.push('a hostile-request property test failed');
}

for (const kind of ['sqlite', 'postgres'] as const) if (sections.has(kind)) await benchDatabase(kind);
if (sections.has('web')) await benchWeb();
if (sections.has('fuzz')) benchFuzz();
if (sections.has('streams')) await benchStreams();
if (sections.has('embeds')) await benchEmbeds();
if (sections.has('freshness')) await benchFreshness();
if (sections.has('merge')) await benchMerge(['sqlite', 'postgres']);
if (sections.has('reset')) await benchResetTiming(['sqlite', 'postgres']);
if (sections.has('integrity') && !(await benchIntegrityScreen(['sqlite', 'postgres']))) {
  failures.push('the integrity screen answered a topic of 100,000 ballots in 200 ms or more');
}
if (sections.has('relevance')) await benchRelevance();
if (sections.has('snapshot')) failures.push(...(await benchSnapshot(['sqlite'], SECONDS)));
if (sections.has('snapshot-postgres')) failures.push(...(await benchSnapshot(['postgres'], SECONDS)));
if (sections.has('metrics')) await benchMetricsCost(SECONDS);
if (sections.has('proxy')) failures.push(...(await benchProxy(SECONDS)));
if (sections.has('cdn')) failures.push(...(await benchCdn(SECONDS)));
if (sections.has('cards')) failures.push(...(await benchCards(SECONDS)));
if (sections.has('start')) failures.push(...(await benchStartTime()));
if (sections.has('notifications')) failures.push(...(await benchNotifications()));

if (failures.length > 0) {
  console.log(`\nBudgets broken:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nEvery budget holds.');
