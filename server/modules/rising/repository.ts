import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { BallotState } from '../../db/schema.js';

/** Ids per statement: a week's topics can be thousands, beyond what one IN list should carry. */
const IDS_PER_STATEMENT = 500;

function* chunks(ids: readonly number[]): Generator<number[]> {
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT)
    yield ids.slice(start, start + IDS_PER_STATEMENT);
}

/** A topic's counted ballots whose current version was cast in a window, withdrawals included. */
export interface CastInWindow {
  topicId: number;
  cast: number;
}

/**
 * The reads of "rising this week": the counted ballots cast since an instant, per topic, and the topics'
 * rank history (rank_snapshots, written by the daily job).
 */
export class RisingRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Per topic with a counted ballot cast after `since` (an ISO instant), how many, withdrawals included:
   * one range of the partial index ballots_recent (voted_at, topic_id) where state = 'counted' (migration
   * 0030), read from the index alone. Whether a ballot holds a place, or its topic is active, would read
   * every row of the week (about 7 times slower on the bench's week of 16,000 ballots): `placedSince` and
   * `activeAmong` ask it of the few topics that need it.
   */
  async castSince(since: string): Promise<CastInWindow[]> {
    // A literal state: the partial index serves only a query whose planner sees the state itself.
    const counted = sql<BallotState>`'counted'`;
    const rows = await this.db
      .selectFrom('ballots')
      .select((eb) => ['topic_id', eb.fn.countAll<number | string>().as('cast')])
      .where('state', '=', counted)
      .where('voted_at', '>', since)
      .groupBy('topic_id')
      .execute();
    return rows.map((row) => ({ topicId: row.topic_id, cast: Number(row.cast) }));
  }

  /** `castSince` for these topics only: a range of the index ballots_standing per topic. */
  async castOf(topicIds: readonly number[], since: string): Promise<Map<number, number>> {
    const cast = new Map<number, number>();
    for (const ids of chunks(topicIds)) {
      const rows = await this.db
        .selectFrom('ballots')
        .select((eb) => ['topic_id', eb.fn.countAll<number | string>().as('cast')])
        .where('topic_id', 'in', ids)
        .where('state', '=', 'counted')
        .where('voted_at', '>', since)
        .groupBy('topic_id')
        .execute();
      for (const row of rows) cast.set(row.topic_id, Number(row.cast));
    }
    return cast;
  }

  /**
   * Per topic of `topicIds`, its counted ballots cast after `since` that hold at least one place (a
   * withdrawal holds none): a range of the index ballots_standing per topic, read from the index alone.
   */
  async placedSince(topicIds: readonly number[], since: string): Promise<Map<number, number>> {
    const placed = new Map<number, number>();
    for (const ids of chunks(topicIds)) {
      const rows = await this.db
        .selectFrom('ballots')
        .select((eb) => ['topic_id', eb.fn.countAll<number | string>().as('placed')])
        .where('topic_id', 'in', ids)
        .where('state', '=', 'counted')
        .where('voted_at', '>', since)
        .where((eb) =>
          eb.or([
            eb('first_id', 'is not', null),
            eb('second_id', 'is not', null),
            eb('third_id', 'is not', null),
          ]),
        )
        .groupBy('topic_id')
        .execute();
      for (const row of rows) placed.set(row.topic_id, Number(row.placed));
    }
    return placed;
  }

  /** Which of these topics are active (shown to the public). */
  async activeAmong(topicIds: readonly number[]): Promise<Set<number>> {
    const active = new Set<number>();
    for (const ids of chunks(topicIds)) {
      const rows = await this.db
        .selectFrom('topics')
        .select('id')
        .where('id', 'in', ids)
        .where('is_active', '=', 1)
        .execute();
      for (const row of rows) active.add(row.id);
    }
    return active;
  }

  /**
   * Each topic's standing at the end of UTC day `day`: the places of its latest snapshot of that day or
   * before (proposition id to rank; empty when the ranking was empty then). A topic with no such snapshot
   * has no entry: its ranking then is not known.
   */
  async standingsAt(topicIds: readonly number[], day: string): Promise<Map<number, Map<number, number>>> {
    const standings = new Map<number, Map<number, number>>();
    for (const ids of chunks(topicIds)) {
      const rows = await this.db
        .selectFrom((from) =>
          from
            .selectFrom('rank_snapshots')
            .select((eb) => ['topic_id', eb.fn.max('day').as('day')])
            .where('topic_id', 'in', ids)
            .where('day', '<=', day)
            .groupBy('topic_id')
            .as('latest'),
        )
        .leftJoin('rank_snapshot_places as places', (join) =>
          join.onRef('places.topic_id', '=', 'latest.topic_id').onRef('places.day', '=', 'latest.day'),
        )
        .select(['latest.topic_id', 'places.proposition_id', 'places.rank'])
        .execute();
      for (const row of rows) {
        const places = standings.get(row.topic_id) ?? new Map<number, number>();
        standings.set(row.topic_id, places);
        if (row.proposition_id !== null && row.rank !== null) places.set(row.proposition_id, row.rank);
      }
    }
    return standings;
  }
}
