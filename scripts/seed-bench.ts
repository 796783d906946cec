/**
 * Fills the configured database with a large synthetic data set for load tests and benchmarks:
 *
 *   npm run seed:bench -- --topics 100000 --users 20000 --votes 1000000 [--fresh] [--seed 42]
 *
 * Uses DATABASE_URL (else the SQLite file in DATA_DIR), migrates first, and ends by proving that
 * every stored total equals what the votes say. Every bench user's password is "podium-bench".
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type Kysely, Migrator, NO_MIGRATIONS } from 'kysely';
import { loadConfig } from '../server/config.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../server/db/database.js';
import { findTotalsMismatches } from '../server/db/integrity.js';
import { migrationProvider } from '../server/db/migrations/index.js';
import type { Database } from '../server/db/schema.js';
import { type BenchContext, buildBenchPlan } from '../server/db/seed/bench-plan.js';
import { benchTables, seconds, writePostgres, writeSqlite } from '../server/db/seed/bench-writers.js';
import { DEMO_CATEGORIES, DEMO_TAGS } from '../server/db/seed/demo-content.js';
import { ensureDemoCatalogue } from '../server/db/seed/seed-demo.js';
import { hashPassword } from '../server/modules/auth/passwords.js';
import { rebuildSearchIndex } from '../server/modules/search/indexer.js';

const BENCH_PASSWORD = 'podium-bench';

const { values } = parseArgs({
  options: {
    topics: { type: 'string', default: '100000' },
    users: { type: 'string', default: '20000' },
    votes: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '42' },
    fresh: { type: 'boolean', default: false },
  },
});

function count(name: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`--${name} must be a whole number, got ${value}`);
  return parsed;
}

const log = (message: string) => console.log(message);

async function main(): Promise<void> {
  const size = {
    topics: count('topics', values.topics),
    users: count('users', values.users),
    votes: count('votes', values.votes),
  };
  if (size.votes > 0 && size.users === 0) throw new Error('--votes needs at least one user');
  const config = loadConfig();
  const url = config.databaseUrl;
  const started = performance.now();

  if (values.fresh) await wipe(url, config.databaseSchema);
  let handle = openDatabase({ url, schema: config.databaseSchema });
  await migrateToLatest(handle);
  log(`${handle.kind === 'sqlite' ? `SQLite ${handle.location}` : 'PostgreSQL'}: migrated`);

  // One argon2id hash (the app's own parameters) for every bench user: 20,000 would take minutes.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const now = new Date();
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
    seed: count('seed', values.seed),
  };

  let step = performance.now();
  const plan = buildBenchPlan(size, context);
  log(`generated in memory in ${seconds(step)}`);
  const tables = benchTables(plan, context, passwordHash);

  step = performance.now();
  if (handle.kind === 'sqlite') {
    // The bulk writer opens the file itself; Kysely's connection must not hold it meanwhile.
    await handle.close();
    writeSqlite(handle.location, tables, log);
    handle = openDatabase({ url });
  } else {
    await writePostgres(url, config.databaseSchema, tables, log);
  }
  log(`written in ${seconds(step)}`);

  step = performance.now();
  // The same indexer as every topic write, so bench search reads exactly what production would.
  const indexed = await handle.db.transaction().execute((trx) => rebuildSearchIndex(trx));
  log(`search index: ${indexed.terms} terms for ${indexed.topics} topics in ${seconds(step)}`);
  const loadTime = seconds(started);

  step = performance.now();
  const mismatches = await findTotalsMismatches(handle.db);
  const checkTime = seconds(step);
  await handle.close();

  log('');
  log(`users ${plan.users.count}`);
  log(
    `topics ${plan.topics.count} (main ${plan.topics.mainCount}, sub ${plan.topics.subCount}, standalone ${
      plan.topics.count - plan.topics.mainCount - plan.topics.subCount
    })`,
  );
  log(`topic tags ${plan.topicTags.count}`);
  log(`translations ${plan.topics.count * 4} (+${catalogue.translations} catalogue)`);
  log(`propositions ${plan.propositions.count}`);
  log(`votes ${plan.votes.count}`);
  log(`loaded in ${loadTime}; totals check in ${checkTime}: ${mismatches.length} mismatches`);
  for (const mismatch of mismatches.slice(0, 20)) log(`  ${mismatch}`);
  if (mismatches.length > 0) process.exitCode = 1;
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
  const next = async (table: 'users' | 'topics' | 'propositions' | 'votes' | 'translations') => {
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
