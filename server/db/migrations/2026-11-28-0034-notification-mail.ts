import type { Kysely } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

/**
 * Notification e-mail (issue 39, docs/decisions/033-notification-mail.md):
 * - `notification_unsubscribes`: the one-click unsubscribe link of each message sent, its token minted by the
 *   mail's job and kept only as a SHA-256 hash, with its person, the kind it stops (or `all`, the digest's),
 *   the address it went to (a link stops working once the account has another) and when it was used;
 * - `notification_mails`: a notification mailed at once, marked when the SMTP server accepted it, so that a
 *   job run again does not mail it twice;
 * - `notification_digests`: up to when each person's last daily digest went.
 */
export const notificationMail: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('notification_unsubscribes'), kind)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(40)', (col) => col.notNull())
      .addColumn('email', 'varchar(255)', (col) => col.notNull())
      .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('notification_unsubscribes_expiry')
      .on('notification_unsubscribes')
      .column('expires_at')
      .execute();
    await db.schema
      .createTable('notification_mails')
      .addColumn('notification_id', 'integer', (col) =>
        col.primaryKey().references('notifications.id').onDelete('cascade'),
      )
      .addColumn('sent_at', 'varchar(32)', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('notification_digests')
      .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('sent_until', 'varchar(32)', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notification_digests').execute();
    await db.schema.dropTable('notification_mails').execute();
    await db.schema.dropTable('notification_unsubscribes').execute();
  },
});
