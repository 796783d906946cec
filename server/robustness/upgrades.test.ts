import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.js';
import { topicWith } from '../modules/votes/test-helpers.js';
import { testDatabaseKind } from '../test/database.js';
import { createScratchDatabase } from '../test/faults.js';
import { callJson, type ServerProcess, startServerProcess } from '../test/process.js';

/** A migration only a newer release has, as the first upgraded server of a rolling upgrade leaves it. */
const NEWER_MIGRATION = '2099-01-01-0001-a-newer-release';

/**
 * A rolling upgrade: the first server of the new release migrates the shared database while the others,
 * older, still run. One of those that restarts meanwhile (a crash, systemd's Restart=on-failure) must come
 * back and serve on the newer schema rather than refuse to start; a restore, though, must not pass over a
 * schema it does not know. A real server process on the suite's database.
 */
describe('an older server during a rolling upgrade', () => {
  let dir: string;
  let databaseUrl: string;
  let dropDatabase: () => Promise<void> = async () => {};
  let db: DatabaseHandle;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'podium-upgrade-'));
    if (testDatabaseKind() === 'postgres') {
      const scratch = await createScratchDatabase('podium_upgrade');
      databaseUrl = scratch.url;
      dropDatabase = () => scratch.drop();
    } else databaseUrl = `sqlite:${join(dir, 'podium.sqlite')}`;
    db = openDatabase({ url: databaseUrl });
    await migrateToLatest(db);
    await sql`insert into kysely_migration (name, timestamp) values (${NEWER_MIGRATION}, ${new Date().toISOString()})`.execute(
      db.db,
    );
  }, 60_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.close();
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts on the schema a newer release migrated, serves, and says so in its log', async () => {
    const topic = await topicWith(db.db, ['Alpha', 'Bravo']);
    server = await startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dir });
    const answer = await callJson(server.url, 'GET', `/api/topics/${topic.id}?lang=en`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.topic.id).toBe(topic.id);
    expect(server.output()).toContain('the database has migrations of a newer release');
    expect(server.output()).toContain(NEWER_MIGRATION);
  }, 90_000);

  it('is refused where a schema must be this release’s own, as when a backup is restored', async () => {
    await expect(migrateToLatest(db)).rejects.toThrow(/corrupted migrations/);
    expect(await migrateToLatest(db, { allowNewerSchema: true })).toEqual({ newerSchema: [NEWER_MIGRATION] });
  });
});
