import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

const PLACES = ['first_id', 'second_id', 'third_id'] as const;

/**
 * A ballot carries its current version's places (a copy kept by the same writes), and one index holds
 * what a topic's standing reads of each counted ballot: when it was cast and what it names. Loading a
 * topic's ballots is then one range of one index instead of a ballot row and a version row looked up
 * apart for each ballot (18 to 72 ms for 545 to 4,375 ballots on the bench data, issue 33). The places
 * take no foreign keys, as a version's do (migration 0018): ids are never reused. PostgreSQL keeps the
 * ballot's id in the index (INCLUDE) for index-only scans; SQLite's indexes carry the row id anyway.
 */
export const ballotsCurrentPlaces: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    for (const place of PLACES)
      await sql`alter table ballots add column ${sql.raw(place)} integer`.execute(db);
    await sql`update ballots set
      first_id = (select bv.first_id from ballot_versions bv where bv.ballot_id = ballots.id and bv.version = ballots.version),
      second_id = (select bv.second_id from ballot_versions bv where bv.ballot_id = ballots.id and bv.version = ballots.version),
      third_id = (select bv.third_id from ballot_versions bv where bv.ballot_id = ballots.id and bv.version = ballots.version)`.execute(
      db,
    );
    const include = kind === 'postgres' ? sql` include (id)` : sql``;
    await sql`create index ballots_standing on ballots (topic_id, state, voted_at, first_id, second_id, third_id)${include}`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index ballots_standing`.execute(db);
    for (const place of PLACES) await sql`alter table ballots drop column ${sql.raw(place)}`.execute(db);
  },
});
