import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildSync } from 'esbuild';
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
    packages: 'external',
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

// Run as a command (`tsx scripts/server-build.ts`: `npm install`, `npm run build`); bundled into the
// launcher, this module only lends it the function.
if (process.argv[1] === import.meta.filename && import.meta.filename.endsWith('.ts')) buildServerIfStale();
