import type { Kysely } from 'kysely';
import type { PortableMigration } from './index.js';

/** Expired refresh tokens are deleted in batches (SessionPruner): found by this index, not by a full scan. */
export const refreshTokenExpiry: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('refresh_tokens_expires').on('refresh_tokens').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('refresh_tokens_expires').execute();
  },
});
