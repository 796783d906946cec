import { type Kysely, sql } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

const CAUSES_BEFORE = ['vote', 'withdrawal', 'proposition_deleted'];
export const CAUSES = [...CAUSES_BEFORE, 'merge'];

/**
 * Merges (issue 34): a ballot version can be caused by a merge, and a merged proposition's names stay
 * as aliases of the one it went into, so a later ballot that types them lands there. An alias's key is
 * unique per topic; it goes with its proposition (a merge moves the merged one's aliases first).
 */
export const merges: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await setCauses(db, kind, CAUSES);
    await withId(db.schema.createTable('proposition_aliases'), kind)
      .addColumn('topic_id', 'integer', (col) => col.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('proposition_id', 'integer', (col) =>
        col.notNull().references('propositions.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(120)', (col) => col.notNull())
      .addColumn('name_key', 'varchar(255)', (col) => col.notNull())
      .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
      .addUniqueConstraint('proposition_aliases_topic_key', ['topic_id', 'name_key'])
      .execute();
    await db.schema
      .createIndex('proposition_aliases_proposition')
      .on('proposition_aliases')
      .column('proposition_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('proposition_aliases').execute();
    await sql`delete from ballot_versions where cause = 'merge'`.execute(db);
    await setCauses(db, kind, CAUSES_BEFORE);
  },
});

export async function setCauses(db: Kysely<unknown>, kind: string, causes: readonly string[]): Promise<void> {
  const allowed = sql.join(causes.map((cause) => sql.lit(cause)));
  if (kind === 'postgres') {
    await sql`alter table ballot_versions drop constraint ballot_versions_cause_check`.execute(db);
    await sql`alter table ballot_versions add constraint ballot_versions_cause_check check (cause in (${allowed}))`.execute(
      db,
    );
    return;
  }
  // SQLite cannot change a check: the table is rebuilt as migration 0018 left it, with the new causes.
  await sql`create table ballot_versions_rebuilt (
    ballot_id integer not null references ballots(id) on delete cascade,
    version integer not null check (version >= 1),
    cast_at varchar(32) not null,
    cause varchar(24) not null check (cause in (${allowed})),
    first_id integer,
    second_id integer,
    third_id integer,
    primary key (ballot_id, version),
    check (first_id <> second_id and first_id <> third_id and second_id <> third_id)
  )`.execute(db);
  await sql`insert into ballot_versions_rebuilt select ballot_id, version, cast_at, cause, first_id, second_id, third_id
    from ballot_versions`.execute(db);
  await sql`drop table ballot_versions`.execute(db);
  await sql`alter table ballot_versions_rebuilt rename to ballot_versions`.execute(db);
}
