import type { SearchCategoryDto, SearchResponseDto, SearchTagListDto } from '../../../common/api/search.js';
import { type Language, LIMITS, MAX_SUGGESTIONS } from '../../../common/constants.js';
import {
  DID_YOU_MEAN_MAX,
  didYouMean,
  type ParsedQuery,
  parseQuery,
  rankResults,
  type ScoreOptions,
} from '../../../common/search/index.js';
import { foldText } from '../../../common/text/index.js';
import { candidateTopicIds, lookupsOf, type QueryWordLookups, type SearchMode } from './candidates.js';
import {
  catalogueResults,
  matchTopic,
  type ScoredResult,
  type TopicMatch,
  topicResult,
} from './presentation.js';
import type { SearchRepository } from './repository.js';
import type { QueryMatches, SearchSnapshot, SearchSnapshots } from './snapshot.js';
import type { SearchVocabulary } from './vocabulary.js';

export type { SearchMode } from './candidates.js';

export interface SearchParams {
  /** Already trimmed (the request schema does it). */
  q: string;
  language: Language;
  category?: string;
  tag?: string;
}

interface TopicFilter {
  categoryId?: number;
  tagId?: number;
}

/** Spelling corrections tried per search that found nothing; those that find something are offered. */
const CORRECTIONS_TRIED = 6;

/**
 * Search as a whole: candidates from the index (candidates.ts), query words expanded to their word
 * starts and typos against the process's vocabulary (vocabulary.ts), scored with SPEC 9's rules as
 * decision 007 extends them and presented in the visitor's language (presentation.ts), from the
 * per-version snapshot of the catalogue (snapshot.ts).
 */
export class SearchService {
  constructor(
    private readonly repository: SearchRepository,
    private readonly vocabulary: SearchVocabulary,
    private readonly snapshots: SearchSnapshots,
  ) {}

  /**
   * Loads what every search reads, the catalogue's snapshot and the index's vocabulary, before the server says
   * it is ready: otherwise the first search after a start paid for both (about 280 ms on the bench's
   * 2.6 million postings, issue 41) while a load balancer already sent it visitors.
   */
  async warm(): Promise<void> {
    await Promise.all([this.snapshots.current(), this.vocabulary.current()]);
  }

  async search(mode: SearchMode, params: SearchParams): Promise<SearchResponseDto> {
    const { q, language } = params;
    const snapshot = await this.snapshots.current();
    const filter = resolveFilter(snapshot, params);
    if (q.length < LIMITS.searchQueryMin) {
      if (filter === undefined) return { query: q, suggestions: [], didYouMean: [] };
      const ids = await this.filteredTopicIds(snapshot, filter);
      const docs = await snapshot.documents(ids, language);
      const unscored = ids.flatMap((id) => {
        const doc = docs.get(id);
        return doc ? [{ doc, match: undefined }] : [];
      });
      const topics = await this.withVotes(unscored);
      return { query: q, suggestions: await this.present(snapshot, topics), didYouMean: [] };
    }

    const parsed = parseQuery(q);
    const ranked = await this.ranked(snapshot, mode, parsed, language, filter);
    const suggestions = await this.present(snapshot, ranked);
    const corrections =
      suggestions.length === 0 && parsed.allWords.length > 0
        ? await this.correctionsThatFind(snapshot, mode, q, language, filter)
        : [];
    return { query: q, suggestions, didYouMean: corrections };
  }

  /** The results of a query, ranked, at most MAX_SUGGESTIONS. */
  private async ranked(
    snapshot: SearchSnapshot,
    mode: SearchMode,
    parsed: ParsedQuery,
    language: Language,
    filter: TopicFilter | undefined,
  ): Promise<ScoredResult[]> {
    const words = lookupsOf(parsed, mode, await this.vocabulary.current());
    const matches = await snapshot.matchesOf(JSON.stringify([language, parsed, words]), () =>
      this.matches(snapshot, parsed, words, language),
    );
    let results = await this.withVotes(matches.topics);
    if (filter !== undefined) {
      const allowed = new Set(await this.filteredTopicIds(snapshot, filter, Number.MAX_SAFE_INTEGER));
      results = results.filter((result) => allowed.has(result.id));
    } else {
      results.push(...matches.catalogue);
    }
    return rankResults(results, MAX_SUGGESTIONS);
  }

  /** What a query finds and how well, before votes: the index, texts and catalogue decide it. */
  private async matches(
    snapshot: SearchSnapshot,
    parsed: ParsedQuery,
    words: readonly QueryWordLookups[],
    language: Language,
  ): Promise<QueryMatches> {
    // Both modes read the last word as a word start (decision 007): "schnitz" finds "schnitzel".
    const options: ScoreOptions = {
      prefixLastWord: true,
      typos: new Map(parsed.keywords.map((keyword, index) => [keyword, words[index]?.typos ?? []])),
    };
    const ids = await candidateTopicIds(snapshot, this.repository, await this.vocabulary.current(), words);
    const docs = await snapshot.documents(ids, language);
    return {
      topics: ids.flatMap((id) => {
        const doc = docs.get(id);
        return doc ? [matchTopic(doc, parsed, options)] : [];
      }),
      catalogue: catalogueResults(snapshot.view(language), parsed, options),
    };
  }

