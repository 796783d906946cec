import { rmSync } from 'node:fs';
import { openDatabase } from '../../server/db/database.js';
import { CARD_RENEWAL_MS } from '../../server/modules/cards/service.js';
import { LIFTED_CREATION_LIMITS, startServerProcess } from '../../server/test/process.js';
import { load } from './autocannon.js';
import { freshSmallDataset } from './dataset.js';
import { fmt, median } from './format.js';
import { mintTokens } from './tokens.js';

/** What the issue asks of a card (issue 38): served from the cache, and drawn anew. */
const CACHED_P99_BUDGET_MS = 50;
const UNCACHED_P99_BUDGET_MS = 500;
/** Cards drawn one after another, each for a topic and language not drawn before. */
const UNCACHED_CARDS = 60;
/** Reads of kept cards, one after another. */
const CACHED_READS = 300;
const CONNECTIONS = 10;
const BURST_BALLOTS = 1_000;
/** Ballots sent at once during the burst. */
const BURST_CONCURRENCY = 10;
/** How often a reader asks for the card during the burst (a crawler, a share). */
const POLL_INTERVAL_MS = 50;
const METRICS_TOKEN = 'bench-cards-metrics-token-of-32-characters';

/** The percentile `p` (0-100) of some timings. */
const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

/** Cards drawn by the server since its start, from its metrics. */
async function rendersOf(url: string): Promise<number> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = /^podium_share_card_renders_total (\d+)/m.exec(text);
  if (!line) throw new Error('the server exposes no podium_share_card_renders_total');
  return Number(line[1]);
}

/**
 * Share cards (issue 38, decision 028), on a fresh SQLite data set of 2,000 topics: the time to draw a card
 * not kept yet (a topic and language asked for the first time: its model read, drawn on the worker thread),
 * p50 and p99 of UNCACHED_CARDS asked one after another; a kept card served under load (10 connections),
 * p50 and p99; and the cards drawn while 1,000 ballots arrive on one topic, 10 at a time, as a reader asks
 * for its card every 50 ms. Returns the budgets broken.
 */
