import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, type SqliteDatabase, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { MIGRATION_NAMES, migrationProvider } from './migrations/index.js';
import { PooledClient, PreparingClient } from './prepared-statements.js';
import type { Database } from './schema.js';
import { type Checkpointer, startCheckpointer } from './sqlite-checkpointer.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The connection string for PostgreSQL, the file for SQLite. */
  location: string;
  /**
   * PostgreSQL: the connection string straight to PostgreSQL, for work that needs a session of its own
   * (LISTEN, the migrations' advisory lock, pg_dump); `location` unless a pooler stands in front.
   */
  directLocation?: string;
  /** PostgreSQL: the settings of a client of its own straight to PostgreSQL (the LISTEN connection). */
  clientConfig?: pg.ClientConfig;
  /** PostgreSQL schema the connections use, when not the default one (tests isolate themselves this way). */
  schema?: string;
  /**
   * Told when the database ends or breaks a pooled connection that was not running a query (a
   * restart, a failover, `idle_session_timeout`, pg_terminate_backend). The connection is discarded
   * and the next query opens a new one; this is for the log.
   */
  onConnectionLost(listener: (error: Error) => void): void;
  /** PostgreSQL: the pool's connections now (the metrics read it); SQLite has one connection, no pool. */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

/** What node-postgres's pool tells of itself. */
export interface PoolUse {
  /** Connections open, running a query or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: all `max` are busy, or a new one is being opened for them. */
  waiting: number;
  max: number;
}

// COUNT(*) and SUM() come back as int8; every count here fits comfortably in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface OpenDatabaseOptions {
  /** `postgres://...`, `sqlite:PATH`, or a plain file path. */
  url: string;
  /**
   * PostgreSQL: `url` may name a pooler in transaction mode (PgBouncer), which lends a server connection
   * for one transaction only; this one names PostgreSQL itself, for what needs a session. Default: `url`.
   */
  directUrl?: string;
  /**
   * PostgreSQL: whether the hot paths run as named prepared statements (prepared-statements.ts). A pooler
   * in transaction mode that does not track them (PgBouncer before 1.21, or without max_prepared_statements)
   * hands a statement prepared on one server connection to a client on another: turn them off there.
   */
  preparedStatements?: boolean;
  schema?: string;
  poolSize?: number;
  /** PostgreSQL: how long opening a connection, or waiting for a free pooled one, may take. */
  connectTimeoutMs?: number;
}

