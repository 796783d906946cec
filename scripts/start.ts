import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { SERVER_BUNDLE, serverNodeArgs } from '../server/launch.js';
import { buildServerIfStale } from './server-build.js';
import { buildWebIfStale } from './web-build.js';

// `npm start` runs this file bundled (dist/start.js, built by `npm install` and by scripts/server-build.ts):
// build what is missing or older than its sources, then run the server (it migrates and seeds by itself).
// A newer launcher, rebuilt here, runs from the next start.
buildWebIfStale();
buildServerIfStale();

// package.json starts this process with the server's default Node arguments, so the server runs right here;
// other arguments (HEAP_LIMIT_MB, NODE_OPTIONS) need a process of their own, started with them.
const serverFlags = serverNodeArgs().slice(0, -1);
if (serverFlags.every((flag) => process.execArgv.includes(flag))) {
  await import(pathToFileURL(SERVER_BUNDLE).href);
} else {
  const server = spawn(process.execPath, serverNodeArgs(), { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
