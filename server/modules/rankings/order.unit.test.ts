import { describe, expect, it } from 'vitest';
import { BY_POINTS, orderByColumns, rankRows } from './order.js';
import type { RankingRow } from './repository.js';

let nextId = 1;
/** A proposition with these points and voters (its places do not decide anything here). */
function row(name: string, points: number, voters: number): RankingRow {
  return {
    id: nextId++,
    name,
    total_points: points,
    vote_count: voters,
    first_count: 0,
    second_count: 0,
    third_count: 0,
  };
}

/** The rows sorted as the database would, then ranked: what a reader sees, as `name rank`. */
const ranked = (rows: RankingRow[]) =>
  rankRows([...rows].sort(BY_POINTS.compare), BY_POINTS).map(({ row, rank }) => `${row.name} ${rank}`);

describe('the competition rank of the ranking by points', () => {
  it('numbers rows without ties 1, 2, 3', () => {
    expect(ranked([row('c', 1, 1), row('a', 9, 3), row('b', 5, 2)])).toEqual(['a 1', 'b 2', 'c 3']);
  });

  it('gives two rows tied at the top the first rank, and the next row the third', () => {
    expect(ranked([row('b', 6, 2), row('a', 6, 2), row('c', 3, 1)])).toEqual(['a 1', 'b 1', 'c 3']);
  });

  it('gives rows tied in the middle one rank and skips the places they take (1, 2, 2, 4)', () => {
    expect(ranked([row('a', 9, 3), row('c', 5, 2), row('b', 5, 2), row('d', 2, 1)])).toEqual([
      'a 1',
      'b 2',
      'c 2',
      'd 4',
    ]);
  });

  it('gives rows tied at the end one rank', () => {
    expect(ranked([row('a', 9, 3), row('b', 5, 2), row('d', 1, 1), row('c', 1, 1)])).toEqual([
      'a 1',
      'b 2',
      'c 3',
      'd 3',
    ]);
  });

  it('gives every row the first rank when all are tied', () => {
    expect(ranked([row('c', 3, 1), row('a', 3, 1), row('b', 3, 1)])).toEqual(['a 1', 'b 1', 'c 1']);
  });

  it('does not tie rows equal on points but not on voters: more voters rank first', () => {
    expect(ranked([row('a', 6, 2), row('b', 6, 3)])).toEqual(['b 1', 'a 2']);
  });

  it('ranks nothing in an empty ranking', () => {
    expect(rankRows([], BY_POINTS)).toEqual([]);
  });

  it('ranks the first rows of a ranking as it ranks them in the whole (a limited page is exact)', () => {
    const rows = [row('a', 9, 3), row('b', 5, 2), row('c', 5, 2), row('d', 5, 2), row('e', 1, 1)];
    const whole = rankRows(rows, BY_POINTS).map(({ rank }) => rank);
    for (let limit = 0; limit <= rows.length; limit++)
      expect(rankRows(rows.slice(0, limit), BY_POINTS).map(({ rank }) => rank)).toEqual(
        whole.slice(0, limit),
      );
  });

  it('ranks by another ordering of the same rows alike (one more value, not a copy of the read)', () => {
    const byFirstPlaces = orderByColumns(
      'first-places',
      [{ column: 'first_count', direction: 'desc' }],
      [{ column: 'name', direction: 'asc' }],
    );
    const rows = [
      { ...row('a', 9, 3), first_count: 1 },
      { ...row('b', 3, 1), first_count: 1 },
      { ...row('c', 6, 2), first_count: 2 },
    ];
    const sorted = [...rows].sort(byFirstPlaces.compare);
    expect(rankRows(sorted, byFirstPlaces).map(({ row, rank }) => `${row.name} ${rank}`)).toEqual([
      'c 1',
      'a 2',
      'b 2',
    ]);
  });
});
