import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * What making notifications needs besides the inbox (docs/decisions/032-notifications.md):
 * - `notification_podiums`: per topic, the podium the last check saw (its leaders and its top 3), the
 *   "before" of the next check;
 * - `notification_deliveries`: a fan-out's progress (the last person written), so that a delivery taken
 *   again after its server died goes on from there and writes nobody twice;
 * - `notification_stream_tickets`: single-use tickets of the live stream, stored hashed, valid 30 s.
 */
export const notificationDelivery: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notification_podiums')
      .addColumn('topic_id', 'integer', (col) => col.primaryKey().references('topics.id').onDelete('cascade'))
      .addColumn('leaders', 'text', (col) => col.notNull())
      .addColumn('podium', 'text', (col) => col.notNull())
      .addColumn('checked_at', 'varchar(32)', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('notification_deliveries')
      .addColumn('key', 'varchar(200)', (col) => col.primaryKey())
      .addColumn('after_user_id', 'integer', (col) => col.notNull())
      .addColumn('done', 'integer', (col) => col.notNull().check(sql`done in (0, 1)`))
      .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('notification_stream_tickets')
      .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('notification_stream_tickets_expiry')
      .on('notification_stream_tickets')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notification_stream_tickets').execute();
    await db.schema.dropTable('notification_deliveries').execute();
    await db.schema.dropTable('notification_podiums').execute();
  },
});
