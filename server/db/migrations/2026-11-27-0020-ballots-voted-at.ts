import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * When the voter last cast their ballot (a vote or a withdrawal), which a version appended for them (a
 * proposition's deletion, a merge) does not change. It says which propositions the ballot could have
 * named: those that existed when the voter cast it (eligible ballots, docs/decisions/013).
 */
export const ballotsVotedAt: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await sql`alter table ballots add column voted_at varchar(32) not null default ''`.execute(db);
    await sql`update ballots set voted_at = coalesce((select max(bv.cast_at) from ballot_versions bv
      where bv.ballot_id = ballots.id and bv.cause <> 'proposition_deleted'), first_cast_at)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table ballots drop column voted_at`.execute(db);
  },
});
