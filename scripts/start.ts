import { spawn } from 'node:child_process';
import { serverNodeArgs } from '../server/launch.js';
import { buildServerIfStale } from './server-build.js';
import { buildWebIfStale } from './web-build.js';

// `npm start` runs this file bundled (dist/start.js, built by `npm install` and by scripts/server-build.ts):
// build what is missing or older than its sources, then run the server (it migrates and seeds by itself).
// A newer launcher, rebuilt here, runs from the next start.
buildWebIfStale();
buildServerIfStale();
const server = spawn(process.execPath, serverNodeArgs(), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
