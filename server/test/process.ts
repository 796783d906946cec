import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { buildServerIfStale } from '../../scripts/server-build.js';
import { serverNodeArgs } from '../launch.js';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject()));
    });
  });
}

/**
 * The creation limits lifted, for loads that send many ballots a second from few accounts and one address
 * (fault tests, crash tests, benchmarks): each use says so where it passes them.
 */
export const LIFTED_CREATION_LIMITS = {
  BALLOTS_PER_USER_PER_MINUTE: '1000000',
  NEW_PROPOSITIONS_PER_USER_PER_TOPIC_PER_DAY: '1000000',
  NEW_PROPOSITIONS_PER_USER_PER_DAY: '1000000',
  NEW_PROPOSITIONS_PER_ADDRESS_PER_DAY: '1000000',
};

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** The last 20 kB the process printed, for failure messages. */
  output(): string;
  /** Sends a signal and waits for the process to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Runs the real server (its bundle, built first if a source is newer, as `npm start` runs it) as its own
 * process on a free port (or `port`, to restart a server where a proxy expects it) and waits until
 * /api/health answers. Tests of crashes and of several servers use it. `root` runs the bundle another
 * copy of the project has built (the fifth-language test's), from that copy.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { port?: number; root?: string } = {},
): Promise<ServerProcess> {
  if (!options.root) buildServerIfStale();
  const port = options.port ?? (await freePort());
  let output = '';
  const args = serverNodeArgs({ ...process.env, ...env });
  if (options.root) args.splice(-1, 1, resolve(options.root, 'dist', 'server', 'main.js'));
  const child = spawn(process.execPath, args, {
    cwd: options.root ?? REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      PASSWORD_CHECKS_PER_ADDRESS: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill(signal);
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await kill('SIGKILL');
      throw new Error(`server did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return { url, child, output: () => output, kill };
}

/** JSON over HTTP to a server process; returns status and parsed body. */
export async function callJson(
  url: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
