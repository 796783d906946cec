import { sql, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { statement } from '../../db/prepared-statements.js';
import type { Database, JobRow, JobState } from '../../db/schema.js';

type JobsUpdate = UpdateQueryBuilder<Database, 'jobs', 'jobs', UpdateResult>;

export interface NewJobRow {
  kind: string;
  payload: string;
  uniqueKey?: string;
  maxAttempts: number;
  dueAt: string;
  now: string;
}

/** What one server asks for when it takes jobs: the kinds it handles, each leased for its own time. */
export interface TakeRequest {
  /** Kind → the instant its lease ends if taken now. */
  leasesUntil: ReadonlyMap<string, string>;
  workerId: string;
  now: string;
  limit: number;
}

/** A taken job is fenced by its attempt: a server whose lease lapsed and was re-taken writes nothing. */
export interface JobHolder {
  id: number;
  attempt: number;
  workerId: string;
}

/** A job's insert, built and compiled once (building it cost more than SQLite's work on it). */
const insertOneJob = statement(
  (
    db,
    job: {
      kind: string;
      payload: string;
      uniqueKey: string | null;
      maxAttempts: number;
      dueAt: string;
      now: string;
    },
  ) =>
    db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        payload: job.payload,
        unique_key: job.uniqueKey,
        state: 'queued',
        max_attempts: job.maxAttempts,
        due_at: job.dueAt,
        created_at: job.now,
        updated_at: job.now,
      })
      .onConflict((conflict) => conflict.column('unique_key').doNothing())
      .returning('id'),
);

/** Jobs inserted per statement. */
const INSERT_BATCH = 1000;

/** Every line of SQL about `jobs`. */
export class JobsRepository {
  constructor(
    private readonly db: Executor,
    private readonly kind: DatabaseKind,
  ) {}

  /** Inserts a job; with a unique key already taken, inserts nothing. Answers whether a row was made. */
  async insert(job: NewJobRow): Promise<boolean> {
    return (await this.insertMany([job])) > 0;
  }

  /**
   * Inserts jobs, a statement per thousand; those whose unique key is taken are left out. Answers how many
   * were made.
   */
  async insertMany(jobs: readonly NewJobRow[]): Promise<number> {
    // One job is what the outbox makes of most writes (a ballot's podium check): compiled once.
    const [only] = jobs;
    if (jobs.length === 1 && only)
      return (await insertOneJob(this.db, { ...only, uniqueKey: only.uniqueKey ?? null })).length;
    let made = 0;
    // 8 values a row: a thousand rows stay far below either database's limit on a statement's parameters.
    for (let start = 0; start < jobs.length; start += INSERT_BATCH)
      made += await this.insertBatch(jobs.slice(start, start + INSERT_BATCH));
    return made;
  }

  private async insertBatch(jobs: readonly NewJobRow[]): Promise<number> {
    const rows = await this.db
      .insertInto('jobs')
      .values(
        jobs.map((job) => ({
          kind: job.kind,
          payload: job.payload,
          unique_key: job.uniqueKey ?? null,
          state: 'queued' as const,
          max_attempts: job.maxAttempts,
          due_at: job.dueAt,
          created_at: job.now,
          updated_at: job.now,
        })),
      )
      .onConflict((conflict) => conflict.column('unique_key').doNothing())
      .returning('id')
      .execute();
    return rows.length;
  }

