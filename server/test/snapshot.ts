import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const TABLES: (keyof Database)[] = [
  'users',
  'refresh_tokens',
  'categories',
  'tags',
  'topics',
  'topic_tags',
  'propositions',
  'votes',
  'translations',
  'app_secrets',
  'audit_log',
];

/** A hash of an ordered dump of every table: equal hashes mean the database is logically unchanged. */
export async function snapshotDatabase(db: Kysely<Database>): Promise<string> {
  const hash = createHash('sha256');
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    hash.update(`${table}\n${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}
