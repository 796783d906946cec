import type { Kysely } from 'kysely';
import { type DatabaseHandle, executedMigrations, migrateToLatest, newerMigrations } from '../database.js';
import { findTotalsMismatches } from '../integrity.js';
import type { Database } from '../schema.js';
import { BackupRefused } from './backup-file.js';

/** The tables whose rows a backup's check counts: the people, the catalogue's core, every ballot, the trail. */
export const MAIN_TABLES = [
  'users',
  'topics',
  'propositions',
  'ballots',
  'ballot_versions',
  'votes',
  'audit_log',
] as const;
export type MainTable = (typeof MAIN_TABLES)[number];

/** Rows per main table; null where the table does not exist (a database older than it, or none at all). */
export type TableCounts = Record<MainTable, number | null>;

/** What a restored copy proved: its counts, and the totals' exactness check (empty: exact). */
export interface WholeReport {
  counts: TableCounts;
  mismatches: string[];
}

export async function countMainTables(db: Kysely<Database>): Promise<TableCounts> {
  const present = new Set((await db.introspection.getTables()).map((table) => table.name));
  const counts = {} as TableCounts;
  for (const table of MAIN_TABLES) {
    if (!present.has(table)) {
      counts[table] = null;
      continue;
    }
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/**
 * Proves restored data whole: the migrations bring it to this version (a backup from an older one
 * upgrades), the totals equal a recount of the ballots and every ballot's history is in order, and the
 * main tables are counted for the operator to compare.
 */
export async function proveWhole(handle: DatabaseHandle): Promise<WholeReport> {
  refuseNewerRelease(await executedMigrations(handle));
  await migrateToLatest(handle);
  const mismatches = await findTotalsMismatches(handle.db);
  return { counts: await countMainTables(handle.db), mismatches };
}

/**
 * A backup made by a newer release has a schema this one does not know: its servers would run on it
 * (docs/conventions.md), but a restore must prove the data whole by this release's rules, which it cannot.
 * `executed` are the migrations the backup's database had run.
 */
export function refuseNewerRelease(executed: readonly string[]): void {
  const newer = newerMigrations(executed);
  if (newer.length === 0) return;
  throw new BackupRefused(
    `The backup comes from a newer release of Podium (its database has run ${newer.join(', ')}, which this ` +
      'release does not know): restore it with that release or a later one.',
  );
}

/** Refuses to overwrite people's data unless told to: a target with any user or topic is not empty. */
export function refuseUnlessEmpty(counts: TableCounts, target: string, force: boolean): void {
  const users = counts.users ?? 0;
  const topics = counts.topics ?? 0;
  if (force || (users === 0 && topics === 0)) return;
  throw new BackupRefused(
    `${target} is not empty (${users} users, ${topics} topics): restoring would replace everything in it. ` +
      'Add --force to replace it; back it up first (npm run backup) if it may be needed.',
  );
}

/** The main tables whose counts differ between two countings. */
export function differingTables(a: TableCounts, b: TableCounts): MainTable[] {
  return MAIN_TABLES.filter((table) => a[table] !== b[table]);
}

/** The counts as aligned columns (`table  source  restored`), for the command line. */
export function formatCounts(columns: { label: string; counts: TableCounts }[]): string {
  const width = Math.max(...MAIN_TABLES.map((table) => table.length));
  const cells = (values: string[]) => values.map((value) => value.padStart(10)).join('');
  const lines = [`${'table'.padEnd(width)}${cells(columns.map((column) => column.label))}`];
  for (const table of MAIN_TABLES) {
    const values = columns.map((column) => String(column.counts[table] ?? '-'));
    lines.push(`${table.padEnd(width)}${cells(values)}`);
  }
  return lines.join('\n');
}
