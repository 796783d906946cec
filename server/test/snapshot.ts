import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * A hash of an ordered dump of every table (found by introspection, so new tables are covered):
 * equal hashes mean the database is logically unchanged.
 */
export async function snapshotDatabase(db: Kysely<Database>): Promise<string> {
  const hash = createHash('sha256');
  for (const table of await ownTables(db)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    hash.update(`${table}\n${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}

/**
 * The tables of this database, sorted, Kysely's migration tables left out. On PostgreSQL only those of the
 * schema unqualified names resolve to: the other test files' schemas on the same server are not this
 * database, and listing them (as Kysely's introspection does) raced with their files creating and dropping
 * them when two files run at once ("schema ... does not exist").
 */
async function ownTables(db: Kysely<Database>): Promise<string[]> {
  const postgres = await isPostgres(db);
  const { rows } = postgres
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master
        where type = 'table' and name not like 'sqlite%'`.execute(db);
  return rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('kysely_migration'))
    .sort();
}

async function isPostgres(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select current_schema()`.execute(db);
    return true;
  } catch {
    return false;
  }
}
