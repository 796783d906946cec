import { type Kysely, sql } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

export const usersAndSessions: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('users'), kind)
      .addColumn('readable_id', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('username', 'varchar(64)', (c) => c.notNull())
      .addColumn('username_key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('first_name', 'varchar(80)')
      .addColumn('last_name', 'varchar(80)')
      .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('fr'))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
      .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_admin in (0, 1)`))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('refresh_tokens'), kind)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .addColumn('revoked_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
    await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_secrets').execute();
    await db.schema.dropTable('refresh_tokens').execute();
    await db.schema.dropTable('users').execute();
  },
});
