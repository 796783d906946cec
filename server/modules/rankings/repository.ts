import type { Executor } from '../../db/executor.js';
import { BY_POINTS, type OrderColumn, type RankingOrder } from './order.js';
import { TOTAL_COLUMNS } from './recount-repository.js';
import type { StandingRow } from './standing.js';
import type { CountedBallot } from './topic-ballots.js';

/** The columns of a ranking row: a proposition and its running totals. */
export interface RankingRow {
  id: number;
  name: string;
  total_points: number;
  vote_count: number;
  first_count: number;
  second_count: number;
  third_count: number;
  /**
   * Not a column: the weighted average of the proposition's standing (standing.ts), set in memory before
   * an ordering by average sorts the rows. Absent on rows read for the database's own sort.
   */
  weighted_average?: number | null;
}

const RANKING_COLUMNS = ['id', 'name', ...TOTAL_COLUMNS] as const;

/** Anything Kysely sorts with `orderBy(column, direction)`: a query, or a window's OVER clause. */
interface Sortable<Self> {
  orderBy(column: OrderColumn['column'], direction: OrderColumn['direction']): Self;
}

/** The ordering's ORDER BY, column after column: the one place an ordering becomes SQL. */
function sortedBy<Builder extends Sortable<Builder>>(builder: Builder, order: RankingOrder): Builder {
  return order.columns.reduce((sorted, { column, direction }) => sorted.orderBy(column, direction), builder);
}

/**
 * The reads of rankings: propositions in the order of a `RankingOrder`, from their running totals
 * (a ballot moves them, votes/repository.ts), and their topic's voter count. The default order reads
 * the propositions_ranking index.
 */
export class RankingsRepository {
  constructor(private readonly db: Executor) {}

  /** The two columns a ranking needs of its topic (kept narrow: this runs on every ranking read). */
  topic(id: number, options: { includeInactive?: boolean } = {}) {
    let query = this.db.selectFrom('topics').select(['id', 'vote_count']).where('id', '=', id);
    if (!options.includeInactive) query = query.where('is_active', '=', 1);
    return query.executeTakeFirst();
  }

  /** The first `limit` propositions of a topic in `order`. */
  ranking(topicId: number, limit: number, order: RankingOrder): Promise<RankingRow[]> {
    const query = this.db
      .selectFrom('propositions')
      .select(RANKING_COLUMNS)
      .where('topic_id', '=', topicId)
      .where('listed_at', 'is not', null);
    return sortedBy(query, order).limit(limit).execute();
  }

  /**
   * Every listed proposition of the topic, with when it was listed: what its standing needs. In the
   * default order, which an ordering that reads the standing then sorts in memory.
   */
  standingRows(topicId: number): Promise<StandingRow[]> {
    const query = this.db
      .selectFrom('propositions')
      .select([...RANKING_COLUMNS, 'listed_at'])
      .where('topic_id', '=', topicId)
      .where('listed_at', 'is not', null)
      .$narrowType<{ listed_at: string }>();
    return sortedBy(query, BY_POINTS).execute();
  }

  /** The topic's counted ballots that hold a place: when their voter cast them, and their current places. */
  async countedBallots(topicId: number): Promise<CountedBallot[]> {
    // One range of the index ballots_standing (migration 0021): no ballot or version row is read.
    const rows = await this.db
      .selectFrom('ballots')
      .select(['id', 'voted_at', 'first_id', 'second_id', 'third_id'])
      .where('topic_id', '=', topicId)
      .where('state', '=', 'counted')
      .where((eb) =>
        eb.or([
          eb('first_id', 'is not', null),
          eb('second_id', 'is not', null),
          eb('third_id', 'is not', null),
        ]),
      )
      .execute();
    return rows.map((row) => ({
      id: row.id,
      castAt: row.voted_at,
      places: { first: row.first_id, second: row.second_id, third: row.third_id },
    }));
  }

  /**
   * The podium of each of these topics: its (at most) three propositions with points, in `order`, for a
   * hub page's sub-topics in one query.
   */
  podiums(topicIds: readonly number[], order: RankingOrder): Promise<Map<number, RankingRow[]>> {
    return this.leaders(topicIds, order, 3);
  }

  /**
   * The first `count` rows (propositions with points) of each of these topics' rankings, in `order`, in
   * one query: hub podiums, and the top tens "rising this week" compares (rank them with `rankRows`).
   */
  async leaders(
    topicIds: readonly number[],
    order: RankingOrder,
    count: number,
  ): Promise<Map<number, RankingRow[]>> {
    const podiums = new Map<number, RankingRow[]>();
    if (topicIds.length === 0) return podiums;
    const rows = await this.db
      .selectFrom((from) =>
        from
          .selectFrom('propositions')
          .select((eb) => [
            'topic_id',
            ...RANKING_COLUMNS,
            eb.fn
              .agg<number>('row_number')
              .over((over) => sortedBy(over.partitionBy('topic_id'), order))
              .as('place'),
          ])
          .where('topic_id', 'in', [...topicIds])
          .where('listed_at', 'is not', null)
          .where('total_points', '>', 0)
          .as('ranked'),
      )
      .selectAll()
      .where('place', '<=', count)
      .orderBy('topic_id')
      .orderBy('place')
      .execute();
    for (const { topic_id, place: _place, ...row } of rows) {
      const podium = podiums.get(topic_id);
      if (podium) podium.push(row);
      else podiums.set(topic_id, [row]);
    }
    return podiums;
  }
}
