import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../modules/search/indexer.js';
import { SearchRepository } from '../../modules/search/repository.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { type BenchSeedReport, seedBench } from './seed-bench.js';

const SIZE = { topics: 400, users: 60, votes: 3000 };

let database: TestDatabase;
let report: BenchSeedReport;

beforeAll(async () => {
  database = await createTestDatabase();
  report = await seedBench({
    url: database.url,
    schema: database.schema,
    size: SIZE,
    seed: 7,
    now: new Date(),
  });
});
afterAll(() => database.destroy());

const db = () => database.handle.db;

async function searchTermsDump(): Promise<string[]> {
  const { rows } = await sql<{ term: string; topic_id: number; weight: number }>`
    select term, topic_id, weight from search_terms`.execute(db());
  return rows.map((row) => `${row.term} ${row.topic_id} ${row.weight}`).sort();
}

describe('seedBench', () => {
  it('loads the asked numbers of topics, users and votes with exact stored totals', async () => {
    expect(report.rows).toMatchObject(SIZE);
    expect(report.mismatches).toEqual([]);
    const topics = await db()
      .selectFrom('topics')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(topics.n)).toBe(SIZE.topics);
  });

  it('carries ballots with several versions, withdrawals among them, and back-fills 90 days of rank history', async () => {
    const count = async (query: Promise<{ n: number | string | bigint }>) => Number((await query).n);
    const ballots = await count(
      db()
        .selectFrom('ballots')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    const versions = await count(
      db()
        .selectFrom('ballot_versions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    const withdrawals = await count(
      db()
        .selectFrom('ballot_versions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('cause', '=', 'withdrawal')
        .executeTakeFirstOrThrow(),
    );
    expect(versions).toBeGreaterThan(ballots * 1.1);
    expect(withdrawals).toBeGreaterThan(0);
    const last = await db()
      .selectFrom('rank_snapshots')
      .select((eb) => eb.fn.max('day').as('day'))
      .executeTakeFirstOrThrow();
    // The last day a topic changed, within the 90 days and never today (a snapshot is of a day's end). The
    // small test set may have no ballot yesterday.
    const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    expect(String(last.day) <= dayOf(1)).toBe(true);
    expect(String(last.day) >= dayOf(90)).toBe(true);
  });

  it('writes the same search index the app would build, so bench search reads production data', async () => {
    const bulk = await searchTermsDump();
    expect(bulk.length).toBe(report.rows.search_terms);
    expect(bulk.length).toBeGreaterThan(SIZE.topics * 5);
    const versionAfterSeed = await new SearchRepository(db(), database.handle.kind).indexVersion();
    expect(versionAfterSeed).toBeGreaterThan(0);

    await db()
      .transaction()
      .execute((trx) => rebuildSearchIndex(trx));
    expect(await searchTermsDump()).toEqual(bulk);
  });
});
