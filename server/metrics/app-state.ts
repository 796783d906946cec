import { Counter, Gauge, type Registry } from 'prom-client';
import { cacheBudgetFor } from '../cache/budget-for.js';
import type { AppContext } from '../context.js';
import type { BallotVersionCause } from '../db/schema.js';
import { shareCardsOf } from '../modules/cards/service.js';
import { JobsRepository } from '../modules/jobs/repository.js';
import { counterTotal } from './registry.js';

/**
 * What the app holds and does, beside its requests: ballots written, the caches, the jobs, the database
 * pool and the live streams. Each figure is read from the one that owns it, at scrape time where it is a
 * state (nothing on a request's path pays for it), and counted as it happens where it is an event.
 */
export function exposeAppState(ctx: AppContext, registry: Registry): void {
  countBallots(ctx, registry);
  exposeCaches(ctx, registry);
  exposeJobs(ctx, registry);
  exposeDatabasePool(ctx, registry);
  exposeLiveStreams(ctx, registry);
  exposeNotifications(ctx, registry);
  exposeShareCards(ctx, registry);
}

/**
 * Ballots this server wrote, per cause, followed through the changes they announce once committed (decision
 * 006): no line in the write path. Another server's changes come without their events, so each server counts
 * its own ballots once, and Prometheus sums the servers.
 */
function countBallots(ctx: AppContext, registry: Registry): void {
  const ballots = new Counter({
    name: 'podium_ballots_total',
    help: 'Ballot versions written by this server and committed, per cause (vote, withdrawal, merge...).',
    labelNames: ['cause'] as const,
    registers: [registry],
  });
  const causes: BallotVersionCause[] = ['vote', 'withdrawal', 'proposition_deleted', 'merge', 'rejection'];
  for (const cause of causes) ballots.inc({ cause }, 0);
  ctx.changes.subscribe((change) => {
    for (const event of change.events)
      if (event.type === 'ballotChanged') ballots.inc({ cause: event.cause });
  });
}

/** Every cache under the app's budget (server/cache/budget.ts): its reads, entries and bytes. */
function exposeCaches(ctx: AppContext, registry: Registry): void {
  const budget = cacheBudgetFor(ctx.db);
  const usage = () => [...budget.usage];
  new Counter({
    name: 'podium_cache_requests_total',
    help: 'Reads of an in-process cache, per cache and result (hit: an entry was there; miss: it was loaded).',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      counterTotal(
        this,
        usage().flatMap(([cache, figures]) => [
          [{ cache, result: 'hit' }, figures.hits],
          [{ cache, result: 'miss' }, figures.misses],
        ]),
      );
    },
  });
  new Gauge({
    name: 'podium_cache_entries',
    help: 'Entries an in-process cache holds, per cache.',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const [cache, figures] of usage()) this.set({ cache }, figures.entries);
    },
  });
  new Gauge({
    name: 'podium_cache_bytes',
    help: 'Bytes an in-process cache is charged (as estimated), per cache.',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const [cache, figures] of usage()) this.set({ cache }, figures.bytes);
    },
  });
  new Gauge({
    name: 'podium_cache_budget_bytes',
    help: 'The one budget every in-process cache shares (CACHE_BUDGET_MB).',
    registers: [registry],
    collect() {
      this.set(budget.limitBytes);
    },
  });
}

/**
 * The jobs not done, per kind and state, counted in the database at scrape time (one grouped count over
 * the rows not done), and how each run on this server ended.
 */
function exposeJobs(ctx: AppContext, registry: Registry): void {
  const repository = new JobsRepository(ctx.db, ctx.database.kind);
  const states = ['queued', 'running', 'failed'] as const;
  new Gauge({
    name: 'podium_jobs',
    help: 'Jobs not done, per kind and state: queued (due or waiting for their time), running, failed (kept).',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      let counts: Awaited<ReturnType<JobsRepository['countsNotDone']>>;
      try {
        counts = await repository.countsNotDone();
      } catch {
        // The database is away: the scrape still answers, without this figure (its absence is the alert).
        return;
      }
      for (const kind of ctx.jobs.kindNames) for (const state of states) this.set({ kind, state }, 0);
      for (const { kind, state, count } of counts) this.set({ kind, state }, count);
    },
  });
  const runs = new Counter({
    name: 'podium_job_runs_total',
    help: 'Runs of a job on this server, per kind and outcome (done; retried: failed with attempts left; failed: on its last).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  ctx.jobs.onOutcome(({ kind, outcome }) => runs.inc({ kind, outcome }));
}

/** PostgreSQL's connection pool (SQLite has one embedded connection and no pool: nothing is exposed). */
function exposeDatabasePool(ctx: AppContext, registry: Registry): void {
  const poolUse = ctx.database.poolUse;
  if (!poolUse) return;
  new Gauge({
    name: 'podium_db_pool_connections',
    help: 'PostgreSQL connections of this server, per state (busy: running a query; idle: open, free).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = poolUse();
      this.set({ state: 'busy' }, use.total - use.idle);
      this.set({ state: 'idle' }, use.idle);
    },
  });
  new Gauge({
    name: 'podium_db_pool_waiting',
    help: 'Queries waiting for a PostgreSQL connection: every one is busy, or one is being opened for them.',
    registers: [registry],
    collect() {
      this.set(poolUse().waiting);
    },
  });
  new Gauge({
    name: 'podium_db_pool_max_connections',
    help: 'The most PostgreSQL connections this server opens.',
    registers: [registry],
    collect() {
      this.set(poolUse().max);
    },
  });
}

function exposeLiveStreams(ctx: AppContext, registry: Registry): void {
  const streams = ctx.rankings.streams;
  new Gauge({
    name: 'podium_live_streams',
    help: 'Live-ranking streams (server-sent events) open on this server.',
    registers: [registry],
    collect() {
      this.set(streams.size);
    },
  });
  new Gauge({
    name: 'podium_live_streams_limit',
    help: 'The most live-ranking streams this server keeps open (LIVE_STREAMS_PER_PROCESS).',
    registers: [registry],
    collect() {
      this.set(streams.limits.perProcess);
    },
  });
}

/** The share cards' drawings (decision 028): how often cards are drawn anew, and the worker's queue. */
function exposeShareCards(ctx: AppContext, registry: Registry): void {
  const cards = shareCardsOf(ctx);
  new Counter({
    name: 'podium_share_card_renders_total',
    help: 'Share cards drawn on the worker thread since the start (a renewal whose card shows the same draws none).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cards.renders);
    },
  });
  new Gauge({
    name: 'podium_share_card_render_queue',
    help: 'Share cards waiting for the worker thread or being drawn (at most MAX_QUEUED_RENDERS).',
    registers: [registry],
    collect() {
      this.set(cards.renderer.queued);
    },
  });
}

/** Notifications this server wrote (committed, new or batched), and the notification streams open on it. */
function exposeNotifications(ctx: AppContext, registry: Registry): void {
  new Counter({
    name: 'podium_notifications_written_total',
    help: "Notifications written by this server and committed, per result (created; batched: an hour's row updated).",
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const { created, batched } = ctx.notifications.written;
      counterTotal(this, [
        [{ result: 'created' }, created],
        [{ result: 'batched' }, batched],
      ]);
    },
  });
  new Gauge({
    name: 'podium_notification_streams',
    help: 'Notification streams (server-sent events) open on this server.',
    registers: [registry],
    collect() {
      this.set(ctx.notificationStreams.size);
    },
  });
}
