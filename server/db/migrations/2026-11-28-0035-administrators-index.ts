import type { Kysely } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * The active administrators by id, from an index instead of a scan of every account: a proposal held for
 * review and a flagged burst are told to each of them (docs/decisions/032-notifications.md), and on a site
 * of 20,000 accounts the scan took 2.6 ms of SQLite's one writer's thread per such notification.
 */
export const administratorsIndex: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('users_administrators')
      .on('users')
      .columns(['is_admin', 'is_active', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_administrators').execute();
  },
});
