import { type Kysely, sql } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

/**
 * Notifications (issue 39): what a person is told, and how they want each kind delivered
 * (docs/decisions/032-notifications.md). A notification is written once, by a job, in the person's
 * inbox; its facts are ids and names as they stood, its words are chosen when it is read or mailed, in
 * the reader's language. `batch_until` carries the rule "at most one per person per topic per hour": a
 * later event for the same person and topic before it updates this row instead of making another.
 */
export const notifications: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('notifications'), kind)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(40)', (col) => col.notNull())
      .addColumn('topic_id', 'integer', (col) => col.references('topics.id').onDelete('cascade'))
      .addColumn('facts', 'text', (col) => col.notNull())
      .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('batch_until', 'varchar(32)', (col) => col.notNull())
      .addColumn('read_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('notifications_inbox')
      .on('notifications')
      .columns(['user_id', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('notifications_batch')
      .on('notifications')
      .columns(['user_id', 'topic_id', 'batch_until'])
      .execute();
    await db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(40)', (col) => col.notNull())
      .addColumn('delivery', 'varchar(16)', (col) =>
        col.notNull().check(sql`delivery in ('app', 'email', 'digest')`),
      )
      .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
      .addPrimaryKeyConstraint('notification_settings_key', ['user_id', 'kind'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notification_settings').execute();
    await db.schema.dropTable('notifications').execute();
  },
});
