import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * A ballot may be kept without counting (issue 36): `held` while its voter's account does not meet the
 * counting rules (too new, address unconfirmed, deactivated), `quarantined` by an administrator with a
 * reason until restored. Only `counted` ballots make any figure (the recount and the standing read them so
 * already). The state's CHECK grows: SQLite cannot alter one, so the column is dropped and added again
 * (every ballot was counted: the default restores them) with the standing's index around it. The ballots
 * that do not count are few and looked up by voter: a partial index holds them alone.
 */
export const ballotCounting: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    const states = sql`state in ('counted', 'held', 'quarantined')`;
    if (kind === 'postgres') {
      await sql`alter table ballots drop constraint ballots_state_check`.execute(db);
      await sql`alter table ballots add constraint ballots_state_check check (${states})`.execute(db);
    } else {
      await sql`drop index ballots_standing`.execute(db);
      await sql`alter table ballots drop column state`.execute(db);
      await sql`alter table ballots add column state varchar(16) not null default 'counted' check (${states})`.execute(
        db,
      );
      await sql`create index ballots_standing on ballots (topic_id, state, voted_at, first_id, second_id, third_id)`.execute(
        db,
      );
    }
    await sql`alter table ballots add column quarantine_reason varchar(24)`.execute(db);
    await sql`alter table ballots add column quarantine_note varchar(500)`.execute(db);
    await sql`create index ballots_uncounted on ballots (user_id) where state <> 'counted'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index ballots_uncounted`.execute(db);
    await sql`alter table ballots drop column quarantine_note`.execute(db);
    await sql`alter table ballots drop column quarantine_reason`.execute(db);
  },
});
