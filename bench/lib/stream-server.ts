import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { topicWith } from '../../server/modules/votes/test-helpers.js';
import { callJson, type ServerProcess, startServerProcess } from '../../server/test/process.js';

/** The server side of the live-stream bench: its database, its server processes, its voters. */

/** The defaults (server/config.ts: 20 per address, 5,000 streams, 10,000 sockets) would refuse 10,000 streams. */
export const RAISED_CAPS = {
  LIVE_STREAMS_PER_ADDRESS: '100',
  LIVE_STREAMS_PER_PROCESS: '20000',
  MAX_CONNECTIONS: '30000',
};
/** The propositions of the topic the streams follow (createTopic's default). */
export const PROPOSITIONS = Array.from({ length: 10 }, (_, i) => `Stream bench place ${i + 1}`);

export async function register(url: string, name: string): Promise<{ id: number; token: string }> {
  const { status, body } = await callJson(url, 'POST', '/api/auth/register', {
    body: { username: name, email: `${name}@example.test`, password: 'stream-bench' },
  });
  if (status !== 201) throw new Error(`register ${name}: HTTP ${status}`);
  return { id: body.data.user.id, token: body.data.accessToken };
}

/** Starts a fresh server on the bench database, hands it to `use`, and kills it whatever happens. */
export async function withServer<T>(
  databaseUrl: string,
  dataDir: string,
  use: (server: ServerProcess) => Promise<T>,
  caps: Record<string, string> = RAISED_CAPS,
) {
  const server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED: 'none',
    ...caps,
  });
  try {
    return await use(server);
  } finally {
    await server.kill('SIGTERM');
  }
}

/** A fresh SQLite database with one topic of `names` (PROPOSITIONS by default); returns the topic's id. */
export async function createTopic(databaseUrl: string, names: string[] = PROPOSITIONS): Promise<number> {
  const setup = openDatabase({ url: databaseUrl });
  try {
    await migrateToLatest(setup);
    return (await topicWith(setup.db, names)).id;
  } finally {
    await setup.close();
  }
}
