import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { findTotalsMismatches } from '../db/integrity.js';
import { newReadableId } from '../db/readable-id.js';
import { testDatabaseKind } from '../test/database.js';
import { callJson, LIFTED_CREATION_LIMITS, type ServerProcess, startServerProcess } from '../test/process.js';
import { nowIso } from '../test/wall-clock.js';

const NAMES = [
  'Da Marco',
  'Chez Nino',
  'Pizza Roma',
  'Forno Verde',
  'La Bella',
  'Napoli Express',
  'Il Giardino',
];
const USERS = 16;

interface Ballot {
  itemName: string;
  points: number;
}
const ballotKey = (ballot: Ballot[]) =>
  ballot
    .map((b) => `${b.points}:${b.itemName}`)
    .sort()
    .join('|');

function randomBallot(): Ballot[] {
  const names = [...NAMES].sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * 3));
  return names.map((itemName, i) => ({ itemName, points: 3 - i }));
}

/**
 * Kills the server with SIGKILL in the middle of a vote load, restarts it on the same SQLite file,
 * and checks that every acknowledged vote is there, every total is exact and the file is intact.
 */
// A vote load from 16 accounts: the creation limits are lifted for it.
describe.skipIf(testDatabaseKind() !== 'sqlite')('crash safety on SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-crash-'));
  const databaseUrl = `sqlite:${join(dataDir, 'podium.sqlite')}`;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged vote, exact totals and an intact database after SIGKILL mid-load', async () => {
    const setup = openDatabase({ url: databaseUrl });
    await migrateToLatest(setup);
    const category = await setup.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    const topic = await setup.db
      .insertInto('topics')
      .values({
        readable_id: newReadableId('T'),
        slug: 'crash-test-pizza',
        title: 'Crash test pizza',
        title_key: 'crash test pizza',
        language: 'en',
        category_id: category.id,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setup.close();

    const loaded = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ...LIFTED_CREATION_LIMITS,
    });
    server = loaded;
    const users = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const response = await callJson(loaded.url, 'POST', '/api/auth/register', {
          body: { username: `crash_${i}`, email: `crash_${i}@example.test`, password: 'crash-test' },
        });
        expect(response.status).toBe(201);
        return { id: response.body.data.user.id as number, token: response.body.data.accessToken as string };
      }),
    );

    // Each user votes again and again, one request at a time; we remember the last acknowledged ballot
    // and the one in flight when the server died (that one may or may not have committed).
    const acknowledged = new Map<number, Ballot[] | null>();
    const inFlight = new Map<number, Ballot[]>();
    let running = true;
    let acks = 0;
    const loops = users.map(async (user) => {
      acknowledged.set(user.id, null);
      while (running) {
        const ballot = randomBallot();
        inFlight.set(user.id, ballot);
        try {
          const response = await callJson(loaded.url, 'POST', '/api/search/propositions', {
            token: user.token,
            body: {
              topicId: topic.id,
              propositions: ballot.map((b) => ({ ...b, userId: user.id })),
              userTags: [],
            },
          });
          if (response.status === 200 || response.status === 201) {
            acknowledged.set(user.id, ballot);
            inFlight.delete(user.id);
            acks += 1;
          } else {
            throw new Error(`vote refused: ${response.status} ${JSON.stringify(response.body)}`);
          }
        } catch (error) {
          if (running) throw error;
          return;
        }
      }
    });
    await new Promise((wait) => setTimeout(wait, 2_000));
    running = false;
    await loaded.kill('SIGKILL');
    await Promise.allSettled(loops);
    expect(acks).toBeGreaterThan(50);
    console.log(`crash test: ${acks} votes acknowledged before SIGKILL`);

    server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ...LIFTED_CREATION_LIMITS,
    });
    for (const user of users) {
      const response = await callJson(
        server.url,
        'GET',
        `/api/search/user-votes/${topic.id}?userId=${user.id}`,
        {
          token: user.token,
        },
      );
      expect(response.status).toBe(200);
      const stored = ballotKey(response.body.data.votes);
      const allowed = [acknowledged.get(user.id), inFlight.get(user.id)]
        .filter((ballot): ballot is Ballot[] => Boolean(ballot))
        .map(ballotKey);
      expect(allowed, `user ${user.id} has ${stored}`).toContain(stored);
    }
    await server.kill('SIGTERM');

    const check = openDatabase({ url: databaseUrl });
    expect(await findTotalsMismatches(check.db)).toEqual([]);
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(check.db);
    expect(integrity.rows[0]?.integrity_check).toBe('ok');
    await check.close();
  });
});
