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
/** Topics whose leaders one statement reads: well under SQLite's 500 parts of a compound SELECT. */
const LEADERS_PER_STATEMENT = 100;

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
   * The first `count` rows (propositions with points) of each of these topics' rankings, in `order`: hub
   * podiums, the top tens "rising this week" compares (rank them with `rankRows`), the podium checks of the
   * notifications. One bounded read per topic, joined by UNION ALL (up to LEADERS_PER_STATEMENT topics a
   * statement): in the default order each stops after `count` entries of propositions_ranking, where one
   * window over the topics read every proposition of each (5 times slower on the bench's 56 per topic).
   */
  async leaders(
    topicIds: readonly number[],
    order: RankingOrder,
    count: number,
  ): Promise<Map<number, RankingRow[]>> {
    const leaders = new Map<number, RankingRow[]>();
    const ids = [...new Set(topicIds)];
    for (let start = 0; start < ids.length; start += LEADERS_PER_STATEMENT) {
      const [first, ...others] = ids.slice(start, start + LEADERS_PER_STATEMENT).map((topicId, index) =>
        this.db
          .selectFrom((from) =>
            sortedBy(
              from
                .selectFrom('propositions')
                .select(['topic_id', ...RANKING_COLUMNS])
                .where('topic_id', '=', topicId)
                .where('listed_at', 'is not', null)
                .where('total_points', '>', 0),
              order,
            )
              .limit(count)
              .as(`leaders_${index}`),
          )
          .selectAll(),
      );
      if (!first) break;
      const rows = await others.reduce((union, query) => union.unionAll(query), first).execute();
      for (const { topic_id, ...row } of rows) {
        const topic = leaders.get(topic_id);
        if (topic) topic.push(row);
        else leaders.set(topic_id, [row]);
      }
    }
    // UNION ALL keeps no order of its own (PostgreSQL may interleave its parts).
    for (const rows of leaders.values()) rows.sort(order.compare);
    return leaders;
  }
}
