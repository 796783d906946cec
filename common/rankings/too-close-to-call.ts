/** A 90% interval of a proposition's average points per eligible ballot (server/modules/rankings/confidence.ts). */
export interface PointsInterval {
  low: number;
  high: number;
}

/**
 * Two neighbours in a ranking are too close to call when their intervals overlap: the ballots so far
 * cannot say which one is ahead. One rule for the server's tests and the topic page that marks them.
 */
export function tooCloseToCall(a: PointsInterval, b: PointsInterval): boolean {
  return a.low <= b.high && b.low <= a.high;
}
