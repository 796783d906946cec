import type { Kysely } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * Due jobs by state, kind and due time, in place of (state, due_at). A look for due jobs names the kinds it
 * takes (the batched kinds apart, docs/decisions/010-jobs.md): with the kind after the state it reads only
 * those kinds' due rows. Under a flood of ballots, the podium checks due together (hundreds, taken in
 * batches) sat in the old index's range, and each look for the other kinds read them all: 474 µs a look on
 * the bench, ten looks a second.
 */
export const jobsDueByKind: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('jobs_due_by_kind').on('jobs').columns(['state', 'kind', 'due_at']).execute();
    await db.schema.dropIndex('jobs_due').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'due_at']).execute();
    await db.schema.dropIndex('jobs_due_by_kind').execute();
  },
});
