/**
 * Fills a database with the large synthetic data set of the benchmarks (see scripts/seed-bench.ts
 * for the command): users, topics with tags and translations, propositions, votes with exact
 * totals, and their search index, written by the bulk writers in one transaction.
 */
import { rmSync } from 'node:fs';
import { type Kysely, Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { RANK_HISTORY_DAYS } from '../../../common/history/days.js';
import { hashPassword } from '../../modules/auth/passwords.js';
import { backfillDays } from '../../modules/history/service.js';
import { takeSnapshots } from '../../modules/history/snapshots.js';
import { SearchIndexRepository } from '../../modules/search/index-repository.js';
import { loadCatalogueNames } from '../../modules/search/indexer.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../database.js';
import { findTotalsMismatches } from '../integrity.js';
import { migrationProvider } from '../migrations/index.js';
import type { Database } from '../schema.js';
import { type BenchContext, type BenchSize, buildBenchPlan } from './bench-plan.js';
import { benchSearchTermsTable } from './bench-search-terms.js';
import { benchTables, seconds, writePostgres, writeSqlite } from './bench-writers.js';
import { DEMO_CATEGORIES, DEMO_TAGS } from './demo-content.js';
import { ensureDemoCatalogue } from './seed-demo.js';

/** Every bench user's password. */
export const BENCH_PASSWORD = 'podium-bench';

export interface BenchSeedOptions {
  url: string;
  /** PostgreSQL schema (tests); the default search path otherwise. */
  schema?: string;
  size: BenchSize;
  /** Seed of the pseudo-random generator: the same seed gives the same data set. */
  seed: number;
  /** Start from an empty database (SQLite: a new file; PostgreSQL: every migration run down). */
  fresh?: boolean;
  log?: (message: string) => void;
  /** The moment the data set's timestamps are spread back from (the caller's clock). */
  now: Date;
}

export interface BenchSeedReport {
  rows: Record<string, number>;
  loadSeconds: number;
  /** Stored totals that differ from what the ballots say (always empty unless something is broken). */
  mismatches: string[];
}

export async function seedBench(options: BenchSeedOptions): Promise<BenchSeedReport> {
  const { url, schema, size } = options;
  const log = options.log ?? (() => undefined);
  if (size.votes > 0 && size.users === 0) throw new Error('votes need at least one user');
  const started = performance.now();

  if (options.fresh) await wipe(url, schema);
  let handle = openDatabase({ url, schema });
  try {
    await migrateToLatest(handle);
    log(`${handle.kind === 'sqlite' ? `SQLite ${handle.location}` : 'PostgreSQL'}: migrated`);

    // One argon2id hash (the app's own parameters) for every bench user: 20,000 would take minutes.
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const now = options.now;
    const catalogue = await ensureDemoCatalogue(handle.db, now.toISOString());
    const context: BenchContext = {
      firstId: await nextIds(handle.db),
      categoryIds: DEMO_CATEGORIES.map((c) => catalogue.categoryIds.get(c.slug) as number),
      tags: DEMO_TAGS.map((tag) => ({
        id: catalogue.tagIds.get(tag.slug) as number,
        type: tag.type,
        names: tag.names,
      })),
      ...(await takenKeys(handle.db)),
      now,
      seed: options.seed,
    };

    let step = performance.now();
    const plan = buildBenchPlan(size, context);
    log(`generated in memory in ${seconds(step)}`);
    step = performance.now();
    const searchTerms = benchSearchTermsTable(plan, context, await loadCatalogueNames(handle.db));
    log(`search index: ${searchTerms.rows} terms computed in ${seconds(step)}`);
    const tables = [...benchTables(plan, context, passwordHash), searchTerms];

    step = performance.now();
    if (handle.kind === 'sqlite') {
      // The bulk writer opens the file itself; Kysely's connection must not hold it meanwhile.
      await handle.close();
      writeSqlite(handle.location, tables, log);
      handle = openDatabase({ url });
    } else {
      await writePostgres(url, schema, tables, log);
    }
    await new SearchIndexRepository(handle.db).bumpVersion();
    log(`written in ${seconds(step)}`);
    step = performance.now();
    // The plan's ballots carry their versions (the votes are their current places, the totals exact);
    // the last 90 days of rank history come from them, as the daily job would have taken them.
    const history = await takeSnapshots(
      handle,
      backfillDays(now.getTime(), RANK_HISTORY_DAYS),
      now.toISOString(),
    );
    await sql`analyze rank_snapshots`.execute(handle.db);
    await sql`analyze rank_snapshot_places`.execute(handle.db);
    log(`rank history: ${history.written} snapshots of ${RANK_HISTORY_DAYS} days in ${seconds(step)}`);
    const loadSeconds = (performance.now() - started) / 1000;

    step = performance.now();
    const mismatches = await findTotalsMismatches(handle.db);
    log(`totals check in ${seconds(step)}: ${mismatches.length} mismatches`);
    return {
      rows: Object.fromEntries(tables.map((table) => [table.name, table.rows])),
      loadSeconds,
      mismatches,
    };
  } finally {
    await handle.close();
  }
}

/** SQLite: delete the file. PostgreSQL: run every migration down, leaving nothing of Podium's. */
async function wipe(url: string, schema: string | undefined): Promise<void> {
  const handle: DatabaseHandle = openDatabase({ url, schema });
  if (handle.kind === 'sqlite') {
    await handle.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${handle.location}${suffix}`, { force: true });
    return;
  }
  try {
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.kind) });
    const { error } = await migrator.migrateTo(NO_MIGRATIONS);
    if (error) throw error;
  } finally {
    await handle.close();
  }
}

async function nextIds(db: Kysely<Database>): Promise<BenchContext['firstId']> {
  const next = async (table: 'users' | 'topics' | 'propositions' | 'votes' | 'translations' | 'ballots') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  };
  return {
    user: await next('users'),
    topic: await next('topics'),
    proposition: await next('propositions'),
    vote: await next('votes'),
    translation: await next('translations'),
    ballot: await next('ballots'),
  };
}

/** Keys the new rows must not repeat when the database already holds data. */
async function takenKeys(db: Kysely<Database>) {
  const users = await db.selectFrom('users').select('readable_id').execute();
  const topics = await db
    .selectFrom('topics')
    .select(['readable_id', 'category_id', 'title_key', 'is_main'])
    .execute();
  return {
    readableIds: new Set([...users, ...topics].map((row) => row.readable_id)),
    mainTitleKeys: new Set(
      topics.filter((t) => t.is_main === 1).map((t) => `${t.category_id}:${t.title_key}`),
    ),
  };
}
