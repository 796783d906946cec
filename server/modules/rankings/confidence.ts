/**
 * How sure a ranking can be of a proposition's standing (issue 33, docs/methodology in four languages):
 * its average points per eligible ballot, shrunk toward the topic's mean as IMDb's weighted rating does,
 * and a 90% interval around it. Pure arithmetic over the tallies the ranking already has and the number
 * of eligible ballots (the counted ballots cast while the proposition existed).
 *
 * The model: each eligible ballot gives the proposition 3, 2, 1 or 0 points. The shares of those four
 * outcomes get a Dirichlet prior worth PRIOR_BALLOTS ballots that score as the topic does on average;
 * the posterior mean of the points is then exactly IMDb's WR = n/(n+m)·R + m/(n+m)·C, and its spread
 * gives the interval (normal approximation, clipped to 0..3).
 */

/** A proposition's tallies over its eligible ballots: how many gave it 3, 2 and 1 points, of how many. */
export interface EligibleTallies {
  firstCount: number;
  secondCount: number;
  thirdCount: number;
  /** Counted ballots cast while the proposition existed; those that did not name it gave it 0. */
  eligibleBallots: number;
}

/** The weighted average of a proposition's points per eligible ballot, and its 90% interval. */
export interface Confidence {
  average: number;
  low: number;
  high: number;
}

/**
 * The prior's weight, in ballots: a proposition needs about this many eligible ballots before its own
 * average counts as much as the topic's. Small, because a topic's ballots are counted in tens to
 * thousands, not IMDb's hundreds of thousands; large enough that one ballot of 3 points does not put a
 * newcomer at the top of "by average".
 */
export const PRIOR_BALLOTS = 5;

/** z for a two-sided 90% interval. */
const Z_90 = 1.6449;

const OUTCOME_POINTS: readonly number[] = [3, 2, 1, 0];

/** The four outcome counts of a proposition: 3, 2, 1 and 0 points. */
function outcomes(tallies: EligibleTallies): [number, number, number, number] {
  const named = tallies.firstCount + tallies.secondCount + tallies.thirdCount;
  return [
    tallies.firstCount,
    tallies.secondCount,
    tallies.thirdCount,
    Math.max(0, tallies.eligibleBallots - named),
  ];
}

/**
 * The topic's prior: the share of each outcome over every proposition's eligible ballots (C, the mean
 * points per proposition per eligible ballot, is its mean). Undefined for a topic without an eligible ballot.
 */
export function topicPrior(rows: readonly EligibleTallies[]): readonly number[] | undefined {
  const sums = [0, 0, 0, 0];
  for (const row of rows) {
    for (const [index, count] of outcomes(row).entries()) sums[index] = (sums[index] as number) + count;
  }
  const total = sums.reduce((a, b) => a + b, 0);
  return total === 0 ? undefined : sums.map((count) => count / total);
}

/** The topic's mean points per proposition per eligible ballot (C), from its prior. */
export function priorMean(prior: readonly number[]): number {
  return OUTCOME_POINTS.reduce((sum, points, index) => sum + points * (prior[index] as number), 0);
}

/**
 * A proposition's weighted average and 90% interval, given the topic's prior (topicPrior). With no
 * eligible ballot of its own it is the topic's mean, with the prior's width.
 */
export function confidenceOf(
  tallies: EligibleTallies,
  prior: readonly number[],
  weight = PRIOR_BALLOTS,
): Confidence {
  const alphas = outcomes(tallies).map((count, index) => count + weight * (prior[index] as number));
  const total = alphas.reduce((a, b) => a + b, 0);
  const mean = OUTCOME_POINTS.reduce(
    (sum, points, index) => sum + (points * (alphas[index] as number)) / total,
    0,
  );
  const meanOfSquares = OUTCOME_POINTS.reduce(
    (sum, points, index) => sum + (points * points * (alphas[index] as number)) / total,
    0,
  );
  // The variance of a Dirichlet mixture's mean: the outcome variance over (total + 1).
  const spread = Z_90 * Math.sqrt(Math.max(0, meanOfSquares - mean * mean) / (total + 1));
  return {
    average: round(mean),
    low: round(Math.max(0, mean - spread)),
    high: round(Math.min(3, mean + spread)),
  };
}

/** Figures travel with four decimals: enough to order by, few enough to read and to compare in tests. */
function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
