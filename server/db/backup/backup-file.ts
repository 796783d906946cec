import { chmodSync, closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { DatabaseKind } from '../database.js';

/** A refusal the operator can act on (a wrong file, a running server, a full target): said without a stack. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

const EXTENSION: Record<DatabaseKind, string> = { sqlite: 'sqlite', postgres: 'dump' };

/** `podium-2026-05-01T03-00-00-000Z-sqlite.sqlite`: the instant (UTC, so names sort in time) and the kind. */
export function backupFileName(kind: DatabaseKind, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `podium-${stamp}-${kind}.${EXTENSION[kind]}`;
}

/**
 * Where a backup goes: into the directory `target`, under a name of its own; or `target` itself when it
 * ends in .sqlite or .dump and is not a directory (the form `npm run backup -- FILE` took before).
 */
export function backupPath(target: string, kind: DatabaseKind, now: Date): string {
  const path = resolve(target);
  if (/\.(sqlite|dump)$/.test(path) && !isDirectory(path)) return path;
  return join(path, backupFileName(kind, now));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Writes a file under a temporary name beside its final one, and gives it that name only once `write`
 * has finished (and checked it): a half-written file (a crash, a full disk) never looks like a backup.
 * The file is readable by this user only: it holds password hashes and sessions, like the database.
 */
export async function writeThenRename<T>(path: string, write: (partial: string) => Promise<T>): Promise<T> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const partial = `${path}.partial`;
  removeWithCompanions(partial);
  closeSync(openSync(partial, 'wx', 0o600));
  try {
    const result = await write(partial);
    chmodSync(partial, 0o600);
    renameSync(partial, path);
    return result;
  } finally {
    removeWithCompanions(partial);
  }
}

/** Removes a SQLite file of ours and the journal files SQLite may have left beside it. */
export function removeWithCompanions(file: string): void {
  rmSync(file, { force: true });
  removeCompanions(file);
}

/** Removes the journal files SQLite may have left beside a file of ours (the file itself stays). */
export function removeCompanions(file: string): void {
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/** What a file holds, told by its first bytes: a SQLite database, a pg_dump custom archive, or neither. */
export function backupKindOf(file: string): DatabaseKind | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch (error) {
    throw new BackupRefused(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const head = Buffer.alloc(16);
  try {
    readSync(descriptor, head, 0, head.length, 0);
  } finally {
    closeSync(descriptor);
  }
  if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  return undefined;
}
