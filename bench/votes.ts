/**
 * Vote throughput and exactness: npx tsx bench/votes.ts [--db sqlite|postgres|both] [--duration 15]
 *
 * Starts the real server (a child process, so the load generator does not share its event loop) on a
 * seed:bench database, mints access tokens for thousands of bench users, and fires varied top-3
 * submissions (existing names, new names, re-votes) with autocannon at 10 and 50 connections. Then it
 * proves every running total equal to a recount of the votes table (findTotalsMismatches).
 *
 *   SQLite: DATA_DIR=/tmp/podium-bench (seeded by `npm run seed:bench` when the file is missing)
 *   PostgreSQL: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/podium_bench
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.js';
import { findTotalsMismatches } from '../server/db/integrity.js';
import { AccessTokens } from '../server/modules/auth/access-tokens.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '15' },
    users: { type: 'string', default: '5000' },
    topics: { type: 'string', default: '2000' },
  },
});

/** The slice of autocannon's API used here (the package ships no types). */
interface CannonRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: CannonRequest) => CannonRequest;
}
interface CannonResult {
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  latency: { p50: number; p99: number };
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: CannonRequest[];
}) => Promise<CannonResult>;

const DATA_DIR = process.env.DATA_DIR ?? '/tmp/podium-bench';
const SQLITE_URL = `sqlite:${join(DATA_DIR, 'podium.sqlite')}`;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/podium_bench';
const SEED_SIZE = ['--topics', '100000', '--users', '20000', '--votes', '1000000'];
const CONNECTIONS = [10, 50];
const TARGETS = { sqlite: 3_000, postgres: 1_000 } as const;
const SECRET = `bench-${randomBytes(24).toString('hex')}`;

type Kind = keyof typeof TARGETS;

interface Fixture {
  tokens: string[];
  topics: { id: number; names: string[] }[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function ensureSeeded(kind: Kind, url: string): void {
  if (kind === 'sqlite' && existsSync(url.replace(/^sqlite:/, ''))) return;
  if (kind === 'postgres') {
    const probe = spawnSync('psql', [url, '-Atc', 'select count(*) from votes'], { encoding: 'utf8' });
    if (probe.status === 0 && Number(probe.stdout.trim()) > 0) return;
    spawnSync('createdb', ['-h', '127.0.0.1', '-U', 'postgres', new URL(url).pathname.slice(1)], {
      stdio: 'ignore',
    });
  }
  console.log(`seeding ${kind} (this takes several minutes)...`);
  const result = spawnSync('npm', ['run', 'seed:bench', '--', ...SEED_SIZE], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR, DATABASE_URL: url },
  });
  if (result.status !== 0) throw new Error(`seed:bench failed for ${kind}`);
}

/** Bench users and active topics with their proposition names, read once before the load. */
async function loadFixture(url: string): Promise<Fixture> {
  const handle = openDatabase({ url });
  try {
    const users = await handle.db
      .selectFrom('users')
      .select('id')
      .where('is_active', '=', 1)
      .orderBy(sql`random()`)
      .limit(Number(values.users))
      .execute();
    const topicRows = await handle.db
      .selectFrom('topics')
      .select('id')
      .where('is_active', '=', 1)
      .orderBy(sql`random()`)
      .limit(Number(values.topics))
      .execute();
    const names = await handle.db
      .selectFrom('propositions')
      .select(['topic_id', 'name'])
      .where(
        'topic_id',
        'in',
        topicRows.map((row) => row.id),
      )
      .execute();
    const byTopic = new Map<number, string[]>(topicRows.map((row) => [row.id, []]));
    for (const row of names) byTopic.get(row.topic_id)?.push(row.name);
    const accessTokens = new AccessTokens(new TextEncoder().encode(SECRET), 3600);
    const tokens = await Promise.all(users.map((user) => accessTokens.sign(user.id)));
    return { tokens, topics: [...byTopic].map(([id, list]) => ({ id, names: list })) };
  } finally {
    await handle.close();
  }
}

async function startServer(url: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR,
      DATABASE_URL: url,
      JWT_SECRET: SECRET,
      SEED: 'none',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-5_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server not healthy:\n${output}`);
    const healthy = await fetch(`${base}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url: base,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** A plausible top 3: mostly existing names of the topic, sometimes a new one, one to three places. */
function randomBody(fixture: Fixture): string {
  const topic = pick(fixture.topics);
  const size = 1 + Math.floor(Math.random() * 3);
  const chosen = new Set<string>();
  for (let guard = 0; chosen.size < size && guard < 10; guard++) {
    const fresh = topic.names.length === 0 || Math.random() < 0.1;
    chosen.add(fresh ? `Bench place ${Math.floor(Math.random() * 50)}` : pick(topic.names));
  }
  const keys = new Set<string>();
  const propositions = [...chosen]
    .filter((name) => {
      const key = name.toLowerCase();
      if (keys.has(key)) return false;
      keys.add(key);
      return true;
    })
    .map((itemName, index) => ({ itemName, points: 3 - index }));
  return JSON.stringify({ topicId: topic.id, propositions, userTags: [] });
}

async function fire(base: string, fixture: Fixture, connections: number) {
  const result = await autocannon({
    url: base,
    connections,
    duration: Number(values.duration),
    requests: [
      {
        method: 'POST',
        path: '/api/search/propositions',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${pick(fixture.tokens)}` },
          body: randomBody(fixture),
        }),
      },
    ],
  });
  const saved = result['2xx'];
  return {
    saved,
    failed: result.non2xx + result.errors + result.timeouts,
    perSecond: Math.round(saved / (result.duration || Number(values.duration))),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

async function benchOne(kind: Kind, url: string): Promise<boolean> {
  ensureSeeded(kind, url);
  const fixture = await loadFixture(url);
  console.log(
    `\n${kind}: ${fixture.tokens.length} users, ${fixture.topics.length} topics, ${values.duration} s per run`,
  );
  const server = await startServer(url);
  let pass = true;
  try {
    // One short warm-up so that JIT and page cache do not count against the first figure.
    await autocannon({
      url: server.url,
      connections: 4,
      duration: 2,
      requests: [{ method: 'GET', path: '/api/health' }],
    });
    for (const connections of CONNECTIONS) {
      const run = await fire(server.url, fixture, connections);
      const mark =
        connections === 10 ? (run.perSecond >= TARGETS[kind] ? ' (target met)' : ' (BELOW TARGET)') : '';
      if (connections === 10 && run.perSecond < TARGETS[kind]) pass = false;
      if (run.failed > 0) pass = false;
      console.log(
        `  ${String(connections).padStart(2)} connections: ${run.perSecond} votes/s${mark}, ${run.saved} saved, ${run.failed} failed, p50 ${run.p50} ms, p99 ${run.p99} ms`,
      );
    }
  } finally {
    await server.stop();
  }
  const handle = openDatabase({ url });
  try {
    const started = performance.now();
    const mismatches = await findTotalsMismatches(handle.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`  exactness check (${seconds} s): ${mismatches.length} mismatches`);
    for (const mismatch of mismatches.slice(0, 10)) console.log(`    ${mismatch}`);
    return pass && mismatches.length === 0;
  } finally {
    await handle.close();
  }
}

async function main() {
  const kinds: Kind[] = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db as Kind];
  let ok = true;
  for (const kind of kinds) ok = (await benchOne(kind, kind === 'sqlite' ? SQLITE_URL : PG_URL)) && ok;
  process.exitCode = ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
