import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * The inverted word index of search (server/modules/search/indexer.ts fills it): one row per folded
 * word and active topic, with the weight of the best field the word comes from. Its primary key
 * (term, topic_id) answers both exact and prefix lookups by a range scan.
 */
export const searchIndex: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    if (kind === 'postgres') {
      // Byte order ("C") so that the prefix range `term >= 'piz' and term < 'piz\uffff'` holds
      // whatever the database's default collation is.
      await sql`create table search_terms (
        term varchar(64) collate "C" not null,
        topic_id integer not null references topics(id) on delete cascade,
        weight integer not null,
        primary key (term, topic_id)
      )`.execute(db);
    } else {
      // WITHOUT ROWID: the primary key b-tree holds the weight too, so lookups never leave the index.
      await sql`create table search_terms (
        term varchar(64) not null,
        topic_id integer not null references topics(id) on delete cascade,
        weight integer not null,
        primary key (term, topic_id)
      ) without rowid`.execute(db);
    }
    await db.schema.createIndex('search_terms_topic').on('search_terms').column('topic_id').execute();

    // One row; every index write bumps it so that each app server's in-memory caches (catalogue
    // names, spelling vocabulary) notice the change with one primary-key read.
    await db.schema
      .createTable('search_index_state')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into search_index_state (id, version) values (1, 0)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('search_index_state').execute();
    await db.schema.dropTable('search_terms').execute();
  },
});
