import { type Kysely, sql } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

/**
 * Work that must run once, kept as rows in the app's own database (docs/decisions/010): a job is taken
 * under a lease, retried with back-off, and kept as failed with its last error once out of attempts. The
 * unique key makes an enqueue idempotent: a recurring job's occurrence (kind and due time) or an outbox
 * write retried by its caller is one row, however many servers or attempts insert it.
 */
export const jobs: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('jobs'), kind)
      .addColumn('kind', 'varchar(64)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('unique_key', 'varchar(256)')
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('due_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('leased_until', 'varchar(32)')
      .addColumn('leased_by', 'varchar(64)')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('finished_at', 'varchar(32)')
      .addCheckConstraint('jobs_state', sql`state in ('queued', 'running', 'done', 'failed')`)
      .addCheckConstraint('jobs_attempts', sql`attempts >= 0 and max_attempts >= 1`)
      .execute();
    // Several NULLs are allowed in a unique index on both databases: only keyed jobs are deduplicated.
    await db.schema.createIndex('jobs_unique_key').on('jobs').column('unique_key').unique().execute();
    // Taking: queued jobs by due time, running ones by the end of their lease.
    await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'due_at']).execute();
    await db.schema.createIndex('jobs_leased').on('jobs').columns(['state', 'leased_until']).execute();
    // The back-office: the most recently moved jobs, and the failed ones.
    await db.schema.createIndex('jobs_updated').on('jobs').columns(['updated_at', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('jobs').execute();
  },
});
