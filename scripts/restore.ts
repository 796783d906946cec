/**
 * `npm run restore -- FILE [--into DATABASE_URL] [--force]`: restores a backup made by `npm run backup`
 * into the configured database (DATABASE_DIRECT_URL, else DATABASE_URL; or the one --into names), then
 * proves the data whole: migrated to this version, totals exact, the main tables counted. The server must be
 * stopped; a database with content is replaced only with --force. README, "Backups".
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { restoreBackup } from '../server/db/backup/backup.js';
import { formatCounts } from '../server/db/backup/whole.js';
import { describeTarget, reportFailure } from './backup-cli.js';

const { values, positionals } = parseArgs({
  options: { into: { type: 'string' }, force: { type: 'boolean', default: false } },
  allowPositionals: true,
});

async function main(): Promise<void> {
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    console.error('Usage: npm run restore -- FILE [--into DATABASE_URL] [--force]');
    process.exitCode = 2;
    return;
  }
  const url = values.into ?? loadConfig().databaseDirectUrl;
  const started = performance.now();
  const report = await restoreBackup({ file, url, force: values.force });
  console.log(
    `Restored ${file} into ${describeTarget(url)} in ${Math.round(performance.now() - started)} ms.`,
  );
  console.log(formatCounts([{ label: 'restored', counts: report.counts }]));
  if (report.mismatches.length > 0) {
    for (const mismatch of report.mismatches.slice(0, 20)) console.error(`  ${mismatch}`);
    console.error(`The restored totals are not exact (${report.mismatches.length} mismatches).`);
    process.exitCode = 1;
    return;
  }
  console.log('Totals exact: every total equals a recount of the ballots.');
}

main().catch(reportFailure);
