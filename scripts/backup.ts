/**
 * `npm run backup [-- DIR] [--verify]`: a consistent backup of the configured database (DATABASE_DIRECT_URL,
 * else DATABASE_URL: pg_dump needs a session, which a pooler in transaction mode does not keep), into
 * DIR, else BACKUP_DIR, else DATA_DIR/backups, named with its instant and the database's kind. SQLite:
 * SQLite's online backup API, safe while the server runs and writes; PostgreSQL: pg_dump's custom format.
 * `--verify` then restores it into a scratch copy and proves it whole: migrated, totals exact, and the
 * same counts as the source at the backup's moment. README, "Backups".
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { createBackup, verifyBackup } from '../server/db/backup/backup.js';
import { differingTables, formatCounts } from '../server/db/backup/whole.js';
import { describeTarget, reportFailure } from './backup-cli.js';

const { values, positionals } = parseArgs({
  options: { verify: { type: 'boolean', default: false } },
  allowPositionals: true,
});

async function main(): Promise<void> {
  const config = loadConfig();
  const started = performance.now();
  const backup = await createBackup({
    url: config.databaseDirectUrl,
    target: positionals[0] ?? config.backupDir,
    now: new Date(),
  });
  const megabytes = (backup.bytes / 2 ** 20).toFixed(1);
  console.log(
    `Backup of ${describeTarget(config.databaseDirectUrl)} written to ${backup.file} (${megabytes} MB) in ${Math.round(performance.now() - started)} ms.`,
  );
  if (!values.verify) return;

  const restored = await verifyBackup(backup.file, config.databaseDirectUrl);
  console.log(
    formatCounts([
      { label: 'source', counts: backup.counts },
      { label: 'restored', counts: restored.counts },
    ]),
  );
  const differing = differingTables(backup.counts, restored.counts);
  for (const mismatch of restored.mismatches.slice(0, 20)) console.error(`  ${mismatch}`);
  if (differing.length > 0 || restored.mismatches.length > 0) {
    console.error(
      `Verification failed: ${differing.length} tables counted differently, ${restored.mismatches.length} totals inexact.`,
    );
    process.exitCode = 1;
    return;
  }
  console.log('Verified: the backup restores, migrates, and holds the same rows with exact totals.');
}

main().catch(reportFailure);
