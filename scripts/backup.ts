import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../server/config.js';

/**
 * `npm run backup [-- DEST]`: a consistent copy of the SQLite database through SQLite's online backup
 * API, safe while the server is running and writing. PostgreSQL deployments use pg_dump (README).
 */
const config = loadConfig();
if (!config.databaseUrl.startsWith('sqlite:')) {
  console.error(
    'DATABASE_URL points at PostgreSQL: back it up with pg_dump (see the README, "PostgreSQL and production").',
  );
  process.exit(2);
}
const source = config.databaseUrl.slice('sqlite:'.length);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const destination = resolve(process.argv[2] ?? join(config.dataDir, 'backups', `podium-${stamp}.sqlite`));
mkdirSync(dirname(destination), { recursive: true, mode: 0o700 });
// The copy holds password hashes and sessions, like the database: readable by this user only.
closeSync(openSync(destination, 'a', 0o600));

const started = performance.now();
const database = new SQLite(source, { readonly: true, fileMustExist: true });
await database.backup(destination);
database.close();
const copy = new SQLite(destination, { readonly: true });
const integrity = copy.pragma('integrity_check', { simple: true });
copy.close();
if (integrity !== 'ok') {
  console.error(`Backup written to ${destination} but its integrity check says: ${integrity}`);
  process.exit(1);
}
console.log(
  `Backup of ${source} written to ${destination} in ${Math.round(performance.now() - started)} ms (integrity ok).`,
);
