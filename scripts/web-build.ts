import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '..');
/** Everything the web bundle is built from. */
const SOURCES = ['web/src', 'web/index.html', 'vite.config.ts', 'common', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * Runs `vite build` when the web build is missing or older than any of its sources: the browser's app,
 * then the server renderer's bundle (web/src/entry-server.tsx) into `<outDir>/server`, as `npm run build`.
 */
export function buildWebIfStale(outDir = resolve(REPO_ROOT, 'web/dist')): void {
  const builtIndex = join(outDir, 'index.html');
  if (existsSync(builtIndex) && existsSync(join(outDir, 'server', 'entry-server.js'))) {
    const builtAt = statSync(builtIndex).mtimeMs;
    const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(resolve(REPO_ROOT, source))));
    if (sourcesAt <= builtAt) return;
  }
  console.log('Building the web app (vite build, then its server renderer)...');
  viteBuild(['--outDir', outDir, '--emptyOutDir']);
  viteBuild(['--ssr', 'src/entry-server.tsx', '--outDir', join(outDir, 'server'), '--emptyOutDir']);
}

function viteBuild(args: string[]): void {
  const vite = resolve(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', ...args], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    // Callers such as Vitest set NODE_ENV=test, which would make Vite bundle React's development
    // build (StrictMode double effects and requests, ~60 KB more): the served app is always production.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0)
    throw new Error(`vite build ${args.join(' ')} failed with status ${result.status}`);
}
