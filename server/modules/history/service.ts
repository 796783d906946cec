import type { RankHistoryData } from '../../../common/api/history.js';
import { addDays, DAY_MS, dayOf, daysEndingWith, RANK_HISTORY_DAYS } from '../../../common/history/days.js';
import type { AppContext } from '../../context.js';
import { readCacheFor } from '../../db/read-cache.js';
import { errors } from '../../http/errors.js';
import type { Jobs, JobsLog } from '../jobs/runner.js';
import { RankingsRepository } from '../rankings/repository.js';
import { HistoryRepository } from './repository.js';
import { type SnapshotRun, takeSnapshots } from './snapshots.js';

/** The daily job's kind: its occurrence at 00:00 UTC snapshots the day that just ended. */
export const SNAPSHOT_JOB = 'history.snapshot';
/**
 * The daily run rests three times each chunk's duration after it: a quarter of the server's thread at
 * most, so ballots keep most of it (measured in decision 023), and still well within a minute.
 */
const SNAPSHOT_PACE = 3;

/**
 * A topic's history answer changes only when the daily job writes (or a proposition goes, which the page
 * leaves out by itself): kept a minute, keyed by its last day, so the job's new day shows within a minute.
 */
const HISTORY_TTL_MS = 60_000;

/** The day a recurring occurrence due at `dueAt` (00:00 UTC) snapshots: the one that just ended. */
export function dayBefore(dueAt: string): string {
  return dayOf(Date.parse(dueAt) - DAY_MS);
}

/** Rank history (issue 37): the daily snapshots of topics' top 10 and a topic's last 90 days of them. */
export class RankHistoryService {
  constructor(private readonly ctx: AppContext) {}

  /** The daily snapshot, once across the servers (a recurring job's unique key). */
  registerJobs(jobs: Jobs, log: JobsLog): void {
    jobs.every(
      SNAPSHOT_JOB,
      DAY_MS,
      async (_payload, job) => {
        const day = dayBefore(job.dueAt);
        const started = performance.now();
        const run = await this.snapshotDay(day);
        log.info({ day, ...run, ms: Math.round(performance.now() - started) }, 'history: day snapshot taken');
      },
      { maxAttempts: 5, retryDelayMs: 60_000 },
    );
  }

  /** Snapshots `day` (every topic whose top 10 at its end differs from its standing before); idempotent. */
  snapshotDay(day: string): Promise<SnapshotRun> {
    return takeSnapshots(this.ctx.database, [day], this.ctx.clock.nowIso(), { pace: SNAPSHOT_PACE });
  }

  /** A topic's last 90 days, ending yesterday; 404 for an unknown or inactive topic. */
  async history(topicId: number): Promise<RankHistoryData> {
    const to = dayOf(this.ctx.clock.now() - DAY_MS);
    if (!(await new RankingsRepository(this.ctx.db).topic(topicId))) throw errors.notFound('Topic');
    return readCacheFor(this.ctx.db).get(`rank-history:${topicId}:${to}`, () => this.read(topicId, to), {
      ttlMs: HISTORY_TTL_MS,
    });
  }

  private async read(topicId: number, to: string): Promise<RankHistoryData> {
    const days = daysEndingWith(to, RANK_HISTORY_DAYS);
    const from = days[0] as string;
    const snapshots = await new HistoryRepository(this.ctx.db).topicSnapshots(topicId, from, to);
    return { topicId, from, to, lines: carriedForward(days, snapshots) };
  }
}

/**
 * Each proposition's rank on each of `days`: a day without a snapshot has the standing of the latest
 * one before it (`snapshots` ascending, the first possibly before `days`).
 */
export function carriedForward(
  days: readonly string[],
  snapshots: readonly { day: string; places: readonly { propositionId: number; rank: number }[] }[],
): RankHistoryData['lines'] {
  const lines = new Map<number, (number | null)[]>();
  let next = 0;
  let standing: readonly { propositionId: number; rank: number }[] = [];
  for (const [index, day] of days.entries()) {
    while (next < snapshots.length && (snapshots[next]?.day as string) <= day) {
      standing = snapshots[next]?.places ?? [];
      next++;
    }
    for (const { propositionId, rank } of standing) {
      let ranks = lines.get(propositionId);
      if (!ranks) {
        ranks = Array.from({ length: days.length }, () => null);
        lines.set(propositionId, ranks);
      }
      ranks[index] = rank;
    }
  }
  return [...lines].map(([propositionId, ranks]) => ({ propositionId, ranks }));
}

/** Snapshots of the last `count` days before `now`'s day, from the ballot history (the seeds' back-fill). */
export function backfillDays(now: number, count: number): string[] {
  return daysEndingWith(addDays(dayOf(now), -1), count);
}
