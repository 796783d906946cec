import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * Who follows which topic (issue 39, docs/decisions/031-follows.md). A row says what the person chose:
 * `following` 1 follows the topic (or main topic), 0 unfollows a topic they voted on. Following by vote
 * is not written here: it is read from the ballots, for people whose `follow_voted_topics` is on.
 */
export const topicFollows: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('topic_follows')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('topic_id', 'integer', (col) => col.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('following', 'integer', (col) => col.notNull().check(sql`following in (0, 1)`))
      .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
      .addPrimaryKeyConstraint('topic_follows_key', ['user_id', 'topic_id'])
      .execute();
    await db.schema.createIndex('topic_follows_topic').on('topic_follows').column('topic_id').execute();
    await db.schema
      .alterTable('users')
      .addColumn('follow_voted_topics', 'integer', (col) =>
        col.notNull().defaultTo(1).check(sql`follow_voted_topics in (0, 1)`),
      )
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('follow_voted_topics').execute();
    await db.schema.dropTable('topic_follows').execute();
  },
});
