import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the background connection folds the write-ahead log back into the database file. */
const CHECKPOINT_INTERVAL_MS = 200;

/**
 * The worker's whole program. It gets better-sqlite3's resolved path because an eval'd worker
 * resolves bare module names from the process's working directory, not from this file.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Runs SQLite's WAL checkpoints on a connection of their own in a worker thread. Left to the
 * writing connection, every thousandth page written makes one commit copy the log into the
 * database and fsync it, on the event loop, in the middle of a request: that was over half of a
 * vote's database time. A passive checkpoint never blocks a writer, and the log it has fully
 * copied is reused from the start by the next commit, so the file stays small.
 */
export function startCheckpointer(file: string, onError: (message: string) => void): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: CHECKPOINT_INTERVAL_MS,
    },
  });
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on('error', (error) => onError(String(error)));
  // Never the reason a process stays alive.
  worker.unref();
  return {
    async stop() {
      if (worker.threadId === -1) return;
      const exited = new Promise<void>((done) => worker.once('exit', () => done()));
      worker.postMessage('stop');
      const force = setTimeout(() => void worker.terminate(), 2_000);
      await exited;
      clearTimeout(force);
    },
  };
}
