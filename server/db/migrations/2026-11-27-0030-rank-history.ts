import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * A topic's ranking kept day by day (issue 37). A snapshot is the top of a topic's ranking at the end of a
 * UTC day (`day`, YYYY-MM-DD), written by the daily job for each topic whose ranking changed that day; a
 * day without one has the standing of the snapshot before it. Its places are the propositions ranked 1 to
 * 10 with their rank (ties share one) and points. A snapshot with no places says the ranking was empty.
 * A proposition deleted or merged away leaves the history with its rows. Counted ballots cast in the last
 * days are found by a partial index (the home page's "rising this week").
 */
export const rankHistory: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rank_snapshots')
      .addColumn('topic_id', 'integer', (col) => col.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('day', 'varchar(10)', (col) => col.notNull())
      .addColumn('taken_at', 'varchar(32)', (col) => col.notNull())
      .addPrimaryKeyConstraint('rank_snapshots_key', ['topic_id', 'day'])
      .execute();
    await db.schema
      .createIndex('rank_snapshots_day')
      .on('rank_snapshots')
      .columns(['day', 'topic_id'])
      .execute();
    await db.schema
      .createTable('rank_snapshot_places')
      .addColumn('topic_id', 'integer', (col) => col.notNull())
      .addColumn('day', 'varchar(10)', (col) => col.notNull())
      .addColumn('proposition_id', 'integer', (col) =>
        col.notNull().references('propositions.id').onDelete('cascade'),
      )
      .addColumn('rank', 'integer', (col) => col.notNull().check(sql`rank between 1 and 10`))
      .addColumn('total_points', 'integer', (col) => col.notNull().check(sql`total_points >= 0`))
      .addPrimaryKeyConstraint('rank_snapshot_places_key', ['topic_id', 'day', 'proposition_id'])
      .addForeignKeyConstraint(
        'rank_snapshot_places_snapshot',
        ['topic_id', 'day'],
        'rank_snapshots',
        ['topic_id', 'day'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('rank_snapshot_places_proposition')
      .on('rank_snapshot_places')
      .column('proposition_id')
      .execute();
    await sql`create index ballots_recent on ballots (voted_at, topic_id) where state = 'counted'`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index ballots_recent`.execute(db);
    await db.schema.dropTable('rank_snapshot_places').execute();
    await db.schema.dropTable('rank_snapshots').execute();
  },
});
