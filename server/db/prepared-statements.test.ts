import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/database.js';
import { openDatabase } from './database.js';
import { executePrepared, statement } from './prepared-statements.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.handle.db
    .insertInto('categories')
    .values([
      { slug: 'food', name: 'Food', created_at: '2026-11-23T00:00:00Z' },
      { slug: 'films', name: 'Films', created_at: '2026-11-23T00:00:00Z' },
    ])
    .execute();
});
afterAll(() => database.destroy());

const categoryBySlug = (db: TestDatabase['handle']['db'], slug: string) =>
  db.selectFrom('categories').select(['id', 'slug']).where('slug', '=', slug);

describe('executePrepared', () => {
  it('returns the rows the plain query returns, for each parameter value', async () => {
    const { db } = database.handle;
    for (const slug of ['food', 'films', 'none']) {
      expect(await executePrepared(db, categoryBySlug(db, slug))).toEqual(
        await categoryBySlug(db, slug).execute(),
      );
    }
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'on PostgreSQL, prepares a statement once per connection and leaves other queries unprepared',
    async () => {
      // One transaction keeps every query on one connection, whose prepared statements PostgreSQL lists.
      await database.handle.db.transaction().execute(async (trx) => {
        const prepared = categoryBySlug(trx, 'food');
        await executePrepared(trx, prepared);
        await executePrepared(trx, categoryBySlug(trx, 'films'));
        const plain = trx.selectFrom('categories').select('slug').where('id', '>', 0);
        await plain.execute();

        const listed = async (text: string) =>
          (
            await sql<{
              n: number;
            }>`select count(*) as n from pg_prepared_statements where statement = ${text}`.execute(trx)
          ).rows[0]?.n;
        expect(await listed(prepared.compile().sql)).toBe(1);
        expect(await listed(plain.compile().sql)).toBe(0);
      });
    },
  );

  it.runIf(testDatabaseKind() === 'postgres')(
    'on PostgreSQL, keeps answering after the server dropped the prepared statements of a connection',
    async () => {
      // One connection, so the statement dropped is the one the next call would use.
      const single = openDatabase({ url: database.url, schema: database.schema, poolSize: 1 });
      try {
        expect(await executePrepared(single.db, categoryBySlug(single.db, 'food'))).toHaveLength(1);
        await sql`deallocate all`.execute(single.db);
        expect(await executePrepared(single.db, categoryBySlug(single.db, 'films'))).toHaveLength(1);
      } finally {
        await single.close();
      }
    },
  );
});

describe('statement', () => {
  const bySlug = statement((db, { slug }: { slug: string }) =>
    db.selectFrom('categories').select(['id', 'slug']).where('slug', '=', slug),
  );
  const bySlugs = statement((db, { slugs }: { slugs: string[] }) =>
    db.selectFrom('categories').select('slug').where('slug', 'in', slugs).orderBy('slug'),
  );

  it('answers each run with its own values, as the query built for them does', async () => {
    const { db } = database.handle;
    for (const slug of ['food', 'films', 'none']) {
      expect(await bySlug(db, { slug })).toEqual(await categoryBySlug(db, slug).execute());
    }
  });

  it('builds a list of each length as its own statement', async () => {
    const { db } = database.handle;
    expect(await bySlugs(db, { slugs: ['food'] })).toEqual([{ slug: 'food' }]);
    expect(await bySlugs(db, { slugs: ['food', 'films'] })).toEqual([{ slug: 'films' }, { slug: 'food' }]);
    expect(await bySlugs(db, { slugs: ['none', 'films', 'x'] })).toEqual([{ slug: 'films' }]);
  });

  it('keeps the constants the builder wrote beside the values it is given', async () => {
    const { db } = database.handle;
    const named = statement((db, { slug }: { slug: string }) =>
      db.selectFrom('categories').select('slug').where('slug', '=', slug).where('name', '=', 'Food'),
    );
    expect(await named(db, { slug: 'food' })).toEqual([{ slug: 'food' }]);
    expect(await named(db, { slug: 'films' })).toEqual([]);
  });

  it('writes inside a transaction, null values included, and the rollback undoes it', async () => {
    const insert = statement((db, { slug, name }: { slug: string; name: string | null }) =>
      db
        .insertInto('categories')
        .values({ slug, name: name as string, created_at: '2026-11-27T00:00:00Z' })
        .returning('slug'),
    );
    await expect(
      database.handle.db.transaction().execute(async (trx) => {
        expect(await insert(trx, { slug: 'books', name: 'Books' })).toEqual([{ slug: 'books' }]);
        expect(await bySlug(trx, { slug: 'books' })).toHaveLength(1);
        await insert(trx, { slug: 'games', name: null });
      }),
    ).rejects.toThrow();
    expect(await bySlug(database.handle.db, { slug: 'books' })).toEqual([]);
  });

  it('refuses a builder that computes with a value instead of passing it to the SQL', async () => {
    const computed = statement((db, { slug }: { slug: string }) =>
      db.selectFrom('categories').select('slug').where('slug', '=', `${slug}-x`),
    );
    await expect(computed(database.handle.db, { slug: 'food' })).rejects.toThrow(/slug must reach the SQL/);
  });
});
