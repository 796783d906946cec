import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * What a person's data export and account deletion need (issue 35). A session keeps the device it was
 * opened from (the browser's User-Agent, cut to 256 characters) and when it was last refreshed, so a
 * person can see where they are signed in. An audit entry says what kind of actor made it: an account
 * (`actor_id`, `actor_username`), an account since deleted (both blanked: id 0 and an empty name, so the
 * entry stays and no longer says who), or the server itself (its jobs, acting on rules).
 */
export const accountData: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await sql`alter table sessions add column device varchar(256)`.execute(db);
    await sql`alter table sessions add column last_used_at varchar(32)`.execute(db);
    await sql`alter table audit_log add column actor_kind varchar(16) not null default 'account'
      check (actor_kind in ('account', 'deleted_account', 'system'))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table audit_log drop column actor_kind`.execute(db);
    await sql`alter table sessions drop column last_used_at`.execute(db);
    await sql`alter table sessions drop column device`.execute(db);
  },
});
