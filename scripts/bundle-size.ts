import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readBuildManifest } from './build-manifest.js';

/**
 * First-load JavaScript of the web app: the entry chunk, what it imports statically and the chunks it
 * starts the app with once the page is painted (from Vite's manifest), gzip-compressed, as a browser on
 * a cold cache downloads it.
 */
export function firstLoadJs(distDir = resolve(import.meta.dirname, '..', 'web/dist')) {
  const manifest = readBuildManifest(distDir);
  if (!manifest) throw new Error('no entry chunk in the Vite manifest (run npm run build)');
  const gzipKb = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024;
  const fileOf = (key: string) => manifest.chunks[key]?.file ?? key;
  const entryFiles = [...manifest.startup].map(fileOf);
  const entryKb = entryFiles.reduce((sum, file) => sum + gzipKb(file), 0);
  /** Per lazily loaded page or feature: what it adds on top of the first load when first needed. */
  const lazy = new Set([...manifest.startup].flatMap((key) => manifest.chunks[key]?.dynamicImports ?? []));
  const routes = [...lazy]
    .filter((key) => !manifest.startup.has(key))
    .map((key) => {
      const extra = [...manifest.closure(key)].map(fileOf).filter((file) => !entryFiles.includes(file));
      return {
        route: manifest.chunks[key]?.src ?? key,
        kb: extra.reduce((sum, file) => sum + gzipKb(file), 0),
      };
    });
  return { entryKb, entryFiles, routes };
}

if (process.argv[1]?.endsWith('bundle-size.ts')) {
  const { entryKb, entryFiles, routes } = firstLoadJs();
  console.log(`first-load JavaScript: ${entryKb.toFixed(1)} KB gzip (${entryFiles.length} files)`);
  for (const { route, kb } of routes)
    console.log(`  + ${route}: ${kb.toFixed(1)} KB gzip when first visited`);
}
