import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { type DatabaseKind, databaseKindOf, sqliteFileOf } from '../database.js';
import { BackupRefused, backupKindOf, backupPath, writeThenRename } from './backup-file.js';
import { backupPostgres, restorePostgres, verifyPostgres } from './postgres.js';
import { backupSqlite, restoreSqlite, verifySqlite } from './sqlite.js';
import type { TableCounts, WholeReport } from './whole.js';

/**
 * Backups that restore (README, "Backups"): `npm run backup` and `npm run restore` call these. Each kind of
 * database has its module (sqlite.ts, postgres.ts); whole.ts holds the proof that restored data is whole.
 */

export interface Backup {
  file: string;
  kind: DatabaseKind;
  bytes: number;
  /** The source's main tables at the backup's moment (the same snapshot as the copy). */
  counts: TableCounts;
}

export interface BackupOptions {
  /** The database to back up (DATABASE_URL). */
  url: string;
  /** A directory, or a file ending in .sqlite or .dump (see backupPath). */
  target: string;
  now: Date;
}

export async function createBackup({ url, target, now }: BackupOptions): Promise<Backup> {
  const kind = databaseKindOf(url);
  const file = backupPath(target, kind, now);
  const counts = await writeThenRename(file, (partial) =>
    kind === 'sqlite' ? backupSqlite(sqliteFileOf(url), partial) : backupPostgres(url, partial),
  );
  return { file, kind, bytes: statSync(file).size, counts };
}

/** Restores `file` into a scratch copy and proves it whole there; `url` is where a PostgreSQL scratch database may be made. */
export async function verifyBackup(file: string, url: string): Promise<WholeReport> {
  const kind = kindOfBackupFor(file, url);
  return kind === 'sqlite' ? verifySqlite(file) : verifyPostgres(file, url);
}

export interface RestoreOptions {
  file: string;
  /** The database to restore into. */
  url: string;
  /** Replace a database that has content. */
  force: boolean;
}

/** Restores a backup into the database `url` names, then proves the data whole (see proveWhole). */
export async function restoreBackup({ file, url, force }: RestoreOptions): Promise<WholeReport> {
  const kind = kindOfBackupFor(file, url);
  return kind === 'sqlite'
    ? restoreSqlite(file, resolve(sqliteFileOf(url)), force)
    : restorePostgres(file, url, force);
}

const NAMES: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** A backup restores into a database of its own kind: one of the other kind, or no backup at all, is refused. */
function kindOfBackupFor(file: string, url: string): DatabaseKind {
  const kind = backupKindOf(file);
  if (!kind) {
    throw new BackupRefused(
      `${file} is not a Podium backup: it is neither a SQLite database nor a pg_dump archive (custom format).`,
    );
  }
  const target = databaseKindOf(url);
  if (kind !== target) {
    throw new BackupRefused(
      `${file} is a ${NAMES[kind]} backup: it restores into a ${NAMES[kind]} database, not a ${NAMES[target]} one.`,
    );
  }
  return kind;
}
