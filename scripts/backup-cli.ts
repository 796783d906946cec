import { BackupRefused } from '../server/db/backup/backup-file.js';
import { withoutPassword } from '../server/db/backup/pg-tools.js';
import { databaseKindOf, sqliteFileOf } from '../server/db/database.js';

/** The database as the operator may see it printed: the SQLite file, or the URL without its password. */
export function describeTarget(url: string): string {
  return databaseKindOf(url) === 'sqlite' ? sqliteFileOf(url) : withoutPassword(url);
}

/** A refusal is said plainly (exit 2); anything else is a bug or an outage, shown whole (exit 1). */
export function reportFailure(error: unknown): void {
  if (error instanceof BackupRefused) {
    console.error(error.message);
    process.exitCode = 2;
    return;
  }
  console.error(error);
  process.exitCode = 1;
}