  /**
   * Spelling corrections of a query that found nothing, kept only if they find something in the
   * visitor's language (every word of some result matched in its texts in that language): "crêpe"
   * is not corrected to the English "cream" for a French visitor.
   */
  private async correctionsThatFind(
    snapshot: SearchSnapshot,
    mode: SearchMode,
    q: string,
    language: Language,
    filter: TopicFilter | undefined,
  ): Promise<string[]> {
    const found: string[] = [];
    for (const correction of didYouMean(q, await snapshot.vocabulary(), CORRECTIONS_TRIED)) {
      if (found.length >= DID_YOU_MEAN_MAX) break;
      const results = await this.ranked(snapshot, mode, parseQuery(correction), language, filter);
      if (results.some((result) => result.complete && result.inOwnLanguage)) found.push(correction);
    }
    return found;
  }

  async categories(language: Language, q?: string): Promise<SearchCategoryDto[]> {
    const view = (await this.snapshots.current()).view(language);
    const needle = foldText(q ?? '');
    return view.categories
      .filter((category) => !category.isSystem)
      .filter((category) => needle === '' || category.prepared.text.includes(needle))
      .sort((a, b) => a.name.localeCompare(b.name, language))
      .map((category) => ({
        id: category.id,
        name: category.name,
        slug: category.slug,
        ...(category.parentName !== null && { parentName: category.parentName }),
      }));
  }

  async tags(language: Language, q?: string): Promise<SearchTagListDto[]> {
    const view = (await this.snapshots.current()).view(language);
    const needle = foldText(q ?? '');
    return view.tags
      .filter((tag) => needle === '' || tag.prepared.text.includes(needle))
      .sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name, language))
      .map((tag) => ({
        id: tag.id,
        name: tag.name,
        slug: tag.slug,
        type: tag.type,
        categoryId: tag.categoryId,
      }));
  }

  /** The answers of the results kept, with their main topics' sub-topic counts. */
  private async present(snapshot: SearchSnapshot, results: readonly ScoredResult[]) {
    const mainTopicIds = results.filter((result) => result.isMainTopic).map((result) => result.id);
    const subTopicCounts = await snapshot.activeSubTopicCounts(mainTopicIds);
    return results.map((result) => result.build(subTopicCounts.get(result.id) ?? 0));
  }

  /**
   * The matched topics that are active, as results with their vote counts, read fresh: they move with
   * every vote, and a topic deactivated since its match was remembered is left out.
   */
  private async withVotes(matches: readonly TopicMatch[]): Promise<ScoredResult[]> {
    const voteCounts = await this.repository.activeTopicVoteCounts(matches.map((found) => found.doc.id));
    return matches.flatMap((found) => {
      const voteCount = voteCounts.get(found.doc.id);
      return voteCount === undefined ? [] : [topicResult(found, voteCount)];
    });
  }

  private async filteredTopicIds(
    snapshot: SearchSnapshot,
    filter: TopicFilter,
    limit = MAX_SUGGESTIONS,
  ): Promise<number[]> {
    let ids: number[] | undefined;
    if (filter.categoryId !== undefined) {
      const categoryIds = [
        filter.categoryId,
        ...snapshot.rows.categories.filter((c) => c.parent_id === filter.categoryId).map((c) => c.id),
      ];
      ids = await this.repository.topicIdsInCategories(
        categoryIds,
        filter.tagId === undefined ? limit : Number.MAX_SAFE_INTEGER,
      );
    }
    if (filter.tagId !== undefined) {
      const tagged = await this.repository.topicIdsWithTag(
        filter.tagId,
        ids === undefined ? limit : Number.MAX_SAFE_INTEGER,
      );
      if (ids === undefined) ids = tagged;
      else {
        const inCategory = new Set(ids);
        ids = tagged.filter((id) => inCategory.has(id)).slice(0, limit);
      }
    }
    return ids ?? [];
  }
}

/** A category or tag filter by slug or by name in any language; an unknown one filters everything out. */
function resolveFilter(snapshot: SearchSnapshot, params: SearchParams): TopicFilter | undefined {
  if (!params.category && !params.tag) return undefined;
  const filter: TopicFilter = {};
  if (params.category) filter.categoryId = categoryIdOf(snapshot, params.category) ?? -1;
  if (params.tag) filter.tagId = snapshot.tagKeys.get(filterKey(params.tag)) ?? -1;
  return filter;
}

/** A filter's key: a slug as it is, a name folded (any language's). */
const filterKey = (value: string) => (/^[a-z0-9-]+$/.test(value) ? value : foldText(value));

/** The category a search page's `category` names (a slug, or a name in any language), if any. */
export function categoryIdOf(snapshot: SearchSnapshot, category: string): number | undefined {
  return snapshot.categoryKeys.get(filterKey(category));
}
