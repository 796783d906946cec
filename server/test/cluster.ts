import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { createScratchDatabase } from './faults.js';
import { freePort, type ServerProcess, startServerProcess } from './process.js';

/**
 * A local cluster as production runs it (deploy/nginx/podium.conf): N app servers on one PostgreSQL and
 * one Redis, behind Debian's nginx. `npm run cluster` starts one to try; the rolling-restart test and the
 * proxy bench start theirs with `startCluster`.
 */

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
const SITE_TEMPLATE = join(REPO_ROOT, 'deploy', 'nginx', 'podium.conf');
const RESPONSE_CACHE = join(REPO_ROOT, 'deploy', 'nginx', 'response-cache.conf');
/** The cache zone response-cache.conf names, as its comment says to declare it. */
const RESPONSE_CACHE_ZONE = 'podium_responses';
/** The upstream's fail_timeout in the site file: how long nginx leaves a server out after a failure. */
export const NGINX_FAIL_TIMEOUT_MS = 2_000;

export interface ClusterOptions {
  servers: number;
  /** The cluster's database; unset, a scratch database on TEST_DATABASE_URL's server, dropped at stop. */
  databaseUrl?: string;
  redisUrl?: string;
  /** More environment for every app server (it wins over the cluster's own). */
  env?: Record<string, string>;
  /** Environment for the first server only, started before the others (SEED=demo for a cluster to try). */
  firstServerEnv?: Record<string, string>;
  /** nginx keeps public answers (deploy/nginx/response-cache.conf, included in `location /`). */
  responseCache?: boolean;
}

export interface Cluster {
  /** nginx's address: what clients use. */
  url: string;
  databaseUrl: string;
  /** The app servers, in upstream order; `restart` replaces an entry. */
  servers: ServerProcess[];
  /** Where nginx's configuration and logs are. */
  dir: string;
  /** nginx's master process (its one worker is its child). */
  nginxPid: number;
  /**
   * Stops server `index` as a rolling restart does (SIGTERM, waits for it to exit) and starts it again on
   * its port; answers how long each half took and how the old one exited (0: cleanly, within its drain).
   */
  restart(index: number): Promise<{ stopMs: number; startMs: number; exitCode: number | null }>;
  stop(): Promise<void>;
}

/** Debian's nginx, or why the cluster cannot start. */
export function nginxMissing(): string | undefined {
  return existsSync(NGINX)
    ? undefined
    : `nginx is not installed at ${NGINX} (apt-get install nginx; .ci/run installs it when missing)`;
}

/**
 * The site file with this cluster's ports and build in place of the example ones: the upstream's
 * `server` lines, the `listen` line and the assets' root are all that change.
 */
export function siteConfig(
  template: string,
  options: { listenPort: number; serverPorts: number[]; webDist: string; responseCacheFile?: string },
) {
  const servers = options.serverPorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=${NGINX_FAIL_TIMEOUT_MS / 1000}s;`)
    .join('\n');
  const lines = template.split('\n');
  const first = lines.findIndex((line) => /^\s*server 127\.0\.0\.1:\d+ /.test(line));
  const kept = lines.filter((line) => !/^\s*server 127\.0\.0\.1:\d+ /.test(line));
  kept.splice(first, 0, servers);
  const site = kept
    .join('\n')
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.listenPort};`)
    .replace(/^(\s*)root \/srv\/podium\/public;$/m, `$1root ${options.webDist};`);
  if (!site.includes(`listen 127.0.0.1:${options.listenPort};`) || !site.includes(options.webDist))
    throw new Error(`${SITE_TEMPLATE} no longer has the listen or root line this cluster rewrites`);
  if (options.responseCacheFile === undefined) return site;
  // As response-cache.conf says to: included in `location / { }`, the one that reaches the app servers.
  const cached = site.replace(
    /^(\s*)location \/ \{$/m,
    (line, indent: string) => `${line}\n${indent}    include ${options.responseCacheFile};`,
  );
  if (cached === site) throw new Error(`${SITE_TEMPLATE} no longer has the location / { line`);
  return cached;
}

