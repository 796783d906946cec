import type { Kysely } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

/** Who changed what, when: one row per administrator write, written in the write's own transaction. */
export const auditLog: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('audit_log'), kind)
      // No foreign key: the trail must outlive a deleted account.
      .addColumn('actor_id', 'integer', (c) => c.notNull())
      .addColumn('actor_username', 'varchar(64)', (c) => c.notNull())
      .addColumn('action', 'varchar(32)', (c) => c.notNull())
      .addColumn('entity_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('entity_id', 'varchar(64)')
      .addColumn('before_json', 'text')
      .addColumn('after_json', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'id']).execute();
    await db.schema
      .createIndex('audit_log_actor')
      .on('audit_log')
      .columns(['actor_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('audit_log_entity')
      .on('audit_log')
      .columns(['entity_type', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_log').execute();
  },
});
