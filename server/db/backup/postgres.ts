import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../database.js';
import type { Database } from '../schema.js';
import { BackupRefused } from './backup-file.js';
import { PgToolFailed, requirePgTool, runPgTool, withoutPassword } from './pg-tools.js';
import {
  countMainTables,
  proveWhole,
  refuseNewerRelease,
  refuseUnlessEmpty,
  type TableCounts,
  type WholeReport,
} from './whole.js';

/**
 * How every restore runs pg_restore: objects made by whoever restores (the server's user, not the
 * backup's owners or grants, which another server may lack), and in one transaction, so that a damaged
 * archive or a failing statement leaves the database as it was.
 */
const RESTORE_OPTIONS = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error'];

/**
 * pg_dump of the whole database in its custom format (compressed, restored with pg_restore), and the
 * main tables counted in the very snapshot pg_dump reads: the transaction here exports it to pg_dump.
 */
export async function backupPostgres(url: string, partial: string): Promise<TableCounts> {
  requirePgTool('pg_dump');
  const handle = openDatabase({ url, poolSize: 1 });
  try {
    return await handle.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(
          trx,
        );
        const counts = await countMainTables(trx);
        const snapshot = rows[0]?.snapshot as string;
        await runPgTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${partial}`], url);
        return counts;
      });
  } finally {
    await handle.close();
  }
}

/**
 * Restores a pg_dump archive into the database `url` names: refused while anyone else is connected to
 * it (the app servers must be stopped) and, without `force`, when it has content. pg_restore replaces
 * the backup's objects (--clean) in one transaction; the data is then migrated and proved whole.
 */
export async function restorePostgres(file: string, url: string, force: boolean): Promise<WholeReport> {
  requirePgTool('pg_restore');
  const target = openDatabase({ url, poolSize: 1 });
  try {
    await refuseWhileConnected(target.db, url);
    refuseUnlessEmpty(await countMainTables(target.db), withoutPassword(url), force);
  } finally {
    await target.close();
  }
  await readableArchive(file);
  refuseNewerRelease(await archivedMigrations(file));
  await restoreArchive(file, url, ['--clean', '--if-exists'], withoutPassword(url));
  const restored = openDatabase({ url, poolSize: 2 });
  try {
    return await proveWhole(restored);
  } finally {
    await restored.close();
  }
}

/**
 * Proves a pg_dump archive whole in a scratch database made beside the source (its user needs the
 * CREATEDB right), dropped afterwards.
 */
export async function verifyPostgres(file: string, url: string): Promise<WholeReport> {
  requirePgTool('pg_restore');
  const name = `podium_verify_${randomBytes(5).toString('hex')}`;
  try {
    await onServer(url, `create database ${name}`);
  } catch (error) {
    throw new BackupRefused(
      `--verify restores into a scratch database, and this user cannot create one (${(error as Error).message}). ` +
        'Grant it CREATEDB, or verify by restoring into a database of your own: npm run restore -- FILE --into URL.',
    );
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  try {
    await restoreArchive(file, scratch.toString(), [], 'a scratch database');
    const handle = openDatabase({ url: scratch.toString(), poolSize: 2 });
    try {
      return await proveWhole(handle);
    } finally {
      await handle.close();
    }
  } finally {
    await onServer(url, `drop database if exists ${name} with (force)`);
  }
}

/** pg_restore --list reads the archive's table of contents: a file that is not an archive is refused first. */
async function readableArchive(file: string): Promise<void> {
  try {
    await runPgTool('pg_restore', ['--list', file]);
  } catch (error) {
    if (!(error instanceof PgToolFailed)) throw error;
    throw new BackupRefused(
      `${file} is not a readable pg_dump archive (truncated or corrupted): ${error.stderr}`,
    );
  }
}

/**
 * The migrations the archived database had run: the rows of its kysely_migration table, which pg_restore
 * prints as COPY data without touching any database. Read before the restore replaces anything.
 */
async function archivedMigrations(file: string): Promise<string[]> {
  const lines = (
    await runPgTool('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', file])
  ).split('\n');
  const start = lines.findIndex((line) => line.startsWith('COPY ') && line.includes('kysely_migration '));
  if (start < 0) return [];
  const end = lines.indexOf('\\.', start);
  return lines.slice(start + 1, end < 0 ? undefined : end).map((line) => line.split('\t')[0] as string);
}

async function restoreArchive(file: string, url: string, options: string[], shownAs: string): Promise<void> {
  try {
    await runPgTool('pg_restore', [...options, ...RESTORE_OPTIONS, file], url);
  } catch (error) {
    if (!(error instanceof PgToolFailed)) throw error;
    throw new BackupRefused(
      `pg_restore could not restore ${file} into ${shownAs}, which is left as it was (one transaction, rolled back):\n${error.stderr}`,
    );
  }
}

/**
 * pg_restore --clean drops and recreates every table: an app server connected meanwhile would fail its
 * requests, and keep caches of data that is gone. Anyone connected to the database is a reason to stop.
 */
async function refuseWhileConnected(db: Kysely<Database>, url: string): Promise<void> {
  const { rows } = await sql<{ pid: number; application_name: string; client_addr: string | null }>`
    select pid, application_name, client_addr::text as client_addr from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(
    db,
  );
  if (rows.length === 0) return;
  const who = rows
    .map(
      (row) =>
        `pid ${row.pid} (${row.application_name || 'no name'}${row.client_addr ? ` from ${row.client_addr}` : ''})`,
    )
    .join(', ');
  throw new BackupRefused(
    `${withoutPassword(url)} is in use: ${rows.length} other connection(s), ${who}. ` +
      'Stop the Podium servers (and close other sessions on it), then restore.',
  );
}

/** One statement on the server `url` names, from a connection of its own (CREATE DATABASE cannot run in a pool's transaction). */
async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
