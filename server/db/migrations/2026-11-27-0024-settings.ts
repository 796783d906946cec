import type { Kysely } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * Settings an administrator edits (issue 34), one row per saved setting: its value as JSON. A setting
 * without a row has its default (common/api/settings.ts).
 */
export const settings: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('settings')
      .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('value_json', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('updated_by', 'varchar(64)', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('settings').execute();
  },
});
