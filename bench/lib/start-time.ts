import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerIfStale } from '../../scripts/server-build.js';
import { REPO_ROOT } from '../../scripts/staleness.js';
import { buildWebIfStale } from '../../scripts/web-build.js';
import { serverNodeArgs } from '../../server/launch.js';
import { freePort } from '../../server/test/process.js';
import { median, spread } from './format.js';

/** Issue 40: `npm start` to ready, on the demo data, once built. */
const BUDGET_MS = 1_000;
const RUNS = 5;
const HEALTH_POLL_MS = 10;

/** What `npm start` runs (package.json), without npm: `node <flags> dist/start.js`. */
const NPM_START = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .map((word) => (word === 'node' ? process.execPath : word));

/** The ways a server is started, each timed from its spawn to its first 200 from /api/health. */
const STARTS: Record<string, string[]> = {
  'npm start': ['npm', 'start', '--silent'],
  'the launcher without npm (what npm start runs)': NPM_START,
  'before: tsx scripts/start.ts (the launcher through tsx)': [
    process.execPath,
    join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'),
    'scripts/start.ts',
  ],
  'the server bundle alone (what systemd runs)': [process.execPath, ...serverNodeArgs()],
};

/** Starts one server, answers the milliseconds to ready, and stops it (its whole process group). */
async function timeStart(command: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [program, ...args] = command as [string, ...string[]];
  const port = await freePort();
  const started = performance.now();
  const child = spawn(program, args, {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (healthy) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error(`${command.join(' ')} not ready in 60 s`);
      await new Promise((wait) => setTimeout(wait, HEALTH_POLL_MS));
    }
  } finally {
    await stopGroup(child);
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/**
 * Start to ready: `npm start`, the launcher it runs, the launcher as it ran before through tsx, and the
 * bundle alone, on one data directory seeded with the demo by a first start (timed too), then five
 * rounds, the ways taken in turn within each round. Answers the broken budgets.
 */
export async function benchStartTime(): Promise<string[]> {
  console.log('\n## Start to ready (issue 40)\n');
  buildWebIfStale();
  buildServerIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-bench-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED: 'demo',
    LOG_LEVEL: 'warn',
  };
  try {
    const first = await timeStart(NPM_START, env);
    console.log(`  first start on an empty data directory (migrations, demo seed): ${Math.round(first)} ms`);
    const times = new Map(Object.keys(STARTS).map((name) => [name, [] as number[]]));
    for (let run = 0; run < RUNS; run++)
      for (const [name, command] of Object.entries(STARTS))
        times.get(name)?.push(await timeStart(command, env));
    for (const [name, runs] of times)
      console.log(`  ${name}: median ${Math.round(median(runs))} ms (runs ${spread(runs)} ms)`);
    const npmStart = median(times.get('npm start') ?? []);
    return npmStart < BUDGET_MS
      ? []
      : [`npm start took ${Math.round(npmStart)} ms to be ready (budget ${BUDGET_MS} ms)`];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
