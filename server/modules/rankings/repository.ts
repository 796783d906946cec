import type { Executor } from '../../db/executor.js';
import type { OrderColumn, RankingOrder } from './order.js';
import { TOTAL_COLUMNS } from './recount-repository.js';

/** The columns of a ranking row: a proposition and its running totals. */
export interface RankingRow {
  id: number;
  name: string;
  total_points: number;
  vote_count: number;
  first_count: number;
  second_count: number;
  third_count: number;
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
    const query = this.db.selectFrom('propositions').select(RANKING_COLUMNS).where('topic_id', '=', topicId);
    return sortedBy(query, order).limit(limit).execute();
  }

  /**
   * The podium of each of these topics: its (at most) three propositions with points, in `order`, for a
   * hub page's sub-topics in one query.
   */
  async podiums(topicIds: readonly number[], order: RankingOrder): Promise<Map<number, RankingRow[]>> {
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
          .where('total_points', '>', 0)
          .as('ranked'),
      )
      .selectAll()
      .where('place', '<=', 3)
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
