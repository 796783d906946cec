/** The budgets `npm run bench` enforces; the README's Performance section quotes them. */
export const BUDGETS = {
  /**
   * Popular topics, one topic and ranking: requests/s as a share of the trivial baseline's (a
   * constant document of the same size), at 10 connections.
   */
  minRatioToTrivial: 0.5,
  /** p99 of those three routes at 10 connections, in ms. */
  maxReadP99Ms: 25,
  /** Single-client p95 of /api/search/smart over the 50-query mix, in ms. */
  maxSearchP95Ms: 10,
  /** The same over queries the server has not been asked before (issue 41), in ms. */
  maxUnseenSearchP95Ms: 10,
  /** The first search a server answers after its start, before anything else has asked it anything (issue 41), in ms. */
  maxFirstSearchMs: 50,
  /**
   * Votes saved per second at 10 connections, counted as the data model counts them: one row per
   * place, so a top-3 ballot saves three (the bench prints ballots/s beside it).
   */
  minVotesPerSecond: { sqlite: 3000, postgres: 1000 },
  /** Failed requests allowed in the 60 s mixed workload. */
  maxMixedErrors: 0,
  maxFirstLoadKb: 130,
  /** Lighthouse mobile, median of three runs, on the pages the bench opens (issue 23). */
  minLighthouse: { performance: 0.98, accessibility: 1, seo: 1 },
} as const;
