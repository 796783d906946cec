/**
 * The figures the methodology page states, as the server computes with them: the prior's weight in
 * ballots (m, PRIOR_BALLOTS in server/modules/rankings/confidence.ts), the interval's level, and how many
 * of a ranking's first propositions its duels cover (HEAD_TO_HEAD_SIZE, service.ts). The web cannot
 * import the server's code: server/web/methodology-page.test.ts holds them equal.
 */
export const METHODOLOGY_FIGURES = { ballots: 5, percent: 90, shown: 10 } as const;
