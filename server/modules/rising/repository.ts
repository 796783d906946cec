import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { BallotState } from '../../db/schema.js';

/** Ids per statement: a week's topics can be thousands, beyond what one IN list should carry. */
const IDS_PER_STATEMENT = 500;

/** A topic's counted ballots cast in a window. */
export interface WeekOfBallots {
  topicId: number;
  /** Every counted ballot whose current version was cast in the window, withdrawals included. */
  cast: number;
  /** Those that hold at least one place (a withdrawal holds none). */
  placed: number;
}

/**
 * The reads of "rising this week": the counted ballots cast since an instant, per active topic, and the
 * topics' rank history (rank_snapshots, written by the daily job).
 */
export class RisingRepository {
  constructor(private readonly db: Executor) {}

  /** Per active topic with a counted ballot cast after `since` (an ISO instant): how many, how many placed. */
  async weekOfBallots(since: string): Promise<WeekOfBallots[]> {
    // A literal state: the partial index ballots_recent (voted_at, topic_id) where state = 'counted'
    // (migration 0030) serves only a query whose planner sees the state itself, not a parameter.
    const counted = sql<BallotState>`'counted'`;
    const rows = await this.db
      .selectFrom((from) =>
        from
          .selectFrom('ballots')
          .select((eb) => [
            'topic_id',
            eb.fn.countAll<number | string>().as('cast'),
            eb.fn
              .sum<number | string>(
                eb
                  .case()
                  .when(
                    eb.or([
                      eb('first_id', 'is not', null),
                      eb('second_id', 'is not', null),
                      eb('third_id', 'is not', null),
                    ]),
                  )
                  .then(1)
                  .else(0)
                  .end(),
              )
              .as('placed'),
          ])
          .where('state', '=', counted)
          .where('voted_at', '>', since)
          .groupBy('topic_id')
          .as('week'),
      )
      .innerJoin('topics', 'topics.id', 'week.topic_id')
      .select(['week.topic_id', 'week.cast', 'week.placed'])
      .where('topics.is_active', '=', 1)
      .execute();
    return rows.map((row) => ({ topicId: row.topic_id, cast: Number(row.cast), placed: Number(row.placed) }));
  }

  /**
   * Each topic's standing at the end of UTC day `day`: the places of its latest snapshot of that day or
   * before (proposition id to rank; empty when the ranking was empty then). A topic with no such snapshot
   * has no entry: its ranking then is not known.
   */
  async standingsAt(topicIds: readonly number[], day: string): Promise<Map<number, Map<number, number>>> {
    const standings = new Map<number, Map<number, number>>();
    for (let start = 0; start < topicIds.length; start += IDS_PER_STATEMENT) {
      const ids = topicIds.slice(start, start + IDS_PER_STATEMENT);
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
