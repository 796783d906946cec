import { resolve } from 'node:path';

/**
 * How a Podium server process is launched (`npm start`, and the tests and benchmarks that run the real
 * server as its own process): Node's arguments, before any of the app's code runs.
 */

/**
 * The server as one JavaScript file, bundled from server/main.ts by scripts/server-build.ts (which
 * `npm start`, `npm run build` and the process tests run first when a source is newer).
 */
export const SERVER_BUNDLE = resolve(import.meta.dirname, '..', 'dist', 'server', 'main.js');

/** `npm start`'s launcher (scripts/start.ts), bundled with the server. Both paths hold from `dist/` too. */
export const START_BUNDLE = resolve(import.meta.dirname, '..', 'dist', 'start.js');

/**
 * V8's old space in MB, unless HEAP_LIMIT_MB says otherwise (0: V8's own choice). A server sized for a
 * 512 MB machine, as the cache budget is (CACHE_BUDGET_MB): on a large machine V8 lets its heap grow
 * lazily to hundreds of MB of garbage before it collects, which a small one cannot spare (decision 012).
 */
export const DEFAULT_HEAP_LIMIT_MB = 256;

/**
 * Node's arguments for the server: the heap limit, stack traces that name the TypeScript lines, the bundle.
 * package.json's `start` passes the default ones to the launcher (scripts/start.ts), which then runs the
 * server in its own process instead of starting a second one: keep the two alike.
 */
export function serverNodeArgs(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = env.HEAP_LIMIT_MB?.trim();
  const limit = configured ? Number(configured) : DEFAULT_HEAP_LIMIT_MB;
  if (!Number.isInteger(limit) || limit < 0) {
    throw new Error(
      `HEAP_LIMIT_MB must be a whole number of MB (0 for V8's own choice), not "${configured}"`,
    );
  }
  // A limit given in NODE_OPTIONS wins: it is the operator's.
  const heap =
    limit === 0 || env.NODE_OPTIONS?.includes('--max-old-space-size')
      ? []
      : [`--max-old-space-size=${limit}`];
  // `npm run bench -- --cpu-profile DIR`: each server writes V8's CPU profile there when it stops.
  const profile = env.PODIUM_CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${env.PODIUM_CPU_PROFILE_DIR}`]
    : [];
  return [...heap, ...profile, '--enable-source-maps', SERVER_BUNDLE];
}
