import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/** The job kind the marks replace (one job per topic and second, `{ topicId }`, due at the second's end). */
const PODIUM_CHECK_JOB = 'notifications.podium-check';

/**
 * The topics whose podium a write may have moved, each with the end of the second of its earliest mark not yet
 * looked at (`due_at`: when the sweep looks) and of its latest (`marked_at`: what a look covers, so that a mark
 * made while the sweep looked is looked at next time), docs/decisions/032. In place of a podium-check job
 * per topic and second: under a flood of ballots, each such job was a row written, taken and finished through
 * the jobs' four indexes, 200 a second on the bench; a mark is one row of a one-index table, moved in place.
 * The checks still queued become marks.
 */
export const podiumMarks: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('podium_marks')
      .addColumn('topic_id', 'integer', (col) => col.primaryKey().references('topics.id').onDelete('cascade'))
      .addColumn('due_at', 'varchar(32)', (col) => col.notNull())
      .addColumn('marked_at', 'varchar(32)', (col) => col.notNull())
      .execute();
    const queued = await sql<{ payload: string; due_at: string }>`
      select payload, due_at from jobs where kind = ${PODIUM_CHECK_JOB} and state in ('queued', 'running')`.execute(
      db,
    );
    const marks = new Map<number, { first: string; last: string }>();
    for (const { payload, due_at } of queued.rows) {
      const topicId = (JSON.parse(payload) as { topicId?: unknown }).topicId;
      if (typeof topicId !== 'number') continue;
      const mark = marks.get(topicId);
      if (!mark) marks.set(topicId, { first: due_at, last: due_at });
      else if (due_at < mark.first) mark.first = due_at;
      else if (due_at > mark.last) mark.last = due_at;
    }
    for (const [topicId, { first, last }] of marks)
      await sql`insert into podium_marks (topic_id, due_at, marked_at)
        select id, ${first}, ${last} from topics where id = ${topicId}`.execute(db);
    await sql`delete from jobs where kind = ${PODIUM_CHECK_JOB} and state in ('queued', 'running')`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('podium_marks').execute();
  },
});
