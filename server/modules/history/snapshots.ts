import type { Kysely } from 'kysely';
import { dayEnd } from '../../../common/history/days.js';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { HistoryRepository, type NewSnapshot } from './repository.js';
import { type MovedBallot, type PropositionNow, type SnapshotPlace, snapshotsOver } from './standings.js';

/**
 * PostgreSQL's statistics of the history's tables are taken again once a run has written this many
 * snapshots, then each time it has doubled them: a bulk run (a back-fill, the first day) keeps plans that
 * know the tables' size, a normal day never pays for it.
 */
const REFRESH_STATISTICS_FROM = 1000;

/** Topic ids per transaction: about 10 ms of work each on the bench data, so ballots keep flowing between them. */
export const TOPICS_PER_CHUNK = 250;

export interface SnapshotRun {
  /** Topics looked at (every topic id in range). */
  topics: number;
  /** Snapshots written. */
  written: number;
  chunks: number;
}

const groupBy = <T extends { topicId: number }>(rows: readonly T[]) => {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.topicId);
    if (group) group.push(row);
    else groups.set(row.topicId, [row]);
  }
  return groups;
};

/** Lets the event loop serve what waits (a ballot's request) for `ms` before the next chunk. */
const rest = (ms: number) =>
  new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

export interface SnapshotOptions {
  /**
   * After each chunk, rest this many times the chunk's own duration: the run then takes at most
   * 1 / (1 + pace) of the server's thread (and of SQLite's one writer) while ballots arrive. 0 for a bulk
   * load, which has the database to itself.
   */
  pace?: number;
}

/**
 * Takes the rank history's snapshots (docs/decisions/023-rank-history.md): for `days` (ascending UTC
 * days), each topic's top 10 at the end of each day, written where it differs from the standing before.
 * The daily job takes one day, the seeds 90 at once; both compute a day's ranking the same way, from the
 * running totals with the ballots cast again since taken back to their version current then, so a day
 * taken late (or again) is the same day. Every topic is looked at, a range of ids per transaction: a
 * cause of change nobody listed (a quarantine, a merge, a rule of counting) cannot be missed.
 */
export async function takeSnapshots(
  database: { db: Kysely<Database>; kind: DatabaseKind },
  days: readonly string[],
  takenAt: string,
  options: SnapshotOptions = {},
): Promise<SnapshotRun> {
  const run: SnapshotRun = { topics: 0, written: 0, chunks: 0 };
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return run;
  const instants = days.map((day) => new Date(dayEnd(day)).toISOString());
  const range = await new HistoryRepository(database.db).topicIdRange();
  if (!range) return run;
  let refreshAt = REFRESH_STATISTICS_FROM;
  for (let from = range.first; from <= range.last; from += TOPICS_PER_CHUNK) {
    const to = Math.min(range.last, from + TOPICS_PER_CHUNK - 1);
    const started = performance.now();
    // PostgreSQL: one snapshot of the data for the chunk's reads, so the totals and the ballots cast
    // since agree (READ COMMITTED would let a ballot land between the two). SQLite's transaction is one.
    const reading =
      database.kind === 'postgres'
        ? database.db.transaction().setIsolationLevel('repeatable read')
        : database.db.transaction();
    const snapshots = await reading.execute(async (trx) => {
      const history = new HistoryRepository(trx);
      const propositions = groupBy(await history.propositions(from, to));
      const moved = groupBy(await history.movedBallots(from, to, instants[0] as string));
      const bases = await history.latestBefore(from, to, first);
      return chunkSnapshots(days, instants, propositions, moved, bases);
    });
    // Written apart: an insert's foreign-key check locks its proposition, which ballots update all the
    // time, and a lock on a row updated since a REPEATABLE READ snapshot fails ("could not serialize").
    await database.db
      .transaction()
      .execute((trx) =>
        new HistoryRepository(trx).replace(
          { first: from, last: to, from: first, to: last },
          snapshots,
          takenAt,
        ),
      );
    run.written += snapshots.length;
    run.topics += to - from + 1;
    if (database.kind === 'postgres' && run.written >= refreshAt) {
      await new HistoryRepository(database.db).refreshStatistics();
      refreshAt = run.written * 2;
    }
    run.chunks++;
    await rest((performance.now() - started) * (options.pace ?? 0));
  }
  return run;
}

function chunkSnapshots(
  days: readonly string[],
  instants: readonly string[],
  propositions: Map<number, PropositionNow[]>,
  moved: Map<number, MovedBallot[]>,
  bases: Map<number, SnapshotPlace[]>,
): NewSnapshot[] {
  const snapshots: NewSnapshot[] = [];
  const topics = new Set([...propositions.keys(), ...bases.keys()]);
  for (const topicId of [...topics].sort((a, b) => a - b)) {
    const written = snapshotsOver(
      propositions.get(topicId) ?? [],
      moved.get(topicId) ?? [],
      instants,
      bases.get(topicId),
    );
    for (const [index, places] of written) snapshots.push({ topicId, day: days[index] as string, places });
  }
  return snapshots;
}
