import { type Kysely, sql } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

/**
 * Propositions carry their running totals so that reading a ranking never scans the votes.
 * The votes table's constraints are the rules of the top 3: each of 3, 2, 1 points at most once per
 * person and topic, each proposition at most once, and the proposition belongs to the voted topic.
 */
export const votes: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('propositions'), kind)
      .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('name_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('total_points', 'integer', (c) => c.notNull().defaultTo(0).check(sql`total_points >= 0`))
      .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`vote_count >= 0`))
      .addColumn('first_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`first_count >= 0`))
      .addColumn('second_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`second_count >= 0`))
      .addColumn('third_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`third_count >= 0`))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('propositions_topic_name', ['topic_id', 'name_key'])
      .addUniqueConstraint('propositions_id_topic', ['id', 'topic_id'])
      .execute();
    await db.schema
      .createIndex('propositions_ranking')
      .on('propositions')
      .columns(['topic_id', 'total_points desc', 'vote_count desc', 'name'])
      .execute();

    await withId(db.schema.createTable('votes'), kind)
      // No cascade from users: an account with votes cannot be deleted (USER_HAS_VOTES).
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('proposition_id', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull().check(sql`points in (1, 2, 3)`))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addForeignKeyConstraint(
        'votes_proposition_of_topic',
        ['proposition_id', 'topic_id'],
        'propositions',
        ['id', 'topic_id'],
        (fk) => fk.onDelete('cascade'),
      )
      .addUniqueConstraint('votes_one_place_each', ['user_id', 'topic_id', 'points'])
      .addUniqueConstraint('votes_one_proposition_once', ['user_id', 'proposition_id'])
      .execute();
    await db.schema.createIndex('votes_topic_user').on('votes').columns(['topic_id', 'user_id']).execute();
    await db.schema.createIndex('votes_proposition').on('votes').column('proposition_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('votes').execute();
    await db.schema.dropTable('propositions').execute();
  },
});
