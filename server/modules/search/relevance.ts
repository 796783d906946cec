import type { SearchResponseDto } from '../../../common/api/search.js';
import type { PopularTopicsData } from '../../../common/api/topics.js';
import { LANGUAGES, type Language } from '../../../common/constants.js';
import { RELEVANCE_KINDS, RELEVANCE_SET, type RelevanceCase, type RelevanceKind } from './relevance-set.js';

/**
 * Runs the relevance set (relevance-set.ts) against a search engine: Podium's full search over HTTP
 * here, MiniSearch in the bench (bench/lib/relevance.ts). The test and the bench share this code, so
 * they count hits the same way.
 */

/** How many topic results a case looks at. */
export const RELEVANCE_DEPTH = 3;

/** A topic result and the score its engine sorted it by. */
export interface RankedTopic {
  id: number;
  score: number;
}

/** The topics a search returns for a query, best first. */
export type TopicSearch = (query: string, language: Language) => Promise<RankedTopic[]>;

export interface TopicTexts {
  title: string;
  description: string;
  category: string;
  tags: string[];
}

/** One topic of the served catalogue, with its texts as each language's visitor reads them. */
export interface CatalogueTopic {
  id: number;
  englishTitle: string;
  texts: Record<Language, TopicTexts>;
}

export interface CaseOutcome {
  case: RelevanceCase;
  hit: boolean;
  /** English titles of the first RELEVANCE_DEPTH topic results, in the engine's order. */
  top: string[];
}

export interface HitRate {
  hits: number;
  total: number;
  rate: number;
}

export interface RelevanceReport {
  outcomes: CaseOutcome[];
  overall: HitRate;
  byKind: Record<RelevanceKind, HitRate>;
  byLanguage: Record<Language, HitRate>;
}

async function getData<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (response.status !== 200) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** Every active topic of a running server, read through the public popular list in each language. */
export async function loadCatalogue(baseUrl: string): Promise<CatalogueTopic[]> {
  const byId = new Map<number, Partial<Record<Language, TopicTexts>>>();
  for (const language of LANGUAGES) {
    for (let offset = 0; ; offset += 100) {
      const page = await getData<PopularTopicsData>(
        baseUrl,
        `/api/topics/popular/${language}?limit=100&offset=${offset}`,
      );
      for (const topic of page.topics) {
        const texts = byId.get(topic.id) ?? {};
        texts[language] = {
          title: topic.title,
          description: topic.description ?? '',
          category: topic.category.name,
          tags: topic.tags.map((tag) => tag.name),
        };
        byId.set(topic.id, texts);
      }
      if (!page.hasMore) break;
    }
  }
  return [...byId].map(([id, texts]) => {
    const missing = LANGUAGES.filter((language) => !texts[language]);
    if (missing.length > 0) throw new Error(`Topic ${id} missing from the ${missing.join(', ')} lists`);
    const complete = texts as Record<Language, TopicTexts>;
    return { id, englishTitle: complete.en.title, texts: complete };
  });
}

/** Podium's full search (GET /api/search/smart), its topic results only. */
export function podiumSearch(baseUrl: string): TopicSearch {
  return async (query, language) => {
    const data = await getData<SearchResponseDto>(
      baseUrl,
      `/api/search/smart?${new URLSearchParams({ q: query, lang: language })}`,
    );
    return data.suggestions
      .filter((result) => result.type === 'topic')
      .map((result) => ({ id: result.id, score: result.score + result.relevance }));
  };
}

/**
 * True when an expected topic is in the top RELEVANCE_DEPTH even if every tie went against it: fewer
 * than RELEVANCE_DEPTH other topics score as much. A topic tied with ten others is not found, whatever
 * order the engine happened to break the tie in (Podium's full search ties many results at one score).
 */
function earnsTopPlace(results: readonly RankedTopic[], isExpected: (id: number) => boolean): boolean {
  return results.some(
    (candidate) =>
      isExpected(candidate.id) &&
      results.filter((other) => !isExpected(other.id) && other.score >= candidate.score).length <
        RELEVANCE_DEPTH,
  );
}

function rate(outcomes: CaseOutcome[]): HitRate {
  const hits = outcomes.filter((outcome) => outcome.hit).length;
  return { hits, total: outcomes.length, rate: outcomes.length === 0 ? 0 : hits / outcomes.length };
}

/** Runs every case one after the other and counts the hits at RELEVANCE_DEPTH, ties counted against. */
export async function runRelevanceSet(
  search: TopicSearch,
  catalogue: readonly CatalogueTopic[],
  cases: readonly RelevanceCase[] = RELEVANCE_SET,
): Promise<RelevanceReport> {
  const titleOf = new Map(catalogue.map((topic) => [topic.id, topic.englishTitle]));
  const known = new Set(titleOf.values());
  const outcomes: CaseOutcome[] = [];
  for (const relevanceCase of cases) {
    // A misspelt expectation would count as a miss forever: refuse it instead.
    const unknown = relevanceCase.expected.filter((title) => !known.has(title));
    if (unknown.length > 0)
      throw new Error(`"${relevanceCase.query}" expects topics not in the catalogue: ${unknown.join(', ')}`);
    const results = await search(relevanceCase.query, relevanceCase.language);
    const isExpected = (id: number) => relevanceCase.expected.includes(titleOf.get(id) ?? '');
    const top = results.slice(0, RELEVANCE_DEPTH).map(({ id }) => titleOf.get(id) ?? `#${id}`);
    outcomes.push({ case: relevanceCase, hit: earnsTopPlace(results, isExpected), top });
  }
  return {
    outcomes,
    overall: rate(outcomes),
    byKind: Object.fromEntries(
      RELEVANCE_KINDS.map((kind) => [kind, rate(outcomes.filter((o) => o.case.kind === kind))]),
    ) as Record<RelevanceKind, HitRate>,
    byLanguage: Object.fromEntries(
      LANGUAGES.map((language) => [language, rate(outcomes.filter((o) => o.case.language === language))]),
    ) as Record<Language, HitRate>,
  };
}

export const percent = (hitRate: HitRate): string => `${(hitRate.rate * 100).toFixed(1)}%`;

/** One line per miss: the query, its language and kind, what came first instead. */
export function describeMisses(report: RelevanceReport): string {
  return report.outcomes
    .filter((outcome) => !outcome.hit)
    .map(
      ({ case: missed, top }) =>
        `[${missed.language}] "${missed.query}" (${missed.kind}): top ${top.length ? top.join(' | ') : 'nothing'}`,
    )
    .join('\n');
}
