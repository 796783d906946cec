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
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase({ url, schema, poolSize: 10 });
  await migrateToLatest(handle);
  return {
    url,
    schema,
    dataDir,
    handle,
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