/** nginx's main file around the site: everything under `dir`, so no root and no /var is needed. */
function mainConfig(dir: string, responseCache: boolean) {
  const cache = responseCache
    ? `\n    proxy_cache_path ${dir}/cache levels=1:2 keys_zone=${RESPONSE_CACHE_ZONE}:10m max_size=64m inactive=10m use_temp_path=off;`
    : '';
  // The worker runs as this user (root in CI), not nginx's default `nobody`, which cannot enter `dir` (0700).
  return `daemon off;
user ${userInfo().username};
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;${cache}
    include ${dir}/podium.conf;
}
`;
}

async function waitForHealth(url: string, deadlineMs: number, output: () => string) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer within ${deadlineMs} ms:\n${output()}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** Starts the database (unless given), the app servers and nginx; every failure stops what had started. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  const dir = mkdtempSync(join(tmpdir(), 'podium-cluster-'));
  const servers: ServerProcess[] = [];
  let nginx: ChildProcess | undefined;
  let dropDatabase = async () => {};
  let nginxOutput = '';

  const stop = async () => {
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((done) => nginx?.once('exit', done));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all(servers.map((server) => server.kill('SIGKILL')));
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const scratch = await createScratchDatabase(
        'podium_cluster',
        process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      );
      databaseUrl = scratch.url;
      dropDatabase = () => scratch.drop();
    }
    const listenPort = await freePort();
    const url = `http://127.0.0.1:${listenPort}`;
    const serverEnv: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: options.redisUrl ?? 'redis://127.0.0.1:6379',
      // One run's counters apart from any other's in the shared Redis.
      RATE_LIMIT_NAMESPACE: `podium-cluster-${randomBytes(4).toString('hex')}:`,
      // nginx connects from 127.0.0.1: its X-Forwarded-For is believed, nobody else's.
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: url,
      SHUTDOWN_DRAIN_MS: '1000',
      ...options.env,
    };
    const ports: number[] = [];
    for (let i = 0; i < options.servers; i++) ports.push(await freePort());
    servers.push(await startServerProcess({ ...serverEnv, ...options.firstServerEnv }, { port: ports[0] }));
    servers.push(
      ...(await Promise.all(ports.slice(1).map((port) => startServerProcess(serverEnv, { port })))),
    );

    const webDist = resolve(REPO_ROOT, serverEnv.WEB_DIST_DIR ?? 'web/dist');
    const site = siteConfig(readFileSync(SITE_TEMPLATE, 'utf8'), {
      listenPort,
      serverPorts: ports,
      webDist,
      ...(options.responseCache && { responseCacheFile: RESPONSE_CACHE }),
    });
    writeFileSync(join(dir, 'podium.conf'), site);
    writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir, options.responseCache === true));
    mkdirSync(join(dir, 'client_body'));
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      nginxOutput = (nginxOutput + chunk.toString()).slice(-10_000);
    };
    nginx.stdout?.on('data', keep);
    nginx.stderr?.on('data', keep);
    const nginxLog = () => {
      const log = join(dir, 'error.log');
      return `${nginxOutput}${existsSync(log) ? readFileSync(log, 'utf8').slice(-10_000) : ''}`;
    };
    await waitForHealth(url, 10_000, nginxLog);

    return {
      url,
      databaseUrl,
      servers,
      dir,
      nginxPid: nginx.pid as number,
      stop,
      async restart(index: number) {
        const old = servers[index];
        const port = ports[index];
        if (!old || port === undefined) throw new Error(`no server ${index}`);
        const stopping = performance.now();
        await old.kill('SIGTERM');
        const starting = performance.now();
        servers[index] = await startServerProcess(serverEnv, { port });
        return {
          stopMs: Math.round(starting - stopping),
          startMs: Math.round(performance.now() - starting),
          exitCode: old.child.exitCode,
        };
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
