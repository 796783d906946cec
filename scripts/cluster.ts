/**
 * `npm run cluster [-- --servers 3] [--database postgres://...] [--redis redis://127.0.0.1:6379]`: a local
 * cluster to try Podium behind nginx as deploy/nginx/podium.conf sets it up: N app servers on PostgreSQL (a
 * scratch database seeded with the demo content, dropped at the end, unless --database names one) and
 * Redis, behind Debian's nginx on a free port. Ctrl-C (or SIGTERM) stops everything. README, "Behind nginx".
 */
import { parseArgs } from 'node:util';
import { startCluster } from '../server/test/cluster.js';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '3' },
    database: { type: 'string' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const servers = Number(values.servers);
if (!Number.isInteger(servers) || servers < 1 || servers > 16) {
  console.error('--servers must be a whole number from 1 to 16');
  process.exit(2);
}
if (values.database && !values.database.startsWith('postgres')) {
  console.error('--database must be a postgres:// address: app servers share one PostgreSQL');
  process.exit(2);
}

const cluster = await startCluster({
  servers,
  databaseUrl: values.database,
  redisUrl: values.redis,
  env: { LOG_LEVEL: 'info' },
  // The first server seeds an empty database before the others start.
  firstServerEnv: { SEED: 'demo' },
});
console.log(`Podium behind nginx: ${cluster.url}`);
for (const server of cluster.servers) console.log(`  app server ${server.url}`);
console.log(`  nginx configuration and log: ${cluster.dir}`);
console.log('Ctrl-C stops the cluster.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the cluster...');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
