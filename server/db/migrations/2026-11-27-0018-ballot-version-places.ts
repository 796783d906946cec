import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { PortableMigration } from './index.js';

const PLACE_COLUMNS = ['first_id', 'second_id', 'third_id'] as const;

/**
 * A past version's places are a record of what the voter chose, not references kept alive
 * (docs/decisions/009-ballots-with-a-history.md): they keep a deleted proposition's id (ids are never
 * reused) instead of being set to null, so the history does not change after the fact. Dropping the three
 * foreign keys and the three indexes that served their `on delete set null` takes six index writes and
 * three foreign-key checks off every ballot. A current version cannot name a deleted proposition: a
 * proposition's deletion first appends a version without it, and the integrity check compares every
 * current version with the votes table, whose rows go with their proposition.
 */
export const ballotVersionPlaces: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    for (const column of PLACE_COLUMNS) {
      await sql`drop index ${sql.raw(`ballot_versions_${column}`)}`.execute(db);
    }
    if (kind === 'postgres') {
      for (const column of PLACE_COLUMNS) {
        await sql`alter table ballot_versions drop constraint ${sql.raw(`ballot_versions_${column}_fkey`)}`.execute(
          db,
        );
      }
      return;
    }
    // SQLite cannot drop a foreign key: the table is rebuilt without them (nothing references it).
    await rebuildOnSqlite(db, sql``);
  },
  async down(db: Kysely<unknown>) {
    // The foreign keys come back with what they would have done meanwhile: ids of deleted propositions emptied.
    for (const column of PLACE_COLUMNS) {
      const place = sql.ref(column);
      await sql`update ballot_versions set ${place} = null
        where ${place} is not null and not exists (select 1 from propositions p where p.id = ${place})`.execute(
        db,
      );
    }
    if (kind === 'postgres') {
      for (const column of PLACE_COLUMNS) {
        await sql`alter table ballot_versions add constraint ${sql.raw(`ballot_versions_${column}_fkey`)}
          foreign key (${sql.ref(column)}) references propositions(id) on delete set null`.execute(db);
      }
    } else {
      await rebuildOnSqlite(db, sql`references propositions(id) on delete set null`);
    }
    for (const column of PLACE_COLUMNS) {
      await sql`create index ${sql.raw(`ballot_versions_${column}`)} on ballot_versions (${sql.raw(column)})
        where ${sql.raw(column)} is not null`.execute(db);
    }
  },
});

/** Rebuilds ballot_versions on SQLite with `reference` after each place column (empty: none). */
async function rebuildOnSqlite(db: Kysely<unknown>, reference: RawBuilder<unknown>): Promise<void> {
  await sql`create table ballot_versions_rebuilt (
    ballot_id integer not null references ballots(id) on delete cascade,
    version integer not null check (version >= 1),
    cast_at varchar(32) not null,
    cause varchar(24) not null check (cause in ('vote', 'withdrawal', 'proposition_deleted')),
    first_id integer ${reference},
    second_id integer ${reference},
    third_id integer ${reference},
    primary key (ballot_id, version),
    check (first_id <> second_id and first_id <> third_id and second_id <> third_id)
  )`.execute(db);
  await sql`insert into ballot_versions_rebuilt select ballot_id, version, cast_at, cause, first_id, second_id, third_id
    from ballot_versions`.execute(db);
  await sql`drop table ballot_versions`.execute(db);
  await sql`alter table ballot_versions_rebuilt rename to ballot_versions`.execute(db);
}
