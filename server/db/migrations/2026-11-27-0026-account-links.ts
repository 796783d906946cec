import { type Kysely, sql } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

/**
 * Links mailed about an account (issue 35): a password reset, a confirmation of the address, a new address
 * to confirm and the old one's way to cancel the change. A link's
 * token is minted when its message is sent and kept only as a SHA-256 hash; a link is good once, until it
 * expires. `email` is the address it was sent to: confirming it confirms that address only. A person's
 * address counts as confirmed from `users.email_verified_at`.
 */
export const accountLinks: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await sql`alter table users add column email_verified_at varchar(32)`.execute(db);
    await withId(db.schema.createTable('account_links'), kind)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'varchar(24)', (col) =>
        col
          .notNull()
          .check(sql`purpose in ('reset_password', 'verify_email', 'change_email', 'cancel_email_change')`),
      )
      .addColumn('email', 'varchar(255)', (col) => col.notNull())
      .addColumn('token_hash', 'varchar(64)', (col) => col.unique())
      .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('account_links_user')
      .on('account_links')
      .columns(['user_id', 'purpose'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('account_links').execute();
    await sql`alter table users drop column email_verified_at`.execute(db);
  },
});
