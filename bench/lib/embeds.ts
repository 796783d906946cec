import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebIfStale } from '../../scripts/web-build.js';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { topicWith } from '../../server/modules/votes/test-helpers.js';
import type { ServerProcess } from '../../server/test/process.js';
import { fmt } from './format.js';
import {
  addressOf,
  type Client,
  closeAll,
  mb,
  openClient,
  PER_ADDRESS,
  settledRssKb,
  takeNetwork,
  waitForStreams,
} from './stream-clients.js';
import { RAISED_CAPS, withServer } from './stream-server.js';
import { fanOut } from './streams.js';

/** Open embeds per run, spread over TOPICS topics and over addresses (PER_ADDRESS each). */
const EMBEDS = 1_000;
const TOPICS = 5;
const RUNS = 3;
const METRICS_TOKEN = 'embed-bench-metrics-token-0123456789abcdef';
const NAMES = Array.from({ length: 10 }, (_, i) => `Embed bench place ${i + 1}`);

/** The server's V8 heap in use (prom-client's default metric on /metrics), in KB. */
async function heapKb(url: string): Promise<number> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const match = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(await response.text());
  return Number(match?.[1] ?? Number.NaN) / 1024;
}

/**
 * One embed as a browser opens it: the embed page (what its iframe loads), then its live stream (what its
 * script opens), from `localAddress`; resolves with the stream's client once its first event has come.
 */
async function openEmbed(url: string, port: number, topicId: number, localAddress: string) {
  const page = await fetch(`${url}/embed/topic/${topicId}?lng=en`);
  await page.arrayBuffer();
  if (page.status !== 200) return `embed page: HTTP ${page.status}`;
  const request = `GET /api/topics/${topicId}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
  return openClient(port, localAddress, request, 1);
}

/** One run on a fresh server: memory idle, with EMBEDS open embeds, and a ballot on each topic timed to its embeds. */
async function run(server: ServerProcess, topicIds: number[]) {
  const pid = server.child.pid ?? Number.NaN;
  const port = Number(new URL(server.url).port);
  // Each topic's embed page once, so the idle figure holds the renderer's code and the kept pages.
  for (const id of topicIds) await (await fetch(`${server.url}/embed/topic/${id}?lng=en`)).arrayBuffer();
  const idle = { rssKb: await settledRssKb(pid), heapKb: await heapKb(server.url) };
  const network = takeNetwork();
  const started = performance.now();
  const clients: Client[] = [];
  const byTopic = new Map<number, Client[]>(topicIds.map((id) => [id, []]));
  const failures: string[] = [];
  for (let first = 0; first < EMBEDS; first += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, EMBEDS - first) }, async (_, i) => {
        const index = first + i;
        const topicId = topicIds[index % topicIds.length] as number;
        const opened = await openEmbed(server.url, port, topicId, addressOf(network, index));
        return { topicId, opened };
      }),
    );
    for (const { topicId, opened } of batch) {
      if (typeof opened === 'string') failures.push(opened);
      else {
        clients.push(opened);
        byTopic.get(topicId)?.push(opened);
      }
    }
  }
  const openSeconds = (performance.now() - started) / 1000;
  await waitForStreams(server.url, clients.length);
  const loaded = { rssKb: await settledRssKb(pid), heapKb: await heapKb(server.url) };
  // One ballot per topic, one after the other: the figure is the slowest topic's last embed.
  const reaches = [];
  for (const [topicId, followers] of byTopic)
    reaches.push(await fanOut(server.url, topicId, NAMES[0] as string, followers));
  closeAll(clients);
  return { idle, loaded, open: clients.length, failures, openSeconds, reaches };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const spread = (values: number[], digits = 0) =>
  `${fmt(median(values), digits)} (${fmt(Math.min(...values), digits)}-${fmt(Math.max(...values), digits)})`;

/**
 * `--only embeds`: one server holds EMBEDS open live embeds (each: its embed page, then its live stream),
 * spread over TOPICS topics and over loopback addresses (PER_ADDRESS each), on 127.0.0.1 only. Reports
 * the server's RSS and V8 heap before and after, per embed, the time to open them all, and the time a
 * ballot's event takes to reach every embed of its topic (the streams bench's fanOut). RUNS runs, each on a fresh server process.
 */
export async function benchEmbeds(): Promise<void> {
  buildWebIfStale();
  const began = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-embeds-'));
  const databaseUrl = `sqlite:${join(dataDir, 'podium.sqlite')}`;
  try {
    const setup = openDatabase({ url: databaseUrl });
    const topicIds: number[] = [];
    try {
      await migrateToLatest(setup);
      for (let i = 0; i < TOPICS; i++) topicIds.push((await topicWith(setup.db, NAMES)).id);
    } finally {
      await setup.close();
    }
    const runs: Awaited<ReturnType<typeof run>>[] = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(
        await withServer(databaseUrl, dataDir, (server) => run(server, topicIds), {
          ...RAISED_CAPS,
          METRICS_TOKEN,
          WEB_DIST_DIR: join(process.cwd(), 'web/dist'),
        }),
      );
    for (const [i, r] of runs.entries()) {
      const failed =
        r.failures.length > 0 ? `; ${r.failures.length} failed (${[...new Set(r.failures)].join(', ')})` : '';
      console.log(
        `embeds run ${i + 1}: ${fmt(r.open)} open${failed}; RSS ${mb(r.idle.rssKb)} -> ${mb(r.loaded.rssKb)} MB, heap ${mb(r.idle.heapKb)} -> ${mb(r.loaded.heapKb)} MB; ballot to every embed of its topic, last ms: ${r.reaches.map((x) => fmt(x.last)).join(', ')}${r.reaches.some((x) => x.missed) ? ' (some never)' : ''}`,
      );
    }
    const per = (pick: (r: (typeof runs)[number]) => number) => runs.map(pick);
    console.log(
      `\n| embeds (${TOPICS} topics, ${PER_ADDRESS} per address) | RSS idle MB | RSS with embeds MB | KB RSS per embed | heap idle MB | heap with embeds MB | KB heap per embed | open all s | ballot reaches all its embeds ms (p50 / last) |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| ${fmt(median(per((r) => r.open)))} | ${spread(
        per((r) => r.idle.rssKb / 1024),
        1,
      )} | ${spread(
        per((r) => r.loaded.rssKb / 1024),
        1,
      )} | ${spread(
        per((r) => (r.loaded.rssKb - r.idle.rssKb) / Math.max(1, r.open)),
        1,
      )} | ${spread(
        per((r) => r.idle.heapKb / 1024),
        1,
      )} | ${spread(
        per((r) => r.loaded.heapKb / 1024),
        1,
      )} | ${spread(
        per((r) => (r.loaded.heapKb - r.idle.heapKb) / Math.max(1, r.open)),
        1,
      )} | ${spread(
        per((r) => r.openSeconds),
        1,
      )} | ${spread(per((r) => median(r.reaches.map((x) => x.p50))))} / ${spread(per((r) => Math.max(...r.reaches.map((x) => x.last))))} |`,
    );
    console.log(
      `embeds: median of ${RUNS} runs (min-max); a ballot's event first waits out the coalescing window (LIVE_EVENT_INTERVAL_MS, 50 ms); section took ${fmt((performance.now() - began) / 1000, 1)} s`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
