import type { RankingOrderId } from '../../../common/rankings/orders.js';
import type { RankingRow } from './repository.js';

/** A column of a proposition's ranking row, and which way the ranking reads it. */
export interface OrderColumn {
  column: keyof RankingRow;
  direction: 'asc' | 'desc';
}

/**
 * One way to order a topic's propositions. Every ordering is one of these over the same rows and
 * tallies: the database sorts by `columns` (repository.ts turns them into its ORDER BY clauses), and
 * `rankRows` numbers the sorted rows with `sameRank`. The next orderings (by average, by time window)
 * are one more value of this type beside `BY_POINTS`, never a copy of the read.
 */
export interface RankingOrder {
  /** Names the ordering where several are offered (an address, a cache key). */
  readonly id: string;
  /** The database's sort: the columns that decide the rank, then those that only fix the display order. */
  readonly columns: readonly OrderColumn[];
  /** Sorts rows in memory as the database does (`columns`; names by code point, as SQLite and the C collation). */
  compare(a: RankingRow, b: RankingRow): number;
  /** Whether two rows share a rank: equal on every column that decides it. */
  sameRank(a: RankingRow, b: RankingRow): boolean;
}

function compareBy(columns: readonly OrderColumn[]) {
  return (a: RankingRow, b: RankingRow): number => {
    for (const { column, direction } of columns) {
      // An absent average (a topic without ballots) sorts as no average at all, below any figure.
      const x = a[column] ?? -1;
      const y = b[column] ?? -1;
      if (x === y) continue;
      return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    return 0;
  };
}

/**
 * An ordering by columns alone: rows equal on `rankBy` share a rank, and `thenBy` places them one after
 * the other for display (and a stable page boundary) without giving one a better rank.
 */
export function orderByColumns(
  id: string,
  rankBy: readonly OrderColumn[],
  thenBy: readonly OrderColumn[],
): RankingOrder {
  const byRank = compareBy(rankBy);
  return {
    id,
    columns: [...rankBy, ...thenBy],
    compare: compareBy([...rankBy, ...thenBy]),
    sameRank: (a, b) => byRank(a, b) === 0,
  };
}

/**
 * The ranking of SPEC.md: most points first, then most voters (a proposition many people placed beats
 * one a few placed high); equal on both, two propositions share a rank and read by name.
 */
export const BY_POINTS = orderByColumns(
  'points',
  [
    { column: 'total_points', direction: 'desc' },
    { column: 'vote_count', direction: 'desc' },
  ],
  [
    { column: 'name', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
);

/**
 * Highest weighted average points per eligible ballot first (confidence.ts: a proposition's own average
 * shrunk toward the topic's, so a newcomer with one 3-point ballot does not lead), then as BY_POINTS.
 * Read in memory: the average is not a column (the rows carry it from their standing).
 */
export const BY_AVERAGE = orderByColumns(
  'average',
  [
    { column: 'weighted_average', direction: 'desc' },
    { column: 'total_points', direction: 'desc' },
    { column: 'vote_count', direction: 'desc' },
  ],
  [
    { column: 'name', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
);

/** The orderings a reader may ask for, by their id (the ranking route's `order`, the topic page's address). */
export const RANKING_ORDERS: Readonly<Record<RankingOrderId, RankingOrder>> = {
  points: BY_POINTS,
  average: BY_AVERAGE,
};

/**
 * Each row of `rows` (sorted by `order`) with its competition rank: rows that share a rank get the same
 * number, and the next row the number of its position (1, 2, 2, 4).
 *
 * A row's rank depends only on the rows above it, so the first rows of a ranking (any `limit`) are
 * ranked exactly. A page that started at an offset (the ranking route has none today) would need its
 * first row's rank from the database: 1 + the rows ahead of it on the rank columns (a count of rows
 * greater on (total_points, vote_count), or SQL `rank() over (order by` those columns `)`), and would
 * go on from there as this loop does.
 */
export function rankRows<Row extends RankingRow>(
  rows: readonly Row[],
  order: RankingOrder,
): { row: Row; rank: number }[] {
  const ranked: { row: Row; rank: number }[] = [];
  for (const [index, row] of rows.entries()) {
    const above = ranked[index - 1];
    ranked.push({ row, rank: above && order.sameRank(above.row, row) ? above.rank : index + 1 });
  }
  return ranked;
}
