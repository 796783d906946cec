import { type Confidence, confidenceOf, type EligibleTallies, topicPrior } from './confidence.js';
import type { HeadToHead } from './head-to-head.js';
import type { RankingRow } from './repository.js';

/** A ranking row with when its proposition was listed: what eligibility needs of it. */
export interface StandingRow extends RankingRow {
  listed_at: string;
}

/** How a topic's propositions stand beyond their points (issue 33): all of it a function of the ballots. */
export interface Standing {
  /** Per proposition: counted ballots cast while it was listed, and those that name it (cast before, as a proposal). */
  eligibleBallots: Map<number, number>;
  /** Per proposition: weighted average points per eligible ballot and its 90% interval. */
  confidence: Map<number, Confidence>;
  headToHead: HeadToHead;
}

/**
 * Everything a ranking shows beside the totals: each proposition's eligible ballots (those cast at or
 * after its listing, and those that name it) and confidence from its tallies, and the head-to-head matrix, from the topic's
 * propositions and its counted ballots (all of them, or a time window's: `rows` then hold the window's tallies).
 */
export function standingOf(
  rows: readonly StandingRow[],
  ballots: { eligibleFor(id: number, listedAt: string): number },
  headToHead: HeadToHead,
): Standing {
  const eligibleBallots = new Map(rows.map((row) => [row.id, ballots.eligibleFor(row.id, row.listed_at)]));
  const tallies = rows.map(
    (row): EligibleTallies => ({
      firstCount: Number(row.first_count),
      secondCount: Number(row.second_count),
      thirdCount: Number(row.third_count),
      eligibleBallots: eligibleBallots.get(row.id) as number,
    }),
  );
  const prior = topicPrior(tallies);
  const confidence = new Map<number, Confidence>();
  if (prior) {
    for (const [index, row] of rows.entries()) {
      confidence.set(row.id, confidenceOf(tallies[index] as EligibleTallies, prior));
    }
  }
  return { eligibleBallots, confidence, headToHead };
}
