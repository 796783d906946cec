import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/database.js';
import { migrateToLatest, openDatabase } from './database.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe.skipIf(testDatabaseKind() !== 'sqlite')('SQLite file permissions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'podium-perms-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the database and its WAL readable by the server user only (0600)', async () => {
    const file = join(dir, 'new', 'podium.sqlite');
    const handle = openDatabase({ url: `sqlite:${file}` });
    await migrateToLatest(handle);
    expect(modeOf(file)).toBe(0o600);
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    await handle.close();
  });

  it('narrows a database file left world-readable by an earlier version', async () => {
    const file = join(dir, 'old.sqlite');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const handle = openDatabase({ url: `sqlite:${file}` });
    await migrateToLatest(handle);
    expect(modeOf(file)).toBe(0o600);
    await handle.close();
  });
});
