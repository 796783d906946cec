import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * One row per signed-in session (a login and every refresh rotated from it; its id is the refresh
 * tokens' family id). Access tokens name their session, and the auth guard refuses a token whose session
 * has ended: a logout or a password change stops every access token of the sessions it ends at once,
 * not when they expire. Existing families become sessions, ended when all their tokens were revoked.
 */
export const sessions: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('ended_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
    await sql`
      insert into sessions (id, user_id, created_at, ended_at)
      select family_id, min(user_id), min(created_at),
             case when count(revoked_at) = count(*) then max(revoked_at) end
      from refresh_tokens group by family_id
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sessions').execute();
  },
});
