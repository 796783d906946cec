import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A chunk of Vite's manifest (web/dist/.vite/manifest.json), the fields read here. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The web build's chunks as the page loads them. The entry (index.html's script) is a few hundred bytes
 * that, once the page is painted, imports the chunks the app starts with (web/src/boot.ts): those are
 * the start-up chunks. Everything else is a page or a feature loaded on demand.
 */
export interface BuildManifest {
  chunks: Record<string, ManifestChunk>;
  /** The chunk and every chunk it imports statically (keys). */
  closure(key: string): Set<string>;
  /** The entry's chunks and those the entry starts the app with (keys). */
  startup: Set<string>;
  /** The start-up chunks the entry imports once the page is painted (keys). */
  deferredStartup: Set<string>;
}

/** The build's manifest, or undefined when the web app was built without one (or not built). */
export function readBuildManifest(distDir: string): BuildManifest | undefined {
  const file = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return undefined;
  const chunks = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !chunks[key]) return seen;
    seen.add(key);
    for (const imported of chunks[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  // The page's entry (index.html's script); the embed's script (src/embed/live.ts) is an entry of its own.
  const entryKey = chunks['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(chunks).find((key) => chunks[key]?.isEntry);
  if (!entryKey) return undefined;
  const initial = closure(entryKey);
  const deferredStartup = new Set<string>();
  for (const started of chunks[entryKey]?.dynamicImports ?? [])
    for (const key of closure(started)) if (!initial.has(key)) deferredStartup.add(key);
  return { chunks, closure, startup: new Set([...initial, ...deferredStartup]), deferredStartup };
}
