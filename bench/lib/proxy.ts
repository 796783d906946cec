import { readdirSync, readFileSync } from 'node:fs';
import { openDatabase } from '../../server/db/database.js';
import { findTotalsMismatches } from '../../server/db/integrity.js';
import { topicWith } from '../../server/modules/votes/test-helpers.js';
import { NGINX_FAIL_TIMEOUT_MS, startCluster } from '../../server/test/cluster.js';
import { LoadClient, startMixedLoad, type Voter } from '../../server/test/mixed-load.js';
import { LIFTED_CREATION_LIMITS } from '../../server/test/process.js';
import { load } from './autocannon.js';
import { fmt, median, spread } from './format.js';

/**
 * `npm run bench -- --only proxy` (issue 40): what nginx costs in front of one app server (a read route,
 * direct and through nginx, alternating in one run), then a rolling restart of three servers behind it
 * under a longer mixed load with 200 open streams. deploy/nginx/podium.conf, as `npm run cluster` runs it.
 */
const RUNS = 3;
const CONNECTIONS = 10;
/**
 * The budget, per server as the issue puts it: behind nginx one app server keeps at least this share of
 * what it serves directly, measured by its CPU per request. The raw req/s ratio is printed beside it: here
 * the load generator, nginx and the server share two cores, so nginx's own CPU comes out of the server's.
 */
const PROXY_RATIO_BUDGET = 0.8;
const STREAMS = 200;
const VOTERS = 10;
const BROWSERS = 8;
/** Load kept before, between and after the restarts, beyond nginx's fail_timeout. */
const SETTLE_MS = 5_000;

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** Clock ticks per second of /proc's utime and stime (Linux's USER_HZ). */
const TICKS_PER_SECOND = 100;

