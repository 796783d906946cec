import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from '../test/process.js';

/**
 * Two app servers on one machine given the same METRICS_PORT (a shared settings file): the second cannot
 * open it. It must stop at start with one line that says why, not run without its metrics or die on an
 * uncaught exception's stack trace. A real server process on SQLite.
 */
describe('a METRICS_PORT already taken', () => {
  let dir: string;
  let taken: Server;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'podium-metrics-port-'));
    port = await freePort();
    taken = createServer();
    await new Promise<void>((listening) => taken.listen(port, '127.0.0.1', listening));
  });

  afterAll(async () => {
    await new Promise((closed) => taken.close(closed));
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops the server at start with a log line that names the port and the way out', async () => {
    const starting = startServerProcess({
      DATABASE_URL: `sqlite:${join(dir, 'podium.sqlite')}`,
      DATA_DIR: dir,
      METRICS_PORT: String(port),
    });
    await expect(starting).rejects.toThrow(/server exited with 1/);
    const output = await starting.catch((error: Error) => error.message);
    expect(output).toMatch(
      new RegExp(
        `"level":60.*Podium could not start: METRICS_PORT ${port} on 127\\.0\\.0\\.1 cannot be opened`,
      ),
    );
    expect(output).toContain('each app server needs a port of its own');
    expect(output).not.toMatch(/^\s+at /m);
  }, 60_000);
});
