import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { isStale, REPO_ROOT } from './staleness.js';

/** Everything the web bundle is built from. */
const SOURCES = ['web/src', 'web/index.html', 'vite.config.ts', 'common', 'package-lock.json'];

/**
 * Runs `vite build` when the web build is missing or older than any of its sources: the browser's app,
 * then the server renderer's bundle (web/src/entry-server.tsx) into `<outDir>/server`, as `npm run build`.
 */
export function buildWebIfStale(outDir = resolve(REPO_ROOT, 'web/dist')): void {
  if (!isStale([join(outDir, 'index.html'), join(outDir, 'server', 'entry-server.js')], SOURCES)) return;
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
