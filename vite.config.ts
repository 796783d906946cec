import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The page's entry (index.html's script), and the app it starts once the page is painted. */
const BOOT = resolve(import.meta.dirname, 'web/src/boot.ts');
const APP_START = resolve(import.meta.dirname, 'web/src/main.tsx');
/**
 * The embedded ranking's script (docs/decisions/029), an entry of its own that imports none of the app. A
 * script rather than an HTML page: an HTML entry would split Vite's modulepreload polyfill out of the app's
 * entry into a chunk of its own, one more request for every page of the app.
 */
const EMBED_SCRIPT = resolve(import.meta.dirname, 'web/src/embed/live.ts');

/** Module info as the chunking pass sees it: the fields read here. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `from` imports statically, itself included. */
function staticClosure(from: string, ctx: ChunkingContext, seen = new Set<string>()): Set<string> {
  if (seen.has(from)) return seen;
  seen.add(from);
  for (const imported of ctx.getModuleInfo(from)?.importedIds ?? []) staticClosure(imported, ctx, seen);
  return seen;
}

/**
 * What the app starts with, in two chunks that the boot entry evaluates in a task each: "react" (React,
 * its DOM renderer and scheduler) and "app" (the rest). Left to the automatic split, the modules the lazy
 * pages share with the app scatter into small chunks, each a request and compressed on its own (more
 * bytes for the same code). The few modules the boot entry imports too (its task helpers, Vite's preload
 * helper) are left out of both, or the entry would have to evaluate the app to start: "app" takes its
 * modules one by one, not with their dependencies.
 */
function startupChunks() {
  let closures: { boot: Set<string>; app: Set<string> } | undefined;
  const closuresOf = (ctx: ChunkingContext) =>
    (closures ??= { boot: staticClosure(BOOT, ctx), app: staticClosure(APP_START, ctx) });
  const startsWithApp = (ctx: ChunkingContext, id: string) =>
    closuresOf(ctx).app.has(id) && !closuresOf(ctx).boot.has(id);
  const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
  return [
    {
      name: (id: string, ctx: ChunkingContext) =>
        id !== BOOT && closuresOf(ctx).boot.has(id) ? 'boot' : null,
      debugName: 'boot',
      priority: 3,
    },
    {
      name: (id: string, ctx: ChunkingContext) => (REACT.test(id) && startsWithApp(ctx, id) ? 'react' : null),
      debugName: 'react',
      priority: 2,
    },
    {
      name: (id: string, ctx: ChunkingContext) => (startsWithApp(ctx, id) ? 'app' : null),
      debugName: 'app',
      priority: 1,
      includeDependenciesRecursively: false,
    },
  ];
}

/**
 * The web app lives in web/ and builds to web/dist, which the Fastify server serves on the API's port.
 * In development the API runs separately on :3000, hence the proxy.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget test and the bench read the manifest to sum the first load (scripts/build-manifest.ts).
    manifest: true,
    target: 'es2022',
    // One stylesheet for the whole app (44 KB, 8 KB gzip), which the server writes into every page's
    // head: a page is styled at its first paint, without JavaScript, and no chunk adds its own
    // stylesheet later (which re-ordered the cascade and moved what the page showed).
    cssCodeSplit: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          input: { index: resolve(import.meta.dirname, 'web/index.html'), embed: EMBED_SCRIPT },
          output: { codeSplitting: { groups: startupChunks() } },
        },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
