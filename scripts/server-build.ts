import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SERVER_BUNDLE, START_BUNDLE } from '../server/launch.js';
import { isStale, REPO_ROOT } from './staleness.js';

/** Everything the server bundle and the launcher are built from. */
const SOURCES = [
  'server',
  'common',
  'package-lock.json',
  'scripts/server-build.ts',
  'scripts/start.ts',
  'scripts/web-build.ts',
  'scripts/staleness.ts',
];

/**
 * Bundles server/main.ts and what it imports from the repository into one JavaScript file (packages stay
 * in node_modules), when the bundle is missing or older than a source. The server runs from it with
 * plain Node: loading TypeScript through tsx kept its loader thread and compiled sources in memory,
 * ~50 MB of a 512 MB machine (decision 012). Each file is written beside its place and renamed into it,
 * so test processes building at once never load a half-written bundle.
 *
 * `npm start`'s launcher (scripts/start.ts) is bundled beside it, as `dist/start.js`, so that a start runs
 * plain Node from its first instruction: through tsx, the launcher alone took 0.6 s of a start.
 */
export function buildServerIfStale(): void {
  if (!isStale([SERVER_BUNDLE, `${SERVER_BUNDLE}.map`, START_BUNDLE], SOURCES)) return;
  // Loaded only to build: a start with nothing to build does not pay for esbuild.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const { outputFiles } = buildSync({
    absWorkingDir: REPO_ROOT,
    entryPoints: [
      { in: 'server/main.ts', out: 'server/main' },
      { in: 'scripts/start.ts', out: 'start' },
    ],
    outdir: dirname(START_BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: installedPackagesBut(BUNDLED_PACKAGES),
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(dirname(SERVER_BUNDLE), { recursive: true });
  for (const file of outputFiles) {
    const written = `${file.path}.${process.pid}.tmp`;
    writeFileSync(written, file.contents);
    renameSync(written, file.path);
  }
}

/**
 * Packages bundled into the server rather than loaded from node_modules at start: pure JavaScript, no files
 * of their own read at run time, no other external package importing them (one copy, so `instanceof`
 * holds). Resolving zod's and Kysely's hundreds of files took about 220 ms of an 890 ms start to ready.
 */
const BUNDLED_PACKAGES = ['zod', 'kysely', 'fastify-type-provider-zod'];

/**
 * Every package installed in node_modules but these, as esbuild's `external` (its synchronous API takes no
 * plugin to decide by name): what a bundled package imports from another stays external too.
 */
function installedPackagesBut(bundled: readonly string[]): string[] {
  const modules = join(REPO_ROOT, 'node_modules');
  const names = readdirSync(modules)
    .filter((entry) => !entry.startsWith('.'))
    .flatMap((entry) =>
      entry.startsWith('@') ? readdirSync(join(modules, entry)).map((name) => `${entry}/${name}`) : [entry],
    );
  return names.filter((name) => !bundled.includes(name)).flatMap((name) => [name, `${name}/*`]);
}

// Run as a command (`tsx scripts/server-build.ts`: `npm install`, `npm run build`); bundled into the
// launcher, this module only lends it the function.
if (process.argv[1] === import.meta.filename && import.meta.filename.endsWith('.ts')) buildServerIfStale();
