import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
    // The e2e budget test reads the manifest to sum what the home page loads first.
    manifest: true,
    target: 'es2022',
    // What the first page load runs goes in one chunk beside the entry: left to the automatic split,
    // the modules the lazy chunks share with it scatter into small chunks, each a request and
    // compressed on its own (more bytes for the same code).
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
