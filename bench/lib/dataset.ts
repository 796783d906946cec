import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { addDays, dayOf, dayStart } from '../../common/history/days.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../server/db/database.js';
import { seedBench } from '../../server/db/seed/seed-bench.js';
import { SNAPSHOT_JOB } from '../../server/modules/history/service.js';
import { takeSnapshots } from '../../server/modules/history/snapshots.js';

export type BenchDatabase = 'sqlite' | 'postgres';

export const BENCH_SIZE = { topics: 100_000, users: 20_000, votes: 1_000_000 };
export const BENCH_DATA_DIR = resolve(process.env.BENCH_DATA_DIR ?? '/tmp/podium-bench');
export const BENCH_PG_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/podium_bench';

/** Environment that points the server and seed:bench at the benchmark database of this kind. */
export function benchEnvironment(kind: BenchDatabase): { DATA_DIR: string; DATABASE_URL: string } {
  return kind === 'sqlite'
    ? { DATA_DIR: BENCH_DATA_DIR, DATABASE_URL: `sqlite:${join(BENCH_DATA_DIR, 'podium.sqlite')}` }
    : { DATA_DIR: BENCH_DATA_DIR, DATABASE_URL: BENCH_PG_URL };
}

export function openBenchDatabase(kind: BenchDatabase): DatabaseHandle {
  return openDatabase({ url: benchEnvironment(kind).DATABASE_URL });
}

async function ensurePostgresDatabaseExists(): Promise<void> {
  const name = new URL(BENCH_PG_URL).pathname.slice(1);
  const server = new pg.Client({ connectionString: BENCH_PG_URL.replace(/\/[^/]*$/, '/postgres') });
  await server.connect();
  try {
    const found = await server.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await server.query(`create database "${name}"`);
  } finally {
    await server.end();
  }
}

/**
 * Every bench run leaves dead rows behind (a re-vote deletes three votes and rewrites topic and
 * proposition rows). The local PostgreSQL runs with autovacuum off, so without this they pile up and
 * each run measures a slower database than the last (vote throughput fell from 1,011 to 517 ballots/s
 * over four runs; 832 again right after a vacuum). A maintained database has autovacuum on. The
 * checkpoint then writes out what the last run left dirty, so that writing does not land in this one.
 */
async function vacuumPostgres(): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  try {
    await client.query('vacuum analyze');
    // CHECKPOINT needs a superuser or pg_checkpoint; without either the bench only loses this step.
    await client.query('checkpoint').catch((error: Error) => console.warn(`no checkpoint: ${error.message}`));
  } finally {
    await client.end();
  }
}

/** Reuses the seed:bench data set when it is complete, otherwise loads it (a few minutes). */
export async function ensureBenchDataset(kind: BenchDatabase): Promise<{ topics: number; votes: number }> {
  if (kind === 'postgres') await ensurePostgresDatabaseExists();
  const handle = openBenchDatabase(kind);
  await migrateToLatest(handle);
  const count = async (table: 'topics' | 'votes') =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let topics = await count('topics');
  let votes = await count('votes');
  // A migration that rewrote tables (a new column filled in, a table rebuilt) leaves its pages in SQLite's
  // log: written back now, not by the checkpointer while the server is being measured.
  if (kind === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
  await handle.close();
  if (topics < BENCH_SIZE.topics || votes < BENCH_SIZE.votes) {
    console.log(
      `Loading the ${kind} benchmark data set (${BENCH_SIZE.topics} topics, ${BENCH_SIZE.votes} votes)...`,
    );
    const started = Date.now();
    const result = spawnSync(
      'npm',
      [
        'run',
        'seed:bench',
        '--',
        '--fresh',
        '--topics',
        `${BENCH_SIZE.topics}`,
        '--users',
        `${BENCH_SIZE.users}`,
        '--votes',
        `${BENCH_SIZE.votes}`,
      ],
      { stdio: 'inherit', env: { ...process.env, ...benchEnvironment(kind) } },
    );
    if (result.status !== 0) throw new Error(`seed:bench failed for ${kind}`);
    console.log(`  loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    topics = BENCH_SIZE.topics;
    votes = BENCH_SIZE.votes;
  }
  await takeTodaysSnapshot(kind);
  if (kind === 'postgres') await vacuumPostgres();
  return { topics, votes };
}

/**
 * The day's rank-history snapshot (every topic looked at: a minute or two on this data set) is taken here,
 * before anything is measured, and its daily job marked done. Otherwise the first server started on a new day
 * takes it while being measured, and every bench run stops its server mid-snapshot, the job is handed back
 * and the next run starts it again: each run measured ballots beside a snapshot, by a different share.
 */
async function takeTodaysSnapshot(kind: BenchDatabase): Promise<void> {
  const handle = openBenchDatabase(kind);
  try {
    const today = dayOf(Date.now());
    const occurrence = new Date(dayStart(today)).toISOString();
    const uniqueKey = `${SNAPSHOT_JOB}@${occurrence}`;
    const job = await handle.db
      .selectFrom('jobs')
      .select('state')
      .where('unique_key', '=', uniqueKey)
      .executeTakeFirst();
    if (job?.state === 'done') return;
    const started = Date.now();
    const now = new Date().toISOString();
    await takeSnapshots(handle, [addDays(today, -1)], now);
    await handle.db
      .insertInto('jobs')
      .values({
        kind: SNAPSHOT_JOB,
        payload: '{}',
        unique_key: uniqueKey,
        state: 'done',
        max_attempts: 5,
        due_at: occurrence,
        created_at: now,
        updated_at: now,
        finished_at: now,
      })
      .onConflict((conflict) =>
        conflict
          .column('unique_key')
          .doUpdateSet({ state: 'done', leased_until: null, finished_at: now, updated_at: now }),
      )
      .execute();
    console.log(
      `${kind}: today's rank-history snapshot taken before measuring, in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  } finally {
    await handle.close();
  }
}

/** The small data set of the benches that compare two ways of serving the same reads (metrics, CDN). */
export const SMALL_DATASET_SIZE = { topics: 2_000, users: 500, votes: 20_000 };

/**
 * A fresh SQLite data set of 2,000 topics in a new temporary directory (the caller removes `dataDir`), and its
 * 200 sub-topics with the most voters, the topics those benches read.
 */
export async function freshSmallDataset(
  prefix: string,
): Promise<{ dataDir: string; url: string; topics: { id: number; slug: string }[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const url = `sqlite:${join(dataDir, 'podium.sqlite')}`;
  let handle: DatabaseHandle | undefined;
  try {
    await seedBench({ url, size: SMALL_DATASET_SIZE, seed: 42, fresh: true, now: new Date() });
    handle = openDatabase({ url });
    const topics = await handle.db
      .selectFrom('topics')
      .select(['id', 'slug'])
      .where('is_main', '=', 0)
      .orderBy('vote_count', 'desc')
      .limit(200)
      .execute();
    return { dataDir, url, topics };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    await handle?.close();
  }
}
