/**
 * Fills the configured database with a large synthetic data set for load tests and benchmarks:
 *
 *   npm run seed:bench -- --topics 100000 --users 20000 --votes 1000000 [--fresh] [--seed 42]
 *
 * Uses DATABASE_URL (else the SQLite file in DATA_DIR), migrates first, and ends by proving that
 * every stored total equals what the votes say. Every bench user's password is "podium-bench".
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { seedBench } from '../server/db/seed/seed-bench.js';

const { values } = parseArgs({
  options: {
    topics: { type: 'string', default: '100000' },
    users: { type: 'string', default: '20000' },
    votes: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '42' },
    fresh: { type: 'boolean', default: false },
  },
});

function count(name: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`--${name} must be a whole number, got ${value}`);
  return parsed;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = (message: string) => console.log(message);
  const report = await seedBench({
    url: config.databaseUrl,
    schema: config.databaseSchema,
    size: {
      topics: count('topics', values.topics),
      users: count('users', values.users),
      votes: count('votes', values.votes),
    },
    seed: count('seed', values.seed),
    fresh: values.fresh,
    log,
    now: new Date(),
  });
  log('');
  for (const [table, rows] of Object.entries(report.rows)) log(`${table} ${rows}`);
  log(`loaded in ${report.loadSeconds.toFixed(1)} s: ${report.mismatches.length} total mismatches`);
  for (const mismatch of report.mismatches.slice(0, 20)) log(`  ${mismatch}`);
  if (report.mismatches.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