/** CPU time (ms) the processes have used, with their children still running (nginx's worker). */
function cpuMs(pids: number[]): number {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => {
      try {
        return readFileSync(`/proc/${name}/stat`, 'utf8');
      } catch {
        return '';
      }
    });
  let ticks = 0;
  for (const stat of stats) {
    // The fields after the command name (which may hold spaces): state, ppid, ..., utime (14th), stime (15th).
    const [pid] = stat.split(' ');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (pids.includes(Number(pid)) || pids.includes(Number(fields[1])))
      ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Answers the budget failures it found (none: an empty list). */
export async function benchProxy(seconds: number): Promise<string[]> {
  const failures: string[] = [];
  console.log('\n## Behind nginx (deploy/nginx/podium.conf)\n');

  const single = await startCluster({ servers: 1, env: LIFTED_CREATION_LIMITS });
  try {
    const setup = openDatabase({ url: single.databaseUrl });
    const topicId = (await topicWith(setup.db, ['Alpha', 'Bravo', 'Charlie'])).id;
    await setup.close();
    const path = `/api/topics/${topicId}?language=en`;
    const direct: number[] = [];
    const proxied: number[] = [];
    const p99 = { direct: [] as number[], proxied: [] as number[] };
    // CPU per request (µs): the app server's, direct and through nginx, and nginx's own.
    const cpu = { direct: [] as number[], proxied: [] as number[], nginx: [] as number[] };
    const appPid = single.servers[0]?.child.pid as number;
    for (let run = 0; run < RUNS; run++) {
      for (const through of ['direct', 'proxied'] as const) {
        const url = through === 'direct' ? (single.servers[0]?.url as string) : single.url;
        const before = { app: cpuMs([appPid]), nginx: cpuMs([single.nginxPid]) };
        const result = await load({ url: `${url}${path}`, connections: CONNECTIONS, seconds });
        const requests = result.ok + result.failed;
        cpu[through].push(((cpuMs([appPid]) - before.app) * 1000) / requests);
        if (through === 'proxied')
          cpu.nginx.push(((cpuMs([single.nginxPid]) - before.nginx) * 1000) / requests);
        if (result.failed > 0) failures.push(`proxy: ${result.failed} failed requests ${through}`);
        (through === 'direct' ? direct : proxied).push(result.rps);
        p99[through].push(result.p99);
      }
    }
    const ratio = median(proxied) / median(direct);
    const perServer = median(cpu.direct) / median(cpu.proxied);
    const verdict = perServer >= PROXY_RATIO_BUDGET ? 'ok' : 'OVER BUDGET';
    if (perServer < PROXY_RATIO_BUDGET)
      failures.push(`proxy: one server behind nginx keeps ${fmt(perServer, 2)} < ${PROXY_RATIO_BUDGET}`);
    console.log(
      `GET /api/topics/:id, ${CONNECTIONS} connections, ${RUNS} alternating runs of ${seconds} s (medians); ` +
        'the load generator, nginx and the app server share the machine:\n',
    );
    console.log('| path | req/s | p99 ms | app server CPU per request | nginx CPU per request |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| direct to one server | ${fmt(median(direct))} | ${fmt(median(p99.direct))} | ${fmt(median(cpu.direct))} µs | - |`,
    );
    console.log(
      `| through nginx to that server | ${fmt(median(proxied))} | ${fmt(median(p99.proxied))} | ${fmt(median(cpu.proxied))} µs | ${fmt(median(cpu.nginx))} µs |`,
    );
    console.log(
      `\none app server's capacity behind nginx (its CPU per request direct / through nginx): ` +
        `${fmt(perServer, 2)} (budget >= ${PROXY_RATIO_BUDGET}: ${verdict}); throughput ratio on this shared ` +
        `machine ${fmt(ratio, 2)} (runs: direct ${spread(direct)}, through nginx ${spread(proxied)} req/s); ` +
        `nginx's cost: ${fmt(median(cpu.nginx))} µs of CPU per request`,
    );
  } finally {
    await single.stop();
  }

  const cluster = await startCluster({ servers: 3, env: LIFTED_CREATION_LIMITS });
  try {
    const names: [string, string, string] = ['Alpha', 'Bravo', 'Charlie'];
    const setup = openDatabase({ url: cluster.databaseUrl });
    const topicId = (await topicWith(setup.db, names)).id;
    await setup.close();
    const voters: Voter[] = await Promise.all(
      Array.from({ length: VOTERS }, async (_, i) => {
        const client = new LoadClient(cluster.url, `127.0.3.${i + 1}`);
        const { body } = await client.send('POST', '/api/auth/register', {
          body: {
            username: `bench_roll_${i}`,
            email: `bench_roll_${i}@example.test`,
            password: 'rolling-restart',
          },
        });
        return { id: body.data.user.id, token: body.data.accessToken, client };
      }),
    );
    const started = Date.now();
    const running = startMixedLoad({
      baseUrl: cluster.url,
      topicId,
      propositionNames: names,
      voters,
      browsers: BROWSERS,
      streams: STREAMS,
      network: 30,
    });
    await sleep(SETTLE_MS);
    const restarts: string[] = [];
    for (let i = 0; i < cluster.servers.length; i++) {
      const { stopMs, startMs, exitCode } = await cluster.restart(i);
      restarts.push(`${fmt(stopMs / 1000, 1)} + ${fmt(startMs / 1000, 1)}`);
      if (exitCode !== 0) failures.push(`rolling restart: server ${i} did not exit cleanly (${exitCode})`);
      await sleep(Math.max(SETTLE_MS, NGINX_FAIL_TIMEOUT_MS + 500));
    }
    const report = await running.stop();
    for (const voter of voters) voter.client.close();

    const check = openDatabase({ url: cluster.databaseUrl });
    const ballots = await check.db
      .selectFrom('ballots')
      .select(['user_id', 'version'])
      .where('topic_id', '=', topicId)
      .execute();
    const mismatches = await findTotalsMismatches(check.db);
    await check.close();
    let lost = 0;
    let doubled = 0;
    for (const { id } of voters) {
      const acknowledged = report.ballots.get(id)?.acknowledged ?? 0;
      const versions = ballots.find((ballot) => ballot.user_id === id)?.version ?? 0;
      lost += Math.max(0, acknowledged - versions);
      doubled += Math.max(0, versions - acknowledged);
    }
    const slowest = Math.max(0, ...report.reconnectionsMs);
    console.log(
      `\nRolling restart of 3 servers behind nginx, ${BROWSERS} browsers, ${VOTERS} voters, ${STREAMS} streams, ` +
        `${fmt((Date.now() - started) / 1000)} s:\n`,
    );
    console.log(
      '| requests | failed | ballots acknowledged | lost | doubled | totals mismatches | stream reconnections | slowest | streams down at the end | restarts (stop + start) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    const acknowledged = [...report.ballots.values()].reduce((sum, tally) => sum + tally.acknowledged, 0);
    console.log(
      `| ${report.requests} | ${report.failures.length} | ${acknowledged} | ${lost} | ${doubled} | ${mismatches.length} | ` +
        `${report.reconnectionsMs.length} | ${fmt(slowest / 1000, 1)} s | ${report.streamsDown} | ${restarts.join(', ')} s |`,
    );
    for (const failure of report.failures.slice(0, 5)) console.log(`  failed: ${failure}`);
    if (report.failures.length > 0)
      failures.push(`rolling restart: ${report.failures.length} failed requests`);
    if (lost + doubled + mismatches.length > 0)
      failures.push('rolling restart: ballots lost, doubled or totals off');
    if (slowest >= 10_000 || report.streamsDown > 0)
      failures.push('rolling restart: a stream was not back within 10 s');
  } finally {
    await cluster.stop();
  }
  return failures;
}
