import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../../clock/clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { JobRow } from '../../db/schema.js';
import { type JobHolder, JobsRepository } from './repository.js';

/** What a handler is told about the job it runs, besides its payload. */
export interface RunningJob {
  id: number;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  /** The time it was due: a recurring job's occurrence. */
  dueAt: string;
}

/**
 * Runs one job. It may run more than once (a server that dies mid-run leaves it to another once its lease
 * ends), so what it does must be idempotent; throwing queues it again after a back-off.
 */
export type JobHandler = (payload: unknown, job: RunningJob) => Promise<void>;

/** One job of a batch: its payload and what the handler is told about it. */
export interface BatchItem {
  payload: unknown;
  job: RunningJob;
}

/**
 * Runs jobs of one kind taken together (all due ones, up to the batch size): they succeed or fail as one, so
 * each must be idempotent on its own.
 */
export type BatchJobHandler = (items: readonly BatchItem[]) => Promise<void>;

export interface JobKindOptions {
  /**
   * How long a server holds a job it took without renewing. The runner renews it every third of this
   * while the handler runs, so it bounds how long a dead server's job waits, not how long a job may run.
   */
  leaseMs?: number;
  /** Runs before the job is kept as failed. */
  maxAttempts?: number;
  /** The wait before the first retry; each next one doubles, up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

export interface NewJob {
  kind: string;
  /** Kept as JSON: ids and values the handler needs, never a secret. */
  payload?: unknown;
  /** Milliseconds since the epoch; now when left out. */
  dueAt?: number;
  /** A second enqueue with the same key makes no second job (and answers false). */
  uniqueKey?: string;
  maxAttempts?: number;
}

export interface RunnerSettings {
  /** The wait between two looks for due jobs; 0 leaves this server to serve requests only. */
  pollIntervalMs: number;
  /** Jobs this server runs at once. */
  concurrency: number;
  /** How long a closing server waits for its running jobs before handing them back (0: hands back at once). */
  shutdownGraceMs?: number;
}

export interface JobsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const DEFAULTS: Required<JobKindOptions> = {
  leaseMs: 60_000,
  maxAttempts: 5,
  retryDelayMs: 30_000,
  maxRetryDelayMs: 60 * 60_000,
};

/**
 * How one run of a job ended: `done`; `retried`, failed with attempts left (queued again after a back-off);
 * `failed`, failed on its last attempt, or out of attempts after its servers stopped, and kept as failed.
 */
export interface JobOutcome {
  kind: string;
  outcome: 'done' | 'retried' | 'failed';
}

/** Stored errors stay short: a message says what went wrong; stacks and payloads stay out of the table. */
const MAX_ERROR_LENGTH = 500;

/** Rows deleted per statement when finished jobs are pruned: no statement holds the database long. */
const DELETE_BATCH = 1000;

interface Kind {
  handler: BatchJobHandler;
  options: Required<JobKindOptions>;
  /** Jobs taken and run together; 1 for a kind handled one job at a time. */
  batchSize: number;
}

interface Schedule {
  kind: string;
  everyMs: number;
  /** The last occurrence this process enqueued (or found enqueued): one insert per occurrence, not per poll. */
  enqueuedSlot?: number;
}

/** The wait before attempt `attempt + 1`, after `attempt` runs failed: doubling from the first delay, capped. */
export function retryDelay(
  options: Pick<JobKindOptions, 'retryDelayMs' | 'maxRetryDelayMs'>,
  attempt: number,
) {
  const first = options.retryDelayMs ?? DEFAULTS.retryDelayMs;
  const cap = options.maxRetryDelayMs ?? DEFAULTS.maxRetryDelayMs;
  return Math.min(cap, first * 2 ** Math.max(0, attempt - 1));
}

export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message || 'failed without a message').slice(0, MAX_ERROR_LENGTH);
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Work that runs once, durably (docs/decisions/010-work-that-runs-once.md): jobs are rows of the app's
 * own database, taken under a lease by whichever app server looks first, retried with back-off, and kept
 * as failed once out of attempts. Every time (due times, leases, back-off) is read from the app's clock;
 * tests move it and call `runDue()` instead of waiting for the poll.
 */
