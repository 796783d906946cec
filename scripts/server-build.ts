import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildSync } from 'esbuild';
import { SERVER_BUNDLE } from '../server/launch.js';
import { isStale, REPO_ROOT } from './staleness.js';

/** Everything the server bundle is built from. */
const SOURCES = ['server', 'common', 'package-lock.json', 'scripts/server-build.ts'];

/**
 * Bundles server/main.ts and what it imports from the repository into one JavaScript file (packages stay
 * in node_modules), when the bundle is missing or older than a source. The server runs from it with
 * plain Node: loading TypeScript through tsx kept its loader thread and compiled sources in memory,
 * ~50 MB of a 512 MB machine (decision 012). Each file is written beside its place and renamed into it,
 * so test processes building at once never load a half-written bundle.
 */
export function buildServerIfStale(): void {
  if (!isStale([SERVER_BUNDLE, `${SERVER_BUNDLE}.map`], SOURCES)) return;
  const { outputFiles } = buildSync({
    absWorkingDir: REPO_ROOT,
    entryPoints: ['server/main.ts'],
    outfile: SERVER_BUNDLE,
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

if (process.argv[1] === import.meta.filename) buildServerIfStale();