/** Which database a DATABASE_URL names: `postgres://...` (or `postgresql://`), else a SQLite file. */
export function databaseKindOf(url: string): DatabaseKind {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** The SQLite file a DATABASE_URL names (`sqlite:PATH`, or a plain path). */
export function sqliteFileOf(url: string): string {
  return url.replace(/^sqlite:/, '');
}

export function openDatabase({
  url,
  directUrl = url,
  preparedStatements = true,
  schema,
  poolSize = 10,
  connectTimeoutMs = 5_000,
}: OpenDatabaseOptions): DatabaseHandle {
  if (databaseKindOf(url) === 'postgres') {
    const poolConfig: pg.ClientConfig = {
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      // A peer that vanished without closing (a failover, a cut link) is found by the kernel's probes.
      keepAlive: true,
      // Shown in pg_stat_activity; `?application_name=` in the URL wins (the fault tests name their own).
      application_name: 'podium',
      // Set per session, which a pooler in transaction mode cannot keep (PgBouncer refuses `options`): only
      // the tests name a schema, and the PgBouncer test gives its servers a database of their own instead.
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    };
    const pool = new pg.Pool({
      ...poolConfig,
      Client: preparedStatements ? PreparingClient : PooledClient,
      max: poolSize,
    });
    const lost = new Set<(error: Error) => void>();
    // Without a listener, an idle connection's error would be thrown as an unhandled 'error' event and end
    // the process; the pool has already discarded the connection by then.
    pool.on('error', (error) => {
      for (const listener of lost) listener(error);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      location: url,
      directLocation: directUrl,
      clientConfig: { ...poolConfig, connectionString: directUrl },
      schema,
      onConnectionLost: (listener) => lost.add(listener),
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: poolSize,
      }),
      close: () => db.destroy(),
    };
  }
  const file = sqliteFileOf(url);
  if (file !== ':memory:') createPrivately(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL in WAL mode survives a killed process (only a power loss can lose the last commits).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A 64 MB page cache, and the file memory-mapped up to 1 GiB (the 100,000-topic bench database is
  // 460 MB): index pages are read without a system call, which also cut a vote's insert time by 15%.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 1073741824');
  const checkpointer = file === ':memory:' ? undefined : checkpointInBackground(sqlite, file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    kind: 'sqlite',
    location: file,
    // An embedded file has no connection to lose.
    onConnectionLost: () => undefined,
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * The database holds password hashes and sessions: only the server's own user may read it. SQLite gives
 * its -wal and -shm files the main file's permissions, so setting them on the main file suffices; a file
 * made by an earlier version with wider ones is narrowed.
 */
function createPrivately(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/**
 * Moves WAL checkpoints to a background connection (see sqlite-checkpointer.ts). The request
 * connection keeps a far-off automatic checkpoint only as a backstop, should the background one stall.
 */
function checkpointInBackground(sqlite: SQLite.Database, file: string): Checkpointer {
  sqlite.pragma('wal_autocheckpoint = 50000');
  return startCheckpointer(file, (message) =>
    process.emitWarning(`SQLite background checkpoint failed: ${message}`),
  );
}

/**
 * Brings the schema to the latest version; safe to run from several servers at once. Kysely's migrator
 * holds a session-level advisory lock across its transactions: behind a pooler in transaction mode, the
 * unlock could reach another server connection than the lock and leave it held, so the migrations run
 * on a connection of their own straight to PostgreSQL.
 */
export async function migrateToLatest(
  handle: DatabaseHandle,
  options: MigrateOptions = {},
): Promise<MigrationOutcome> {
  if (handle.directLocation && handle.directLocation !== handle.location) {
    const direct = openDatabase({ url: handle.directLocation, schema: handle.schema, poolSize: 1 });
    try {
      return await migrateToLatest(direct, options);
    } finally {
      await direct.close();
    }
  }
  if (options.allowNewerSchema) {
    const unknown = newerMigrations(await executedMigrations(handle));
    if (unknown.length > 0) return { newerSchema: unknown };
  }
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider(handle.kind),
    // Kysely looks for its bookkeeping tables across every schema unless told which one is ours.
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return { newerSchema: [] };
}

export interface MigrateOptions {
  /**
   * Start on a schema a newer release has already migrated, instead of refusing. During a rolling upgrade
   * the first new server migrates while older ones still run; one of those that restarts (a crash,
   * `Restart=on-failure`) then meets migrations it does not know. A migration leaves the previous release
   * working (docs/conventions.md, on schema changes), so the older server may run on it until it is upgraded.
   * Only the server's start asks for this: a restore or a bench must not pass over a schema it does not know.
   */
  allowNewerSchema?: boolean;
}

export interface MigrationOutcome {
  /** Migrations the database has run that this release does not know (empty: the schema is this release's). */
  newerSchema: string[];
}

/** The migrations the database has run, by name (none in a new database: no bookkeeping table yet). */
export async function executedMigrations(handle: DatabaseHandle): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
    return rows.map((row) => row.name);
  } catch {
    return [];
  }
}

/**
 * Of the migrations a database has run, those this release does not have, when it has run all of this
 * release's: a newer release's schema. A database that lacks some of ours is migrated as usual (and a mix
 * of both, two branches, is refused by the migrator).
 */
export function newerMigrations(executed: readonly string[]): string[] {
  const ran = new Set(executed);
  if (!MIGRATION_NAMES.every((name) => ran.has(name))) return [];
  const ours = new Set(MIGRATION_NAMES);
  return executed.filter((name) => !ours.has(name)).sort();
}

export async function isDatabaseReachable(handle: DatabaseHandle): Promise<boolean> {
  try {
    await sql`select 1`.execute(handle.db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Kysely prepares every query anew, and compiling SQL is a large share of a small query's cost on
 * better-sqlite3. Compiled statements are reused by SQL text (least recently used first out); a
 * statement still busy with an iteration is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database, capacity = 1000): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      const cached = statements.get(source);
      if (cached && !cached.busy) {
        statements.delete(source);
        statements.set(source, cached);
        return cached;
      }
      const statement = sqlite.prepare(source);
      statements.set(source, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