export class Jobs {
  private readonly kinds = new Map<string, Kind>();
  private readonly schedules: Schedule[] = [];
  /** Runs under way here (a job, or a batch of one kind), each with the leases it holds. */
  private readonly running = new Map<Promise<void>, JobHolder[]>();
  /** The batched kinds with a batch running here: one at a time each, so they leave room for the rest. */
  private readonly batchesRunning = new Set<string>();
  private readonly outcomeListeners = new Set<(outcome: JobOutcome) => void>();
  private readonly workerId = `${hostname().slice(0, 40)}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  /** A look for due jobs is under way; a job finishing meanwhile asks for another right after. */
  private looking = false;
  private lookAgain = false;
  /**
   * Whether a finished run is a reason to look again at once rather than at the next poll: the last look
   * took as many jobs as it had room for (more may be due), or this server enqueued a job due now since it
   * began (a podium check's news). A run that frees a slot with nothing new due waits for the poll: under a
   * flood of ballots, with both slots held by long runs, a look after every run was a dozen looks a second
   * that found nothing (docs/decisions/010).
   */
  private moreMayBeDue = false;
  private enqueuedDue = false;
  /** When the next look is set for; a job enqueued here due earlier brings it forward (`lookBy`). */
  private nextLookAt: number | undefined;
  /** The earliest due time of jobs enqueued here while a look ran: the next look is set for it at the latest. */
  private dueBeforePoll: number | undefined;
  private closed = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly log: JobsLog,
    private readonly settings: RunnerSettings,
  ) {}

  private repository(executor: Executor = this.database.db): JobsRepository {
    return new JobsRepository(executor, this.database.kind);
  }

  /** Registers the handler of a kind of job; this server takes only the kinds it has handlers for. */
  handle(kind: string, handler: JobHandler, options: JobKindOptions = {}): void {
    this.register(kind, ([item]) => (item ? handler(item.payload, item.job) : Promise.resolve()), 1, options);
  }

  /**
   * Registers the handler of a kind of job taken in batches: each look takes up to `batchSize` due jobs of
   * the kind in one statement, runs them in one call and marks them done in one statement. For work that
   * comes as many small jobs at once (a podium check per topic voted on in a second), where taking and
   * finishing each alone would cost more than the work. One batch of a kind runs at a time on a server.
   */
  handleBatch(kind: string, handler: BatchJobHandler, options: JobKindOptions & { batchSize: number }): void {
    const { batchSize, ...kindOptions } = options;
    if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`jobs: "${kind}" needs a batch size`);
    this.register(kind, handler, batchSize, kindOptions);
  }

  private register(kind: string, handler: BatchJobHandler, batchSize: number, options: JobKindOptions): void {
    if (this.kinds.has(kind)) throw new Error(`jobs: "${kind}" already has a handler`);
    this.kinds.set(kind, { handler, batchSize, options: { ...DEFAULTS, ...options } });
  }

  /**
   * A job that runs once per occurrence across all servers. Occurrences fall on multiples of `everyMs`
   * since the epoch (every hour: on the hour, UTC); each server enqueues the current one keyed by kind and
   * due time, and the unique key leaves one row however many do. An occurrence no server was up for is
   * skipped, not caught up: the next one does the same work.
   */
  every(kind: string, everyMs: number, handler: JobHandler, options: JobKindOptions = {}): void {
    this.handle(kind, handler, options);
    this.schedules.push({ kind, everyMs });
  }

  /** The kinds this server runs. */
  get kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  /** Tells `listener` how each run of a job on this server ends (the metrics count them). */
  onOutcome(listener: (outcome: JobOutcome) => void): void {
    this.outcomeListeners.add(listener);
  }

  /** A listener that throws is logged: the job's outcome is still recorded. */
  private report(outcome: JobOutcome): void {
    for (const listener of this.outcomeListeners) {
      try {
        listener(outcome);
      } catch (error) {
        this.log.error({ err: error, kind: outcome.kind }, 'jobs: an outcome listener failed');
      }
    }
  }

  /**
   * Enqueues a job on `executor`: inside a write's transaction (`ctx.changes.transaction((trx) => ...)`,
   * or an in-transaction subscriber's), the job exists if and only if the write commits. Answers false
   * when a job with the same unique key exists already.
   */
  enqueue(executor: Executor, job: NewJob): Promise<boolean> {
    const now = this.clock.now();
    this.noteEnqueued([job], now);
    return this.repository(executor).insert({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      uniqueKey: job.uniqueKey,
      maxAttempts: job.maxAttempts ?? this.kinds.get(job.kind)?.options.maxAttempts ?? DEFAULTS.maxAttempts,
      dueAt: iso(job.dueAt ?? now),
      now: iso(now),
    });
  }

  /**
   * Enqueues many jobs in one statement on `executor` (as `enqueue` does one): a fan-out's messages. Answers
   * how many were made (a unique key already taken makes none).
   */
  enqueueMany(executor: Executor, jobs: readonly NewJob[]): Promise<number> {
    const now = this.clock.now();
    this.noteEnqueued(jobs, now);
    return this.repository(executor).insertMany(
      jobs.map((job) => ({
        kind: job.kind,
        payload: JSON.stringify(job.payload ?? {}),
        uniqueKey: job.uniqueKey,
        maxAttempts: job.maxAttempts ?? this.kinds.get(job.kind)?.options.maxAttempts ?? DEFAULTS.maxAttempts,
        dueAt: iso(job.dueAt ?? now),
        now: iso(now),
      })),
    );
  }

  private noteEnqueued(jobs: readonly NewJob[], now: number): void {
    for (const job of jobs) {
      const dueAt = job.dueAt ?? now;
      if (dueAt <= now) this.enqueuedDue = true;
      else this.lookBy(dueAt);
    }
  }

  /**
   * A job this server enqueued falls due before its next look: it looks then rather than up to a poll
   * later (a podium sweep, due a quarter second after its second, and the news it makes).
   */
  private lookBy(dueAt: number): void {
    if (this.closed || this.settings.pollIntervalMs <= 0) return;
    if (this.looking) {
      this.dueBeforePoll = Math.min(this.dueBeforePoll ?? dueAt, dueAt);
      return;
    }
    if (this.timer && this.nextLookAt !== undefined && this.nextLookAt > dueAt)
      this.poll(dueAt - this.clock.now());
  }

  /**
   * Enqueues the recurring jobs' current occurrences, takes what is due up to the free slots and runs it;
   * resolves when the jobs it took have finished (or failed). Answers how many it took.
   */
  async runDue(): Promise<number> {
    const { runs, taken } = await this.startDue();
    await Promise.all(runs);
    return taken;
  }

  /** Starts a run per job taken, or per batch; answers the runs and how many jobs they hold. */
  private async startDue(): Promise<{ runs: Promise<void>[]; taken: number }> {
    const now = this.clock.now();
    this.enqueuedDue = false;
    let full = false;
    await this.enqueueOccurrences(now);
    const repository = this.repository();
    const abandoned = await repository.failAbandoned(iso(now));
    if (abandoned.length > 0)
      this.log.warn({ jobs: abandoned.length }, 'jobs: out of attempts after their servers stopped');
    for (const kind of abandoned) this.report({ kind, outcome: 'failed' });
    const leaseUntil = (options: Required<JobKindOptions>) => iso(now + options.leaseMs);
    let free = this.settings.concurrency - this.running.size;
    const runs: Promise<void>[] = [];
    let inBatches = 0;
    // Batched kinds first, a batch each at most: many small jobs due at once do not wait behind long ones.
    for (const [kind, { batchSize, options }] of this.kinds) {
      // A batch running here takes no other: what falls due meanwhile waits for the poll (a batch is a
      // second's worth of such jobs).
      if (batchSize === 1 || free <= 0 || this.batchesRunning.has(kind)) continue;
      const batch = await repository.take({
        leasesUntil: new Map([[kind, leaseUntil(options)]]),
        workerId: this.workerId,
        now: iso(now),
        limit: batchSize,
      });
      if (batch.length === batchSize) full = true;
      if (batch.length === 0) continue;
      this.batchesRunning.add(kind);
      inBatches += batch.length;
      runs.push(
        this.track(
          this.run(kind, batch),
          batch.map((row) => this.holderOf(row)),
        ),
      );
      free -= 1;
    }
    const singles = new Map(
      [...this.kinds]
        .filter(([, { batchSize }]) => batchSize === 1)
        .map(([kind, { options }]) => [kind, leaseUntil(options)] as const),
    );
    const taken = await repository.take({
      leasesUntil: singles,
      workerId: this.workerId,
      now: iso(now),
      limit: free,
    });
    for (const row of taken) runs.push(this.track(this.run(row.kind, [row]), [this.holderOf(row)]));
    // A look with no free slot took nothing and knows nothing: what waits is taken at the next poll.
    this.moreMayBeDue = full || (free > 0 && taken.length === free);
    return { runs, taken: inBatches + taken.length };
  }

  private async enqueueOccurrences(now: number): Promise<void> {
    for (const schedule of this.schedules) {
      const slot = Math.floor(now / schedule.everyMs) * schedule.everyMs;
      if (schedule.enqueuedSlot === slot) continue;
      await this.enqueue(this.database.db, {
        kind: schedule.kind,
        dueAt: slot,
        uniqueKey: `${schedule.kind}@${iso(slot)}`,
      });
      schedule.enqueuedSlot = slot;
    }
  }

  private track(run: Promise<void>, holders: JobHolder[]): Promise<void> {
    this.running.set(run, holders);
    return run.finally(() => this.running.delete(run));
  }

  private holderOf(row: JobRow): JobHolder {
    return { id: row.id, attempt: row.attempts, workerId: this.workerId };
  }

  /** Runs taken jobs of one kind (one, or a batch) and records how they ended. */
  private async run(kindName: string, rows: readonly JobRow[]): Promise<void> {
    const kind = this.kinds.get(kindName);
    if (!kind) return;
    const holders = rows.map((row) => this.holderOf(row));
    const items = rows.map((row) => ({
      payload: JSON.parse(row.payload) as unknown,
      job: { id: row.id, kind: row.kind, attempt: row.attempts, dueAt: row.due_at },
    }));
    const renewal = setInterval(
      () => void this.renew(holders, kind.options.leaseMs),
      kind.options.leaseMs / 3,
    );
    renewal.unref();
    let failure: unknown;
    let failed = false;
    try {
      await kind.handler(items);
    } catch (error) {
      failed = true;
      failure = error;
    } finally {
      clearInterval(renewal);
      if (kind.batchSize > 1) this.batchesRunning.delete(kindName);
    }
    for (const row of rows) {
      const lastAttempt = row.attempts >= row.max_attempts;
      this.report({ kind: row.kind, outcome: !failed ? 'done' : lastAttempt ? 'failed' : 'retried' });
    }
    try {
      if (!failed) await this.finish(holders, kindName);
      else for (const row of rows) await this.recordFailure(row, kind.options, failure);
    } catch (error) {
      // The database is away: the leases lapse and the jobs are taken again, as if this server had died.
      this.log.warn({ err: error, jobs: rows.length, kind: kindName }, 'jobs: could not record the outcome');
    }
  }

  private async finish(holders: readonly JobHolder[], kind: string): Promise<void> {
    const finished = await this.repository().finish(holders, iso(this.clock.now()));
    if (finished < holders.length)
      this.log.warn(
        { jobs: holders.length - finished, kind },
        'jobs: a job ran past its lease and was taken again',
      );
  }

  private async recordFailure(
    row: JobRow,
    options: Required<JobKindOptions>,
    failure: unknown,
  ): Promise<void> {
    const now = this.clock.now();
    const message = errorMessage(failure);
    const retryAt =
      row.attempts < row.max_attempts ? iso(now + retryDelay(options, row.attempts)) : undefined;
    const recorded = await this.repository().fail(this.holderOf(row), message, iso(now), retryAt);
    const details = { job: row.id, kind: row.kind, attempt: row.attempts, error: message };
    if (retryAt) this.log.warn({ ...details, retryAt }, 'jobs: a job failed; it is retried later');
    else this.log.error(details, 'jobs: a job failed on its last attempt; it is kept as failed');
    if (!recorded)
      this.log.warn({ job: row.id, kind: row.kind }, 'jobs: a job ran past its lease and was taken again');
  }

  private async renew(holders: readonly JobHolder[], leaseMs: number): Promise<void> {
    try {
      const now = this.clock.now();
      await this.repository().renew(holders, iso(now + leaseMs), iso(now));
    } catch (error) {
      this.log.warn(
        { err: error, jobs: holders.map((holder) => holder.id) },
        'jobs: could not renew a lease',
      );
    }
  }

  /** Deletes done and failed jobs last moved longer ago than their keeping time, a batch per statement. */
  async deleteFinished(keep: { doneMs: number; failedMs: number }): Promise<void> {
    const repository = this.repository();
    const now = this.clock.now();
    for (const [state, keepMs] of [
      ['done', keep.doneMs],
      ['failed', keep.failedMs],
    ] as const) {
      while (
        (await repository.deleteFinishedBefore(state, iso(now - keepMs), DELETE_BATCH)) === DELETE_BATCH
      );
    }
  }

  /** Looks for due jobs now (what fell due while no server was up waits no poll), then every `pollIntervalMs` (unless 0). */
  start(): void {
    if (this.settings.pollIntervalMs <= 0 || this.closed || this.timer) return;
    this.poll(0);
  }

  private poll(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    const delay = Math.max(0, delayMs);
    this.nextLookAt = this.clock.now() + delay;
    this.timer = setTimeout(() => void this.look(), delay);
    this.timer.unref();
  }

  private async look(): Promise<void> {
    this.timer = undefined;
    this.looking = true;
    try {
      const { runs } = await this.startDue();
      // A finished job frees a slot: look again at once when more may be due (see `moreMayBeDue`).
      for (const run of runs) void run.then(() => this.wake());
    } catch (error) {
      this.log.warn({ err: error }, 'jobs: could not look for due jobs; trying again later');
    } finally {
      this.looking = false;
    }
    if (this.closed) return;
    const again = this.lookAgain && this.running.size < this.settings.concurrency;
    this.lookAgain = false;
    const dueBeforePoll = this.dueBeforePoll;
    this.dueBeforePoll = undefined;
    const untilDue =
      dueBeforePoll === undefined ? Number.POSITIVE_INFINITY : dueBeforePoll - this.clock.now();
    this.poll(again ? 0 : Math.min(this.settings.pollIntervalMs, untilDue));
  }

  private wake(): void {
    if (this.closed || this.settings.pollIntervalMs <= 0 || !(this.moreMayBeDue || this.enqueuedDue)) return;
    if (this.looking) this.lookAgain = true;
    else this.poll(0);
  }

  /**
   * Stops taking jobs and waits for those running here, up to the shutdown grace; the ones still running
   * then are handed back (queued again, due now, the interrupted attempt not counted), so that another
   * server takes them at once instead of after their lease.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const graceMs = this.settings.shutdownGraceMs ?? Number.POSITIVE_INFINITY;
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      if (Number.isFinite(graceMs)) graceTimer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.running.keys()]), graceOver]);
    clearTimeout(graceTimer);
    for (const holder of [...this.running.values()].flat()) {
      try {
        if (await this.repository().handBack(holder, iso(this.clock.now())))
          this.log.info({ job: holder.id }, 'jobs: a running job was handed back as this server stops');
      } catch (error) {
        this.log.warn(
          { err: error, job: holder.id },
          'jobs: could not hand a job back; its lease will lapse',
        );
      }
    }
  }
}
