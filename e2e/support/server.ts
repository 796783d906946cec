import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../../server/test/process.js';
import { ensureWebBuild } from './build.js';
import { WEB_DIST } from './paths.js';

export const ADMIN = { email: 'admin@podium.test', password: 'admin-password-1', username: 'admin' } as const;

export interface RunningServer {
  url: string;
  /** Its SQLite file, for what no API tells (a ballot's id): read it, never write it. */
  databaseFile: string;
  stop: () => Promise<void>;
}

/**
 * Starts the real server as its own process (the API tests' `startServerProcess`) with a fresh data
 * directory, the built web app (built first if needed) and the suite's administrator. `env` overrides
 * the defaults (e.g. token TTLs).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-e2e-'));
  try {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: WEB_DIST,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Every browser of the suite comes from 127.0.0.1: the per-address limits would count them as one.
      NEW_PROPOSITIONS_PER_ADDRESS_PER_DAY: '100000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    });
    return {
      url: server.url,
      databaseFile: join(dataDir, 'podium.sqlite'),
      stop: async () => {
        await server.kill();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
