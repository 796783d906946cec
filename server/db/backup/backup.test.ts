import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballot, topicWith, vote } from '../../modules/votes/test-helpers.js';
import { testDatabaseKind } from '../../test/database.js';
import { createAdmin, registerUser } from '../../test/factories.js';
import { createScratchDatabase } from '../../test/faults.js';
import { startTestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../database.js';
import { findTotalsMismatches } from '../integrity.js';
import { seedDemoContent } from '../seed/seed-demo.js';
import { type Backup, createBackup, restoreBackup, verifyBackup } from './backup.js';
import { countMainTables } from './whole.js';

/**
 * Backups that restore, on the database of this suite (api-sqlite, api-postgres): a backup of a database
 * with content restores it exactly (every row, totals exact, a ballot's history), and what would lose data
 * (a damaged file, a target with content, a server still running) is refused and changes nothing.
 * PostgreSQL needs pg_dump and pg_restore (apt-get install postgresql-client): without them these fail
 * saying so.
 */
const kind = testDatabaseKind();
const dir = mkdtempSync(join(tmpdir(), 'podium-backup-'));

interface Target {
  url: string;
  drop(): Promise<void>;
}

/** A migrated database of the test's own, no connection left open: a SQLite file, or a whole PostgreSQL database. */
async function createTarget(): Promise<Target> {
  if (kind === 'postgres') return createScratchDatabase('podium_backup');
  const url = `sqlite:${join(dir, `${randomBytes(4).toString('hex')}.sqlite`)}`;
  const handle = openDatabase({ url });
  await migrateToLatest(handle);
  await handle.close();
  return { url, drop: async () => undefined };
}

async function withDatabase<T>(url: string, use: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = openDatabase({ url, poolSize: 2 });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/** What the test compares: every row of every table, the main tables' counts, one ballot's versions. */
async function stateOf(url: string) {
  return withDatabase(url, async ({ db }) => ({
    snapshot: await snapshotDatabase(db),
    counts: await countMainTables(db),
    history: await db
      .selectFrom('ballot_versions')
      .select(['version', 'cast_at', 'cause', 'first_id', 'second_id', 'third_id'])
      .where('ballot_id', '=', revotedBallot)
      .orderBy('version')
      .execute(),
  }));
}

let source: Target;
let original: Awaited<ReturnType<typeof stateOf>>;
let backup: Backup;
let revotedBallot: number;

beforeAll(async () => {
  source = await createTarget();
  await withDatabase(source.url, (handle) =>
    seedDemoContent(handle, { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$demo', now: new Date() }),
  );
  // Through the real server: a ballot changed once (two versions) and an administrator's audited action.
  const handle = openDatabase({ url: source.url });
  const server = await startTestServer(
    {},
    { url: source.url, dataDir: dir, handle, destroy: () => handle.close() },
  );
  try {
    const topic = await topicWith(server.ctx.db, ['Alba', 'Brio', 'Cielo', 'Duna']);
    const voter = await registerUser(server);
    expect((await vote(server, voter.accessToken, ballot(topic.id, ['Alba', 'Brio', 'Cielo']))).status).toBe(
      201,
    );
    expect((await vote(server, voter.accessToken, ballot(topic.id, ['Duna', 'Alba', null]))).status).toBe(
      200,
    );
    const admin = await createAdmin(server);
    const category = await server.request('POST', '/api/admin/categories', {
      token: admin.accessToken,
      body: { name: `Backups ${randomBytes(3).toString('hex')}` },
    });
    expect(category.status).toBe(201);
    const row = await server.ctx.db
      .selectFrom('ballots')
      .select('id')
      .where('user_id', '=', voter.id)
      .executeTakeFirstOrThrow();
    revotedBallot = row.id;
  } finally {
    await server.close();
  }
  original = await stateOf(source.url);
  expect(original.history).toHaveLength(2);
  expect(original.counts.audit_log).toBeGreaterThan(0);
});

afterAll(async () => {
  await source?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`npm run backup and restore (${kind})`, () => {
  it('writes a backup named with its instant and kind, counted in its own snapshot, and no partial file', async () => {
    backup = await createBackup({
      url: source.url,
      target: join(dir, 'backups'),
      now: new Date('2026-05-01T03:00:00Z'),
    });
    const extension = kind === 'sqlite' ? 'sqlite' : 'dump';
    expect(backup.file).toBe(join(dir, 'backups', `podium-2026-05-01T03-00-00-000Z-${kind}.${extension}`));
    expect(backup.bytes).toBeGreaterThan(0);
    expect(backup.counts).toEqual(original.counts);
    expect(readdirSync(join(dir, 'backups'))).toEqual([
      `podium-2026-05-01T03-00-00-000Z-${kind}.${extension}`,
    ]);
  });

  it('verifies a fresh backup in a scratch copy: the same counts as the source, totals exact', async () => {
    const report = await verifyBackup(backup.file, source.url);
    expect(report.mismatches).toEqual([]);
    expect(report.counts).toEqual(backup.counts);
    expect(readdirSync(join(dir, 'backups'))).toHaveLength(1);
  });

  it('refuses to restore while a server is using the database, and changes nothing', async () => {
    const handle = openDatabase({ url: source.url });
    const server = await startTestServer(
      {},
      { url: source.url, dataDir: dir, handle, destroy: () => handle.close() },
    );
    try {
      expect((await server.request('GET', '/api/health')).status).toBe(200);
      await expect(restoreBackup({ file: backup.file, url: source.url, force: true })).rejects.toThrow(
        /is in use.*Stop the (Podium )?servers?/,
      );
    } finally {
      await server.close();
    }
    expect((await stateOf(source.url)).snapshot).toBe(original.snapshot);
  });

  describe('once the data has been damaged', () => {
    let damaged: string;
    beforeAll(async () => {
      await withDatabase(source.url, async ({ db }) => {
        await db.deleteFrom('audit_log').execute();
        await db.updateTable('propositions').set({ total_points: 999 }).execute();
        await sql`drop table ballot_versions`.execute(db);
      });
      damaged = await withDatabase(source.url, ({ db }) => snapshotDatabase(db));
    });

    it('refuses to restore into a database with content without --force, and changes nothing', async () => {
      await expect(restoreBackup({ file: backup.file, url: source.url, force: false })).rejects.toThrow(
        /is not empty \(\d+ users, \d+ topics\).*--force/,
      );
      expect(await withDatabase(source.url, ({ db }) => snapshotDatabase(db))).toBe(damaged);
    });

    it('refuses a truncated backup with a clear message, and leaves the target as it was', async () => {
      const truncated = join(dir, `truncated.${kind === 'sqlite' ? 'sqlite' : 'dump'}`);
      copyFileSync(backup.file, truncated);
      truncateSync(truncated, Math.floor(readFileSync(truncated).length / 2));
      await expect(restoreBackup({ file: truncated, url: source.url, force: true })).rejects.toThrow(
        // Refused from the table of contents (pg_restore --list), or while restoring, when the cut is in the data.
        kind === 'sqlite'
          ? /is damaged \(truncated or corrupted\)/
          : /not a readable pg_dump archive|left as it was/,
      );
      expect(await withDatabase(source.url, ({ db }) => snapshotDatabase(db))).toBe(damaged);
    });

    it('refuses a backup corrupted in its middle, and leaves the target as it was', async () => {
      // Whole pages overwritten halfway: SQLite's page checks see it; pg_restore finds its data unreadable
      // after --clean has begun, and its one transaction rolls back.
      const corrupted = join(dir, `corrupted.${kind === 'sqlite' ? 'sqlite' : 'dump'}`);
      const bytes = readFileSync(backup.file);
      const middle = Math.floor(bytes.length / 2 / 4096) * 4096;
      bytes.fill(0xff, middle, Math.min(bytes.length, middle + 8 * 4096));
      writeFileSync(corrupted, bytes);
      await expect(restoreBackup({ file: corrupted, url: source.url, force: true })).rejects.toThrow(
        kind === 'sqlite'
          ? /is damaged \(truncated or corrupted\)/
          : /which is left as it was \(one transaction, rolled back\)/,
      );
      expect(await withDatabase(source.url, ({ db }) => snapshotDatabase(db))).toBe(damaged);
    });

    it('refuses a file that is no backup at all, and one of the other database', async () => {
      const garbage = join(dir, 'garbage.sqlite');
      writeFileSync(garbage, randomBytes(8192));
      await expect(restoreBackup({ file: garbage, url: source.url, force: true })).rejects.toThrow(
        /is not a Podium backup/,
      );
      const otherKind =
        kind === 'sqlite' ? 'postgres://nobody@127.0.0.1:1/none' : `sqlite:${join(dir, 'x.sqlite')}`;
      await expect(restoreBackup({ file: backup.file, url: otherKind, force: true })).rejects.toThrow(
        /backup: it restores into a (SQLite|PostgreSQL) database, not a/,
      );
      expect(await withDatabase(source.url, ({ db }) => snapshotDatabase(db))).toBe(damaged);
    });

    it('refuses a backup made by a newer release, and leaves the target as it was', async () => {
      // A database a newer release migrated (one migration this release does not know), backed up.
      const newer = await createTarget();
      try {
        await withDatabase(newer.url, ({ db }) =>
          sql`insert into kysely_migration (name, timestamp) values ('2099-01-01-0001-a-newer-release', '2099-01-01T00:00:00.000Z')`.execute(
            db,
          ),
        );
        const newerBackup = await createBackup({
          url: newer.url,
          target: join(dir, 'newer-backups'),
          now: new Date('2026-05-02T03:00:00Z'),
        });
        await expect(restoreBackup({ file: newerBackup.file, url: source.url, force: true })).rejects.toThrow(
          /comes from a newer release of Podium \(its database has run 2099-01-01-0001-a-newer-release/,
        );
        expect(await withDatabase(source.url, ({ db }) => snapshotDatabase(db))).toBe(damaged);
      } finally {
        await newer.drop();
      }
    });

    it('restores with --force: every row back, totals exact, the ballot history intact', async () => {
      const report = await restoreBackup({ file: backup.file, url: source.url, force: true });
      expect(report.mismatches).toEqual([]);
      expect(report.counts).toEqual(original.counts);
      const restored = await stateOf(source.url);
      expect(restored.snapshot).toBe(original.snapshot);
      expect(restored.history).toEqual(original.history);
      expect(await withDatabase(source.url, ({ db }) => findTotalsMismatches(db))).toEqual([]);
    });
  });

  it('restores into an empty database without --force', async () => {
    const empty = await createTarget();
    try {
      const report = await restoreBackup({ file: backup.file, url: empty.url, force: false });
      expect(report.mismatches).toEqual([]);
      expect(report.counts).toEqual(original.counts);
      expect((await stateOf(empty.url)).snapshot).toBe(original.snapshot);
    } finally {
      await empty.drop();
    }
  });
});
