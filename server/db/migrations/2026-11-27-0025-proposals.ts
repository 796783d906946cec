import { type Kysely, sql } from 'kysely';
import { CAUSES as CAUSES_BEFORE, setCauses } from './2026-11-27-0022-merges.js';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

/**
 * Proposals under review (issue 34). A proposition is listed (in the public ranking) from `listed_at`,
 * which is null while it is held for review; every proposition so far was listed when it was created.
 * A topic may have its own proposal policy (null follows the global setting). A rejected proposal leaves
 * the ballots that named it by a version of its own cause, and each of their voters a notice, kept until
 * they dismiss it.
 */
export const proposals: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await sql`alter table propositions add column listed_at varchar(32)`.execute(db);
    await sql`update propositions set listed_at = created_at`.execute(db);
    // The review queue: the few held proposals of all topics, oldest first.
    await sql`create index propositions_held on propositions (created_at) where listed_at is null`.execute(
      db,
    );
    await sql`alter table topics add column proposal_policy varchar(8)
      check (proposal_policy in ('publish', 'review'))`.execute(db);
    await setCauses(db, kind, [...CAUSES_BEFORE, 'rejection']);
    await withId(db.schema.createTable('ballot_notices'), kind)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('topic_id', 'integer', (col) => col.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (col) => col.notNull().check(sql`kind in ('rejected', 'merged')`))
      .addColumn('proposition_name', 'varchar(120)', (col) => col.notNull())
      .addColumn('reason', 'varchar(24)')
      .addColumn('note', 'varchar(300)')
      .addColumn('into_name', 'varchar(120)')
      .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('ballot_notices_voter')
      .on('ballot_notices')
      .columns(['user_id', 'topic_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('ballot_notices').execute();
    await sql`delete from ballot_versions where cause = 'rejection'`.execute(db);
    await setCauses(db, kind, CAUSES_BEFORE);
    await sql`alter table topics drop column proposal_policy`.execute(db);
    await sql`drop index propositions_held`.execute(db);
    await sql`alter table propositions drop column listed_at`.execute(db);
  },
});
