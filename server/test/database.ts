import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.js';

export type TestDatabaseKind = 'sqlite' | 'postgres';

/** Which database this Vitest project tests: api-sqlite or api-postgres (see vitest.config.ts). */
export function testDatabaseKind(): TestDatabaseKind {
  return process.env.PODIUM_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase {
  url: string;
  schema?: string;
  dataDir: string;
  handle: DatabaseHandle;
  /** Closes the connections and deletes the file or the schema. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database of its own for one test file: a temporary SQLite file, or a new
 * schema on the PostgreSQL server that TEST_DATABASE_URL names, dropped afterwards.
 */
export async function createTestDatabase(kind: TestDatabaseKind = testDatabaseKind()): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-test-'));
  if (kind === 'sqlite') {
    const url = `sqlite:${join(dataDir, 'podium.sqlite')}`;
    const handle = openDatabase({ url });
    await migrateToLatest(handle);
    return {
      url,
      dataDir,
      handle,
      async destroy() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server for the api-postgres suite');
  const schema = `podium_test_${randomBytes(6).toString('hex')}`;
  const handle = openDatabase({ url, schema, poolSize: 10 });
  await whileNoSchemaIsDropped(url, async (admin) => {
    await admin.query(`create schema ${schema}`);
    await migrateToLatest(handle);
  });
  return {
    url,
    schema,
    dataDir,
    handle,
    async destroy() {
      await handle.close();
      await whileNoSchemaIsDropped(url, (admin) => admin.query(`drop schema if exists ${schema} cascade`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session lock that keeps the test files' migrations and schema drops apart (any number, held by no one else). */
const SCHEMA_CHURN_LOCK = 4_120_001;

/**
 * Runs `work` on an administrator's connection holding SCHEMA_CHURN_LOCK: one file's migration, or its schema's
 * drop, at a time on the suite's server. Kysely's migrator lists the tables of every schema of the database
 * (its introspection looks each one up by name, `pg_get_serial_sequence` and `has_schema_privilege`), so a schema
 * another file dropped while the list was read failed the migration with "schema ... does not exist", when two
 * PostgreSQL files ran at once (13th session's CI). Ending the connection releases the lock, whatever happened.
 */
async function whileNoSchemaIsDropped<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [SCHEMA_CHURN_LOCK]);
    return await work(admin);
  } finally {
    await admin.end();
  }
}
