import type { SearchResultType, SearchSuggestionDto } from '../../../common/api/search.js';
import {
  type CandidateScore,
  type ParsedQuery,
  relevanceOf,
  type ScoreOptions,
  scoreCandidate,
} from '../../../common/search/index.js';
import type { CatalogueView, TopicDoc } from './snapshot.js';

/** A scored result; its answer is built only if it makes the cut. */
export interface ScoredResult {
  type: SearchResultType;
  id: number;
  title: string;
  score: number;
  relevance?: number;
  /** Breaks ties of score (rankResults). */
  voteCount: number;
  /** Every query word matched (rankResults puts these first). */
  complete: boolean;
  /** Every matched word matched in the visitor's language. */
  inOwnLanguage: boolean;
  isMainTopic: boolean;
  /** `subTopicCount`: a main topic's active sub-topics, read for the results kept only. */
  build: (subTopicCount: number) => SearchSuggestionDto;
}

/** How a topic matches a query: its texts and the index decide it, votes do not. */
export interface TopicMatch {
  doc: TopicDoc;
  /** Undefined without a query (a filter only): the topic is listed unscored. */
  match: CandidateScore | undefined;
}

const UNSCORED: CandidateScore = {
  score: 0,
  matchedWords: [],
  matchLabel: 'none',
  complete: false,
  inOwnLanguage: true,
};

/** Scores a topic against a query, in the visitor's language and, failing that, in any other. */
export function matchTopic(doc: TopicDoc, parsed: ParsedQuery, options: ScoreOptions): TopicMatch {
  return { doc, match: scoreCandidate(parsed, doc.prepared, { ...options, other: doc.everyLanguage }) };
}

/** A topic as a result, with its current vote count. */
export function topicResult({ doc, match = UNSCORED }: TopicMatch, voteCount: number): ScoredResult {
  const { id, title, description, category, tags, isMainTopic } = doc;
  const scored = match !== UNSCORED;
  const result: ScoredResult = {
    type: 'topic',
    id,
    title,
    score: match.score,
    voteCount,
    complete: match.complete,
    inOwnLanguage: match.inOwnLanguage,
    isMainTopic,
    build: (subTopicCount) => ({
      type: 'topic',
      id,
      title,
      description,
      slug: doc.slug,
      tags: tags.map((tag) => ({ name: tag.name, slug: tag.slug, type: tag.type })),
      categoryName: category?.name ?? null,
      parentCategoryName: category?.parentName ?? null,
      voteCount,
      isMainTopic,
      subTopicCount: isMainTopic ? subTopicCount : 0,
      relevance: relevanceOf(result),
      score: match.score,
      searchMatch: scored ? match.matchLabel : 'filter',
      matchedWords: match.matchedWords,
    }),
  };
  return result;
}

/** Categories, subcategories and tags that the query finds. */
export function catalogueResults(
  view: CatalogueView,
  parsed: ParsedQuery,
  options: ScoreOptions,
): ScoredResult[] {
  const results: ScoredResult[] = [];
  const add = (
    entry: Pick<CatalogueView['tags'][number], 'id' | 'name' | 'slug' | 'prepared' | 'everyLanguage'>,
    type: SearchResultType,
    shown: Pick<SearchSuggestionDto, 'tags' | 'categoryName' | 'parentCategoryName'>,
  ) => {
    const match = scoreCandidate(parsed, entry.prepared, { ...options, other: entry.everyLanguage });
    if (match.score <= 0) return;
    const result: ScoredResult = {
      type,
      id: entry.id,
      title: entry.name,
      score: match.score,
      voteCount: 0,
      complete: match.complete,
      inOwnLanguage: match.inOwnLanguage,
      isMainTopic: false,
      build: () => ({
        type,
        id: entry.id,
        title: entry.name,
        description: null,
        slug: entry.slug,
        ...shown,
        voteCount: 0,
        isMainTopic: false,
        subTopicCount: 0,
        relevance: relevanceOf(result),
        score: match.score,
        searchMatch: match.matchLabel,
        matchedWords: match.matchedWords,
      }),
    };
    results.push(result);
  };
  for (const category of view.categories) {
    if (category.isSystem) continue;
    add(category, category.prepared.candidate.type as 'category' | 'subcategory', {
      tags: [],
      categoryName: category.name,
      parentCategoryName: category.parentName,
    });
  }
  for (const tag of view.tags) {
    add(tag, 'tag', {
      tags: [{ name: tag.name, slug: tag.slug, type: tag.type }],
      categoryName: tag.categoryName,
      parentCategoryName: null,
    });
  }
  return results;
}
