import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/constants.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import {
  describeMisses,
  loadCatalogue,
  percent,
  podiumSearch,
  type RelevanceReport,
  runRelevanceSet,
} from './relevance.js';
import { RELEVANCE_KINDS, RELEVANCE_SET } from './relevance-set.js';

/**
 * The hit@3 on the relevance set, rounded down to the percent: 67 of 122 (54.9%) before issue 22's
 * retrieval, 114 of 122 (93.4%) after it, 121 of 122 (99.2%) once two edits reach long words from
 * 5 typed letters and a qualifier naming a tag counts, on both databases (2026-11-24). Raise it with
 * every retrieval change that finds more; never lower it.
 */
const HIT_AT_3_FLOOR = 0.99;

/**
 * The queries quoted in issue 22, split by whether the full search finds them. The retrieval work
 * moves a query from the second list to the first as it gets found.
 */
const ISSUE_QUERIES_FOUND: readonly string[] = [
  'piza',
  'croisant',
  'hamburgr',
  'shnitzel',
  'paela',
  'churos',
  'tappas',
  'piza paris',
  'coffee berlin',
  'kaffee hamburg',
  'tapas barcelona',
  'schnitz',
];
const ISSUE_QUERIES_NOT_FOUND_YET: readonly string[] = [];

let server: TestServer;
let report: RelevanceReport;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  report = await runRelevanceSet(podiumSearch(server.baseUrl), await loadCatalogue(server.baseUrl));
}, 120_000);
afterAll(() => server?.close());

const outcomeOf = (query: string) => {
  const outcome = report.outcomes.find((o) => o.case.fromIssue && o.case.query === query);
  if (!outcome) throw new Error(`"${query}" is not an issue query of the relevance set`);
  return outcome;
};

describe('the relevance set', () => {
  it('holds at least 80 queries, in every interface language and of every kind', () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(80);
    for (const language of LANGUAGES)
      expect(RELEVANCE_SET.filter((c) => c.language === language).length).toBeGreaterThanOrEqual(20);
    for (const kind of RELEVANCE_KINDS) expect(RELEVANCE_SET.some((c) => c.kind === kind)).toBe(true);
  });

  it('lists every issue query once, as found or as not found yet', () => {
    const issueQueries = RELEVANCE_SET.filter((c) => c.fromIssue).map((c) => c.query);
    expect([...ISSUE_QUERIES_FOUND, ...ISSUE_QUERIES_NOT_FOUND_YET].sort()).toEqual(issueQueries.sort());
  });
});

describe('full search on the demo catalogue', () => {
  it(`finds an expected topic in the top 3 for at least ${HIT_AT_3_FLOOR * 100}% of the relevance set`, () => {
    const misses = describeMisses(report);
    console.info(
      `hit@3 ${percent(report.overall)} (${report.overall.hits}/${report.overall.total}); misses:\n${misses}`,
    );
    expect(report.overall.rate, misses).toBeGreaterThanOrEqual(HIT_AT_3_FLOOR);
  });

  for (const query of ISSUE_QUERIES_FOUND) {
    it(`finds the topic meant by the issue query "${query}" in the top 3`, () => {
      const outcome = outcomeOf(query);
      expect(outcome.hit, `top: ${outcome.top.join(' | ')}`).toBe(true);
    });
  }
  for (const query of ISSUE_QUERIES_NOT_FOUND_YET)
    it.todo(`finds the topic meant by the issue query "${query}" in the top 3`);
});