  /**
   * Takes up to `limit` due jobs of the given kinds in one statement: queued ones whose time has come,
   * and running ones whose lease lapsed (their server died) with attempts left. On PostgreSQL the
   * candidates are locked with SKIP LOCKED, so servers taking at once each get other rows; a row another
   * server took between this statement's snapshot and its lock is re-checked and left out. SQLite runs one
   * write at a time, so the statement alone is enough.
   */
  async take({ leasesUntil, workerId, now, limit }: TakeRequest): Promise<JobRow[]> {
    const kinds = [...leasesUntil.keys()];
    if (kinds.length === 0 || limit <= 0) return [];
    const leaseEnd = sql<string>`case kind ${sql.join(
      kinds.map((kind) => sql`when ${kind} then ${leasesUntil.get(kind)}`),
      sql` `,
    )} end`;
    return (
      this.db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'running',
          attempts: eb('attempts', '+', 1),
          leased_until: leaseEnd,
          leased_by: workerId,
          updated_at: now,
        }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('kind', 'in', kinds)
            .where((w) =>
              w.or([
                w.and([w('state', '=', 'queued'), w('due_at', '<=', now)]),
                w.and([
                  w('state', '=', 'running'),
                  w('leased_until', '<=', now),
                  w('attempts', '<', w.ref('max_attempts')),
                ]),
              ]),
            )
            .orderBy('due_at')
            .orderBy('id')
            .limit(limit)
            .$if(this.kind === 'postgres', (query) => query.forUpdate().skipLocked()),
        )
        .returningAll()
        .execute()
        // RETURNING gives no order on PostgreSQL: oldest due first, as they were chosen.
        .then((rows) => rows.sort((a, b) => a.due_at.localeCompare(b.due_at) || a.id - b.id))
    );
  }

  /**
   * A job whose lease lapsed on its last attempt (its server died each time) will not be taken again:
   * it is kept as failed. Answers the kind of each.
   */
  async failAbandoned(now: string): Promise<string[]> {
    const rows = await this.db
      .updateTable('jobs')
      .set({
        state: 'failed',
        last_error: 'the server running it stopped before it finished',
        leased_until: null,
        finished_at: now,
        updated_at: now,
      })
      .where('state', '=', 'running')
      .where('leased_until', '<=', now)
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
      .returning('kind')
      .execute();
    return rows.map((row) => row.kind);
  }

  /** Extends the held leases; answers how many are still these holders'. */
  async renew(holders: readonly JobHolder[], leasedUntil: string, now: string): Promise<number> {
    const result = await this.held(
      this.db.updateTable('jobs').set({ leased_until: leasedUntil, updated_at: now }),
      holders,
    ).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Marks held jobs done, in one statement; answers how many were still these holders' (one whose lease
   * lapsed and was taken again is left to its new holder).
   */
  async finish(holders: readonly JobHolder[], now: string): Promise<number> {
    const result = await this.held(
      this.db.updateTable('jobs').set({
        state: 'done',
        leased_until: null,
        last_error: null,
        finished_at: now,
        updated_at: now,
      }),
      holders,
    ).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Queues a held job again for `dueAt`, or keeps it as failed (`dueAt` undefined), with its error. */
  async fail(holder: JobHolder, error: string, now: string, dueAt: string | undefined): Promise<boolean> {
    const result = await this.held(
      this.db.updateTable('jobs').set({
        state: dueAt === undefined ? 'failed' : 'queued',
        ...(dueAt !== undefined && { due_at: dueAt }),
        leased_until: null,
        last_error: error,
        finished_at: dueAt === undefined ? now : null,
        updated_at: now,
      }),
      [holder],
    ).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Gives a held job back as its server stops: queued again, due now, its interrupted attempt not counted;
   * false when it is no longer this holder's.
   */
  async handBack(holder: JobHolder, now: string): Promise<boolean> {
    const result = await this.held(
      this.db.updateTable('jobs').set((eb) => ({
        state: 'queued',
        due_at: now,
        attempts: eb('attempts', '-', 1),
        leased_until: null,
        leased_by: null,
        updated_at: now,
      })),
      [holder],
    ).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The rows still held by these holders: each fenced by its attempt, all by one server. */
  private held(query: JobsUpdate, holders: readonly JobHolder[]): JobsUpdate {
    const workerId = holders[0]?.workerId ?? '';
    return query
      .where('state', '=', 'running')
      .where('leased_by', '=', workerId)
      .where((eb) =>
        eb.or(
          holders.map((holder) => eb.and([eb('id', '=', holder.id), eb('attempts', '=', holder.attempt)])),
        ),
      );
  }

  /** The most recently moved jobs, newest first, optionally of one state. */
  recent(limit: number, state?: JobState): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .$if(state !== undefined, (query) => query.where('state', '=', state as JobState))
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async countsByState(): Promise<Record<JobState, number>> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('state')
      .execute();
    const counts: Record<JobState, number> = { queued: 0, running: 0, done: 0, failed: 0 };
    for (const row of rows) counts[row.state] = Number(row.count);
    return counts;
  }

  /**
   * Jobs not done, per kind and state: the queue (due or not), those running, and those kept as failed.
   * Done jobs, by far the most rows, are left out: only the rows of these states are read, found by the
   * (state, kind, due_at) index.
   */
  async countsNotDone(): Promise<{ kind: string; state: Exclude<JobState, 'done'>; count: number }[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('count')])
      .where('state', 'in', ['queued', 'running', 'failed'])
      .groupBy(['kind', 'state'])
      .execute();
    return rows.map((row) => ({
      kind: row.kind,
      state: row.state as Exclude<JobState, 'done'>,
      count: Number(row.count),
    }));
  }

  byId(id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Queues a failed job again with a fresh set of attempts; false when it is not (or no longer) failed. */
  async requeueFailed(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ state: 'queued', attempts: 0, due_at: now, finished_at: null, leased_by: null, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Deletes finished jobs last moved before `before`, `batch` rows per statement; answers how many. */
  async deleteFinishedBefore(state: 'done' | 'failed', before: string, batch: number): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', state)
          .where('updated_at', '<', before)
          .limit(batch),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
