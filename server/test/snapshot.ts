import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * A hash of an ordered dump of every table (found by introspection, so new tables are covered):
 * equal hashes mean the database is logically unchanged.
 */
export async function snapshotDatabase(db: Kysely<Database>): Promise<string> {
  const hash = createHash('sha256');
  // PostgreSQL lists the tables of every schema: other test files' own schemas are not this database.
  const own = await ownSchema(db);
  const tables = (await db.introspection.getTables())
    .filter((table) => own === undefined || table.schema === own)
    .map((table) => table.name)
    .sort();
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    hash.update(`${table}\n${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}

/** The schema unqualified names resolve to, on PostgreSQL; undefined on SQLite, which has one. */
async function ownSchema(db: Kysely<Database>): Promise<string | undefined> {
  try {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    return rows[0]?.schema;
  } catch {
    return undefined;
  }
}
