import { describe, expect, it } from 'vitest';
import { rankTrend } from './rank-trend.js';

const days = (filled: Record<number, number>) => Array.from({ length: 90 }, (_, i) => filled[i] ?? null);

describe('rankTrend', () => {
  it('compares with a month ago when the proposition was ranked then', () => {
    expect(rankTrend(days({ 60: 3, 89: 1 }), 1)).toEqual({ kind: 'then', rank: 3, daysAgo: 30 });
  });

  it('falls back to the first day it entered the top 10 since, then to the last day before', () => {
    expect(rankTrend(days({ 78: 5 }), 2)).toEqual({ kind: 'then', rank: 5, daysAgo: 12 });
    expect(rankTrend(days({ 10: 7 }), 2)).toEqual({ kind: 'then', rank: 7, daysAgo: 80 });
  });

  it('calls a proposition in the top 10 today with no history new, and says nothing beyond the top 10', () => {
    expect(rankTrend(undefined, 4)).toEqual({ kind: 'new' });
    expect(rankTrend(days({}), 12)).toEqual({ kind: 'none' });
  });
});
