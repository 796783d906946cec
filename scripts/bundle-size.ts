import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript of the web app: the entry chunk and every chunk it imports statically
 * (from Vite's manifest), gzip-compressed, as a browser on a cold cache downloads it.
 */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

export function firstLoadJs(distDir = resolve(import.meta.dirname, '..', 'web/dist')) {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  );
  const gzipKb = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024;
  const fileOf = (key: string) => manifest[key]?.file ?? key;
  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const entryFiles = [...staticClosure(entryKey)].map(fileOf);
  const entryKb = entryFiles.reduce((sum, file) => sum + gzipKb(file), 0);
  /** Per lazily loaded route: what it adds on top of the entry when first visited. */
  const routes = (manifest[entryKey]?.dynamicImports ?? []).map((key) => {
    const extra = [...staticClosure(key)].map(fileOf).filter((file) => !entryFiles.includes(file));
    return { route: manifest[key]?.src ?? key, kb: extra.reduce((sum, file) => sum + gzipKb(file), 0) };
  });
  return { entryKb, entryFiles, routes };
}

if (process.argv[1]?.endsWith('bundle-size.ts')) {
  const { entryKb, entryFiles, routes } = firstLoadJs();
  console.log(`first-load JavaScript: ${entryKb.toFixed(1)} KB gzip (${entryFiles.length} files)`);
  for (const { route, kb } of routes)
    console.log(`  + ${route}: ${kb.toFixed(1)} KB gzip when first visited`);
}
