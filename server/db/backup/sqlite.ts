import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { openDatabase } from '../database.js';
import type { Database } from '../schema.js';
import { BackupRefused, removeCompanions, removeWithCompanions } from './backup-file.js';
import {
  countMainTables,
  proveWhole,
  refuseUnlessEmpty,
  type TableCounts,
  type WholeReport,
} from './whole.js';

/**
 * Copies the live database into `partial` through SQLite's online backup API, safe while the server runs
 * and writes, and counts the main tables of the copy's moment. The copy is made a single file (no WAL
 * beside it) and must pass SQLite's integrity check.
 */
export async function backupSqlite(sourceFile: string, partial: string): Promise<TableCounts> {
  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: source }) });
  let counts: TableCounts;
  try {
    // One read transaction holds one snapshot of the write-ahead log for both the counts and the copy:
    // what the server commits meanwhile is in neither, so the counts are the copy's.
    source.exec('begin');
    counts = await countMainTables(db);
    await source.backup(partial);
    source.exec('commit');
  } finally {
    await db.destroy();
  }
  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    // The backup API copies the WAL flag from the source; a restore should need one file, not three.
    copy.pragma('journal_mode = DELETE');
    checkSqliteFile(copy, partial);
  } finally {
    copy.close();
  }
  return counts;
}

/**
 * Restores a SQLite backup over `target`. The server must be stopped (refused otherwise); a target with
 * content is replaced only with `force`. The backup is copied beside the target, checked, migrated and
 * proved whole there, and only then renamed over it: a damaged backup leaves the target as it was.
 */
export async function restoreSqlite(file: string, target: string, force: boolean): Promise<WholeReport> {
  const lock = existsSync(target) ? lockUnused(target) : undefined;
  try {
    if (lock) {
      // Closed with the lock below (destroying this Kysely would close the connection that holds it).
      const current = new Kysely<Database>({ dialect: new SqliteDialect({ database: lock }) });
      refuseUnlessEmpty(await countMainTables(current), target, force);
    }
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    const copy = `${target}.restoring`;
    const report = await provedCopy(file, copy);
    if (report.mismatches.length > 0) {
      removeWithCompanions(copy);
      throw new BackupRefused(
        `The backup's totals disagree with its ballots, so ${target} was left unchanged:\n  ${report.mismatches.slice(0, 20).join('\n  ')}`,
      );
    }
    // The old file's write-ahead log must be gone before the copy takes its name: a WAL left beside the
    // new file would be read as its own. The exclusive lock keeps anyone from writing a new one meanwhile.
    // A -shm file may stay: the next connection in WAL mode, finding itself alone, rebuilds it.
    lock?.pragma('journal_mode = DELETE');
    renameSync(copy, target);
    return report;
  } finally {
    lock?.close();
  }
}

/** Proves a SQLite backup whole in a scratch copy beside it, which is then removed. */
export async function verifySqlite(file: string): Promise<WholeReport> {
  const copy = `${file}.verifying`;
  try {
    return await provedCopy(file, copy);
  } finally {
    removeWithCompanions(copy);
  }
}

/**
 * Copies the backup to `copy` (never opening the backup itself, which stays as it was), checks the copy's
 * pages and foreign keys, migrates it and proves it whole, and leaves it a single file in rollback mode.
 */
async function provedCopy(file: string, copy: string): Promise<WholeReport> {
  removeWithCompanions(copy);
  try {
    copyFileSync(file, copy);
    withFile(copy, (database) => checkSqliteFile(database, file));
    const handle = openDatabase({ url: `sqlite:${copy}` });
    let report: WholeReport;
    try {
      report = await proveWhole(handle);
    } finally {
      await handle.close();
    }
    withFile(copy, (database) => database.pragma('journal_mode = DELETE'));
    removeCompanions(copy);
    return report;
  } catch (error) {
    removeWithCompanions(copy);
    throw error;
  }
}

function withFile<T>(file: string, use: (database: SQLite.Database) => T): T {
  let database: SQLite.Database;
  try {
    database = new SQLite(file, { fileMustExist: true });
  } catch (error) {
    throw new BackupRefused(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    return use(database);
  } finally {
    database.close();
  }
}

/** SQLite's own checks of every page and index, and of every foreign key; a damaged file is refused. */
function checkSqliteFile(database: SQLite.Database, name: string): void {
  let problems: string[];
  try {
    const pages = database.pragma('integrity_check') as { integrity_check: string }[];
    problems = pages.map((row) => row.integrity_check).filter((result) => result !== 'ok');
    const orphans = database.pragma('foreign_key_check') as {
      table: string;
      rowid: number;
      parent: string;
    }[];
    problems.push(
      ...orphans.map((row) => `${row.table} row ${row.rowid} refers to a missing ${row.parent} row`),
    );
  } catch (error) {
    problems = [(error as Error).message];
  }
  if (problems.length > 0) {
    throw new BackupRefused(
      `${name} is damaged (truncated or corrupted):\n  ${problems.slice(0, 20).join('\n  ')}`,
    );
  }
}

/**
 * Opens the target with an exclusive lock, or refuses: a running server keeps its connections open, and
 * an open connection to a WAL database keeps others from locking it exclusively. Held until the copy has
 * replaced the file, the lock also keeps a server from starting midway.
 */
function lockUnused(target: string): SQLite.Database {
  const database = new SQLite(target, { fileMustExist: true, timeout: 0 });
  try {
    database.pragma('locking_mode = EXCLUSIVE');
    // In exclusive locking mode the lock outlives the transaction that took it.
    database.exec('begin exclusive');
    database.exec('commit');
    return database;
  } catch (error) {
    database.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new BackupRefused(
        `${target} is in use: a Podium server (or another program) has it open. Stop the server, then restore.`,
      );
    }
    throw error;
  }
}
