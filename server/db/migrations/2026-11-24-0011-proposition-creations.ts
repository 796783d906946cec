import type { Kysely } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

/**
 * Who created a proposition (null: an administrator, the seed, or a time before this was recorded), so
 * that a voter's proposition can go when its last vote goes; and a log of the propositions voters created,
 * by user, topic and client address, that the creation limits count. The log keeps a creation counted
 * after its proposition is gone: creating and withdrawing does not give the allowance back.
 */
export const propositionCreations: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('propositions')
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await withId(db.schema.createTable('proposition_creations'), kind)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('client_address', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('proposition_creations_user')
      .on('proposition_creations')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('proposition_creations_address')
      .on('proposition_creations')
      .columns(['client_address', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('proposition_creations').execute();
    await db.schema.alterTable('propositions').dropColumn('created_by').execute();
  },
});