export async function benchCards(seconds: number): Promise<string[]> {
  const failures: string[] = [];
  const { dataDir, url, topics } = await freshSmallDataset('podium-cards-');
  try {
    const voters = await burstVoters(url, dataDir);
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      JOBS_POLL_INTERVAL_MS: '0',
      METRICS_TOKEN,
      BENCH_ROUTES: 'true',
      ...LIFTED_CREATION_LIMITS,
    });
    try {
      const cardPath = (id: number, language: string) => `/api/topics/${id}/card.png?lng=${language}`;
      // The worker starts with the first card (satori's layout engine, ~0.4 s): not a visitor's wait.
      await (await fetch(`${server.url}${cardPath(topics[0]?.id ?? 1, 'fr')}`)).arrayBuffer();

      const uncached: number[] = [];
      for (const [index, topic] of topics.slice(1, UNCACHED_CARDS + 1).entries()) {
        const started = performance.now();
        const response = await fetch(
          `${server.url}${cardPath(topic.id, ['en', 'de', 'es'][index % 3] as string)}`,
        );
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`a card answered ${response.status}`);
        uncached.push(performance.now() - started);
      }
      const uncachedP99 = percentile(uncached, 99);
      const uncachedOk = uncachedP99 < UNCACHED_P99_BUDGET_MS;
      if (!uncachedOk) failures.push(`an uncached share card took ${fmt(uncachedP99)} ms at p99`);

      const keptPaths = topics
        .slice(1, UNCACHED_CARDS + 1)
        .map(({ id }, index) => cardPath(id, ['en', 'de', 'es'][index % 3] as string));
      // One reader at a time (a crawler fetching a shared link's image): the time a kept card takes.
      const served: number[] = [];
      for (let n = 0; n < CACHED_READS; n++) {
        const started = performance.now();
        const response = await fetch(`${server.url}${keptPaths[n % keptPaths.length]}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`a kept card answered ${response.status}`);
        served.push(performance.now() - started);
      }
      const cachedP99 = percentile(served, 99);
      const cachedOk = cachedP99 < CACHED_P99_BUDGET_MS;
      if (!cachedOk) failures.push(`a cached share card took ${fmt(cachedP99, 1)} ms at p99`);
      // Under load, beside the constant document of the same size (what the machine gives any answer).
      let next = 0;
      const loaded = await load({
        url: server.url,
        connections: CONNECTIONS,
        seconds,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              method: 'GET',
              path: keptPaths[next++ % keptPaths.length],
            }),
          },
        ],
      });
      const bytes = (await (await fetch(`${server.url}${keptPaths[0]}`)).arrayBuffer()).byteLength;
      const constant = await load({
        url: server.url,
        connections: CONNECTIONS,
        seconds,
        requests: [{ method: 'GET', path: `/api/bench/constant?bytes=${bytes}` }],
      });

      const burst = await ballotBurst(server.url, topics[0]?.id ?? 1, voters);
      console.log(
        `Share cards (SQLite, ${fmt(topics.length)} of 2,000 topics read):\n` +
          `  uncached card (model read and drawn on the worker), ${uncached.length} cards one after another: ` +
          `p50 ${fmt(median(uncached), 1)} ms, p99 ${fmt(uncachedP99, 1)} ms (budget < ${UNCACHED_P99_BUDGET_MS}) ${uncachedOk ? 'UNDER BUDGET' : 'OVER BUDGET'}\n` +
          `  cached card, ${CACHED_READS} reads one after another: p50 ${fmt(median(served), 1)} ms, p99 ${fmt(cachedP99, 1)} ms ` +
          `(budget < ${CACHED_P99_BUDGET_MS}) ${cachedOk ? 'UNDER BUDGET' : 'OVER BUDGET'}\n` +
          `  cached card under load, ${CONNECTIONS} connections, ${seconds} s: ${fmt(loaded.rps)} req/s, p50 ${loaded.p50} ms, p99 ${loaded.p99} ms ` +
          `(${loaded.failed} failed); constant document of its ${fmt(bytes)} B: ${fmt(constant.rps)} req/s, p50 ${constant.p50} ms, p99 ${constant.p99} ms\n` +
          `  burst of ${fmt(BURST_BALLOTS)} ballots on one topic in ${fmt(burst.seconds, 1)} s, its card asked ${fmt(burst.reads)} times: ` +
          `${burst.rendersDuring} cards drawn during it, ${burst.renders} with the first read ${CARD_RENEWAL_MS / 1000} s after it ` +
          `(${burst.etags} different cards served)`,
      );
      if (burst.renders > 2 + Math.ceil((burst.seconds * 1000) / CARD_RENEWAL_MS))
        failures.push(`a burst of ${BURST_BALLOTS} ballots drew its card ${burst.renders} times`);
    } finally {
      await server.kill();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return failures;
}

/** 1,000 voters with tokens (the small data set has 500 users: the others are added). */
async function burstVoters(url: string, dataDir: string): Promise<string[]> {
  const handle = openDatabase({ url });
  try {
    const { count } = await handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const missing = Math.max(0, BURST_BALLOTS - Number(count));
    if (missing > 0)
      await handle.db
        .insertInto('users')
        .values(
          Array.from({ length: missing }, (_, n) => ({
            readable_id: `card-burst-${n}`,
            username: `card-burst-${n}`,
            username_key: `card-burst-${n}`,
            email: `card-burst-${n}@example.test`,
            password_hash: 'not-a-hash',
            language: 'en',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    return (await mintTokens(handle, BURST_BALLOTS, dataDir)).map(({ token }) => token);
  } finally {
    await handle.close();
  }
}

/**
 * 1,000 ballots on the topic, BURST_CONCURRENCY at a time, each putting another of its five leading
 * propositions first (the podium moves all along), while a reader asks for its card every POLL_INTERVAL_MS.
 */
async function ballotBurst(
  url: string,
  topicId: number,
  tokens: string[],
): Promise<{ seconds: number; rendersDuring: number; renders: number; reads: number; etags: number }> {
  const ranking = (await (await fetch(`${url}/api/search/rankings/topic/${topicId}?limit=5`)).json()) as {
    data: { rankings: { itemName: string }[] };
  };
  const names = ranking.data.rankings.map((row) => row.itemName);
  const cardUrl = `${url}/api/topics/${topicId}/card.png?lng=en`;
  await (await fetch(cardUrl)).arrayBuffer();
  const rendersBefore = await rendersOf(url);
  const etags = new Set<string>();
  let reads = 0;
  let voting = true;
  const reader = (async () => {
    while (voting) {
      const response = await fetch(cardUrl);
      await response.arrayBuffer();
      etags.add(response.headers.get('etag') ?? '');
      reads += 1;
      await new Promise((wait) => setTimeout(wait, POLL_INTERVAL_MS));
    }
  })();
  const started = performance.now();
  let sent = 0;
  const voter = async () => {
    while (sent < tokens.length) {
      const n = sent++;
      const propositions = [3, 2, 1].map((points, place) => ({
        itemName: names[(n + place) % names.length],
        points,
      }));
      const response = await fetch(`${url}/api/search/propositions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[n]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ topicId, propositions, userTags: [] }),
      });
      const text = await response.text();
      if (response.status !== 201 && response.status !== 200)
        throw new Error(`a ballot answered ${response.status}: ${text.slice(0, 200)}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: BURST_CONCURRENCY }, voter));
  } finally {
    voting = false;
    await reader;
  }
  const seconds = (performance.now() - started) / 1000;
  const rendersDuring = (await rendersOf(url)) - rendersBefore;
  // Once the renewal time has passed, the next reader gets the card of the final podium.
  await new Promise((wait) => setTimeout(wait, CARD_RENEWAL_MS));
  const final = await fetch(cardUrl);
  await final.arrayBuffer();
  etags.add(final.headers.get('etag') ?? '');
  return {
    seconds,
    rendersDuring,
    renders: (await rendersOf(url)) - rendersBefore,
    reads,
    etags: etags.size,
  };
}
