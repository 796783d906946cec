import { type Kysely, sql } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

/**
 * What the integrity screen needs (issue 36). A ballot version keeps the network it was cast from (the /24
 * of an IPv4 address or the /48 of an IPv6 one, never the address), cleared after 30 days by a daily job:
 * a partial index finds the versions that still hold one. A flag is a burst the detector found: many
 * ballots for one proposition within minutes, from one network or from accounts created close together;
 * `burst_flag_ballots` lists the ballots behind it. A flag is open while one of them counts and no
 * administrator dismissed it.
 */
export const burstFlags: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await sql`alter table ballot_versions add column network varchar(64)`.execute(db);
    await sql`create index ballot_versions_network on ballot_versions (cast_at) where network is not null`.execute(
      db,
    );
    await withId(db.schema.createTable('burst_flags'), kind)
      .addColumn('topic_id', 'integer', (col) => col.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('proposition_id', 'integer', (col) =>
        col.notNull().references('propositions.id').onDelete('cascade'),
      )
      .addColumn('kind', 'varchar(16)', (col) =>
        col.notNull().check(sql`kind in ('network', 'fresh_accounts')`),
      )
      .addColumn('network', 'varchar(64)')
      .addColumn('first_cast_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('last_cast_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('dismissed_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('burst_flags_topic')
      .on('burst_flags')
      .columns(['topic_id', 'proposition_id', 'kind'])
      .execute();
    await db.schema
      .createTable('burst_flag_ballots')
      .addColumn('flag_id', 'integer', (col) =>
        col.notNull().references('burst_flags.id').onDelete('cascade'),
      )
      .addColumn('ballot_id', 'integer', (col) => col.notNull().references('ballots.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('burst_flag_ballots_key', ['flag_id', 'ballot_id'])
      .execute();
    await db.schema
      .createIndex('burst_flag_ballots_ballot')
      .on('burst_flag_ballots')
      .column('ballot_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('burst_flag_ballots').execute();
    await db.schema.dropTable('burst_flags').execute();
    await sql`drop index ballot_versions_network`.execute(db);
    await sql`alter table ballot_versions drop column network`.execute(db);
  },
});
