/**
 * Browsing speed: npx tsx bench/browse.ts [--duration 10] [--connections 10]
 *
 * Serves the real app from a child process (so the load generator does not share the server's event
 * loop) on a seed:bench database, plus one constant-JSON route that exists only in that child, then
 * measures requests/s and p99 at 10 connections for popular topics, one topic and one ranking, each
 * also as a ratio to the constant route. Targets: ratio >= 0.5 and p99 < 25 ms.
 *
 *   DATA_DIR (default /tmp/podium-bench) holds the SQLite database; when it has none, it is made with
 *   `npm run seed:bench -- --topics 100000 --users 20000 --votes 1000000`. DATABASE_URL selects PostgreSQL.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    serve: { type: 'boolean', default: false },
  },
});

const DATA_DIR = resolve(process.env.DATA_DIR ?? '/tmp/podium-bench');
const TRIVIAL_PATH = '/bench/trivial';

/** Child mode: the app as `npm start` builds it, plus the yardstick route, on a free port. */
async function serve(): Promise<void> {
  const { buildApp } = await import('../server/app.js');
  const { loadConfig } = await import('../server/config.js');
  const { migrateToLatest, openDatabase } = await import('../server/db/database.js');
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR }),
    seed: 'none' as const,
    logLevel: 'silent',
    webDistDir: undefined,
  };
  const database = openDatabase({ url: config.databaseUrl });
  await migrateToLatest(database);
  const { app } = await buildApp({ config, database });
  // Same envelope and about the size of a small answer: what the stack costs for a request doing nothing.
  const constant = { success: true, data: { topicId: 1, voteCount: 0, rankings: [] } };
  app.get(TRIVIAL_PATH, async () => constant);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

interface CannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number }) => Promise<CannonResult>;

function ensureDatabase(): void {
  if (process.env.DATABASE_URL || existsSync(join(DATA_DIR, 'podium.sqlite'))) return;
  console.log(`Seeding ${DATA_DIR} (100,000 topics, 1,000,000 votes); this takes a few minutes…`);
  const result = spawnSync(
    'npm',
    ['run', 'seed:bench', '--', '--topics', '100000', '--users', '20000', '--votes', '1000000'],
    { stdio: 'inherit', env: { ...process.env, DATA_DIR } },
  );
  if (result.status !== 0) throw new Error('seed:bench failed');
}

function startChild(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, DATA_DIR },
  });
  return new Promise((resolveStart, reject) => {
    child.once('message', (message) => {
      resolveStart({ child, base: `http://127.0.0.1:${(message as { port: number }).port}` });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

async function measure(): Promise<void> {
  ensureDatabase();
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const { child, base } = await startChild();
  try {
    // The most voted topic that has a ranking (main topics gather sub-topics, not propositions).
    const popular = await getJson<{ topics: { id: number; type: string }[] }>(
      `${base}/api/topics/popular/fr?limit=20`,
    );
    const topic = popular.topics.find((t) => t.type === 'sub') ?? popular.topics[0];
    if (!topic) throw new Error('the bench database has no active topic');
    const ranking = await getJson<{ rankings: unknown[] }>(`${base}/api/search/rankings/topic/${topic.id}`);

    const routes: [string, string][] = [
      ['trivial (constant JSON)', TRIVIAL_PATH],
      ['popular topics, 20, fr', '/api/topics/popular/fr?limit=20'],
      ['popular topics, 6 (home), en', '/api/topics/popular/en?limit=6'],
      ['one topic, de', `/api/topics/${topic.id}?language=de`],
      [
        `ranking (${ranking.rankings.length} propositions)`,
        `/api/search/rankings/topic/${topic.id}?language=fr`,
      ],
    ];
    const duration = Number(values.duration);
    const connections = Number(values.connections);
    const results: { label: string; result: CannonResult }[] = [];
    for (const [label, path] of routes) {
      // A short warm-up fills statement caches and lets the JIT settle before the measured run.
      await autocannon({ url: base + path, connections, duration: 2 });
      results.push({ label, result: await autocannon({ url: base + path, connections, duration }) });
    }

    const trivial = results[0]?.result.requests.average ?? Number.NaN;
    const table = results.map(({ label, result }) => {
      const ratio = result.requests.average / trivial;
      const pass = label.startsWith('trivial') || (ratio >= 0.5 && result.latency.p99 < 25);
      return {
        route: label,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'ratio to trivial': label.startsWith('trivial') ? '1.00' : ratio.toFixed(2),
        errors: result.errors + result.non2xx,
        target: label.startsWith('trivial') ? '' : pass ? 'met' : 'MISSED',
      };
    });
    console.log(
      `\n${connections} connections, ${duration} s per route; database ${process.env.DATABASE_URL ? 'PostgreSQL' : `SQLite in ${DATA_DIR}`}`,
    );
    console.table(table);
    console.log('Targets: ratio to trivial >= 0.5, p99 < 25 ms.');
    if (table.some((row) => row.target === 'MISSED' || row.errors > 0)) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
  }
}

if (values.serve) await serve();
else await measure();
