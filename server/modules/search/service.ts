import type { Kysely } from 'kysely';
import type {
  SearchCategoryDto,
  SearchResponseDto,
  SearchResultType,
  SearchSuggestionDto,
  SearchTagListDto,
} from '../../../common/api/search.js';
import { type Language, LIMITS, MAX_SUGGESTIONS } from '../../../common/constants.js';
import {
  type CandidateScore,
  didYouMean,
  type ParsedQuery,
  type PreparedCandidate,
  parseQuery,
  prepareCandidate,
  rankResults,
  relevanceOf,
  type SearchCandidate,
  scoreCandidate,
  Vocabulary,
} from '../../../common/search/index.js';
import { foldText } from '../../../common/text/index.js';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type CatalogueRows, SearchRepository, type TermLookup } from './repository.js';

export type SearchMode = 'predictive' | 'smart';

export interface SearchParams {
  q: string;
  language: Language;
  category?: string;
  tag?: string;
}

/**
 * Topics loaded and scored per query. Those having every query word come first, so a little more
 * than the 50 results a query returns is enough; each extra candidate costs its texts' read.
 */
export const CANDIDATE_LIMIT = 60;
/** Postings counted to rank query words by rarity. */
const FREQUENCY_CAP = 50_000;
/** Topic documents kept per process (about 2 KB each). */
const TOPIC_DOC_CAPACITY = 20_000;
/** Query words remembered per index version. */
const WORD_CAPACITY = 20_000;

/**
 * Word endings tried after a complete word in smart search, so that "restaurant" also finds
 * "restaurants" and "restaurantes" (scoring counts them as edge matches) without prefix scans.
 */
const INFLECTION_ENDINGS = ['s', 'es', 'x', 'e', 'n', 'en', 'er'];

interface CategoryEntry {
  id: number;
  slug: string;
  name: string;
  parentId: number | null;
  parentName: string | null;
  isSystem: boolean;
  prepared: PreparedCandidate;
}

interface TagEntry {
  id: number;
  slug: string;
  name: string;
  type: string;
  categoryId: number | null;
  categoryName: string | null;
  prepared: PreparedCandidate;
}

interface CatalogueView {
  categories: CategoryEntry[];
  tags: TagEntry[];
  categoryById: Map<number, CategoryEntry>;
  tagById: Map<number, TagEntry>;
}

/** What search keeps in memory per process, valid for one index version. */
interface SearchCache {
  version: number;
  rows: CatalogueRows;
  views: Map<Language, CatalogueView>;
  /** Slug and folded names in every language -> id. */
  categoryKeys: Map<string, number>;
  tagKeys: Map<string, number>;
  vocabulary?: Vocabulary;
  /** Per query word: its lookups narrowed to terms the index holds, and how many topics they find. */
  words: Map<string, WordLookups>;
  /** Topics as search shows and scores them, per `${language}:${id}` (most recently used last). */
  topicDocs: Map<string, TopicDoc>;
}

interface WordLookups {
  lookups: TermLookup[];
  /** Topics found, counted up to FREQUENCY_CAP: the rarest word drives the intersection. */
  frequency: number;
}

/**
 * A topic's texts in one language, prepared for scoring. Valid for one index version: every write
 * that changes what a topic is found by bumps it. Vote counts change with every vote and are not
 * part of it.
 */
interface TopicDoc {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  category: CategoryEntry | undefined;
  tags: TagEntry[];
  prepared: PreparedCandidate;
}

interface ScoredResult {
  type: SearchResultType;
  id: number;
  title: string;
  score: number;
  relevance?: number;
  match: CandidateScore;
  build: () => SearchSuggestionDto;
}

/** Language fallback of DESIGN.md: the requested language, then fr, then en, then the base text. */
function pick(byLanguage: Map<string, string> | undefined, language: Language, base: string): string {
  return byLanguage?.get(language) ?? byLanguage?.get('fr') ?? byLanguage?.get('en') ?? base;
}

export class SearchService {
  private readonly repository: SearchRepository;
  private cache: SearchCache | undefined;
  private loading: Promise<SearchCache> | undefined;

  constructor(db: Kysely<Database>, kind: DatabaseKind) {
    this.repository = new SearchRepository(db, kind);
  }

  async search(mode: SearchMode, params: SearchParams): Promise<SearchResponseDto> {
    const q = params.q.trim();
    const cache = await this.current();
    const view = this.view(cache, params.language);
    const filter = this.resolveFilter(cache, params);
    const hasQuery = q.length >= LIMITS.searchQueryMin;

    if (!hasQuery) {
      if (filter === undefined) return { query: q, suggestions: [], didYouMean: [] };
      const ids = await this.filteredTopicIds(cache, filter);
      const topics = await this.topicResults(ids, cache, view, params.language, undefined, mode);
      return { query: q, suggestions: topics.map((result) => result.build()), didYouMean: [] };
    }

    const parsed = parseQuery(q);
    const options = { prefixLastWord: mode === 'predictive' };
    const ids = await this.candidateTopicIds(cache, lookupsOf(parsed, mode));
    let results: ScoredResult[] = await this.topicResults(ids, cache, view, params.language, parsed, mode);
    if (filter !== undefined) {
      const allowed = new Set(await this.filteredTopicIds(cache, filter, Number.MAX_SAFE_INTEGER));
      results = results.filter((result) => allowed.has(result.id));
    } else {
      results.push(...this.catalogueResults(view, parsed, options));
    }
    const ranked = rankResults(results, MAX_SUGGESTIONS);
    const suggestions = ranked.map((result) => result.build());
    const corrections =
      suggestions.length === 0 && parsed.allWords.length > 0
        ? didYouMean(q, await this.vocabulary(cache))
        : [];
    return { query: q, suggestions, didYouMean: corrections };
  }

  /**
   * Topics worth scoring: first those having every query word (driven by the rarest word, so the
   * work follows the smallest posting list), then, if room is left, those having some of them.
   */
  private async candidateTopicIds(cache: SearchCache, lookups: readonly TermLookup[]): Promise<number[]> {
    const groups = new Map<number, TermLookup[]>();
    for (const lookup of lookups) groups.set(lookup.group, [...(groups.get(lookup.group) ?? []), lookup]);
    if (groups.size === 0) return [];
    const words = await Promise.all([...groups.values()].map((group) => this.wordLookups(cache, group)));
    const byRarity = words.sort((a, b) => a.frequency - b.frequency);
    const found = byRarity.filter((word) => word.frequency > 0).map((word) => word.lookups);
    const ids = new Set(
      found.length === byRarity.length ? await this.repository.topicIdsWithAll(found, CANDIDATE_LIMIT) : [],
    );
    if (found.length > 1 || found.length < byRarity.length) {
      for (const group of found) {
        if (ids.size >= CANDIDATE_LIMIT) break;
        for (const id of await this.repository.topicIdsWithAny(group, CANDIDATE_LIMIT)) {
          if (ids.size >= CANDIDATE_LIMIT) break;
          ids.add(id);
        }
      }
    }
    return [...ids];
  }

  /**
   * One query word's lookups, keeping only whole words the index holds: smart search tries eight
   * inflections per word and most do not exist, and every lookup left costs a probe per candidate
   * in the intersection. Prefix lookups stay as they are.
   */
  private async wordLookups(cache: SearchCache, group: readonly TermLookup[]): Promise<WordLookups> {
    const key = JSON.stringify(group);
    const known = cache.words.get(key);
    if (known) return known;
    const existing = new Set(
      await this.repository.existingTerms(
        group.filter((lookup) => !lookup.prefix).map((lookup) => lookup.term),
      ),
    );
    const narrowed = group.filter((lookup) => lookup.prefix || existing.has(lookup.term));
    const word: WordLookups = {
      lookups: narrowed,
      frequency: narrowed.length === 0 ? 0 : await this.repository.groupFrequency(narrowed, FREQUENCY_CAP),
    };
    // Query words are unbounded; the counts are cheap to redo, memory is not.
    if (cache.words.size >= WORD_CAPACITY) cache.words.clear();
    cache.words.set(key, word);
    return word;
  }

  async categories(language: Language, q?: string): Promise<SearchCategoryDto[]> {
    const view = this.view(await this.current(), language);
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
    const view = this.view(await this.current(), language);
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

  /** The cache for the index's current version (one primary-key read per call). */
  private async current(): Promise<SearchCache> {
    const version = await this.repository.indexVersion();
    if (this.cache?.version === version) return this.cache;
    if (!this.loading) {
      this.loading = this.load(version).finally(() => {
        this.loading = undefined;
      });
    }
    const loaded = await this.loading;
    this.cache = loaded;
    return loaded;
  }

  private async load(version: number): Promise<SearchCache> {
    const rows = await this.repository.catalogue();
    const categoryKeys = new Map<string, number>();
    const tagKeys = new Map<string, number>();
    for (const category of rows.categories) {
      categoryKeys.set(category.slug, category.id);
      categoryKeys.set(foldText(category.name), category.id);
      for (const name of rows.names.get(`category:${category.id}`)?.values() ?? []) {
        categoryKeys.set(foldText(name), category.id);
      }
    }
    for (const tag of rows.tags) {
      tagKeys.set(tag.slug, tag.id);
      tagKeys.set(foldText(tag.name), tag.id);
      for (const name of rows.names.get(`tag:${tag.id}`)?.values() ?? []) tagKeys.set(foldText(name), tag.id);
    }
    return { version, rows, views: new Map(), categoryKeys, tagKeys, words: new Map(), topicDocs: new Map() };
  }

  private view(cache: SearchCache, language: Language): CatalogueView {
    const known = cache.views.get(language);
    if (known) return known;
    const { rows } = cache;
    const categoryName = new Map(
      rows.categories.map((c) => [c.id, pick(rows.names.get(`category:${c.id}`), language, c.name)]),
    );
    const categories = rows.categories.map((row): CategoryEntry => {
      const name = categoryName.get(row.id) ?? row.name;
      const parentName = row.parent_id === null ? null : (categoryName.get(row.parent_id) ?? null);
      const candidate: SearchCandidate = {
        type: row.parent_id === null ? 'category' : 'subcategory',
        title: name,
        categoryName: parentName,
      };
      return {
        id: row.id,
        slug: row.slug,
        name,
        parentId: row.parent_id,
        parentName,
        isSystem: row.is_system === 1,
        prepared: prepareCandidate(candidate),
      };
    });
    const tags = rows.tags.map((row): TagEntry => {
      const name = pick(rows.names.get(`tag:${row.id}`), language, row.name);
      return {
        id: row.id,
        slug: row.slug,
        name,
        type: row.type,
        categoryId: row.category_id,
        categoryName: row.category_id === null ? null : (categoryName.get(row.category_id) ?? null),
        prepared: prepareCandidate({ type: 'tag', title: name }),
      };
    });
    const view: CatalogueView = {
      categories,
      tags,
      categoryById: new Map(categories.map((c) => [c.id, c])),
      tagById: new Map(tags.map((t) => [t.id, t])),
    };
    cache.views.set(language, view);
    return view;
  }

  /** Spelling vocabulary: catalogue names (their accents kept for display) and indexed title words. */
  private async vocabulary(cache: SearchCache): Promise<Vocabulary> {
    if (cache.vocabulary) return cache.vocabulary;
    const words = new Map<string, number>();
    for (const names of cache.rows.names.values()) for (const name of names.values()) words.set(name, 1);
    for (const [term, frequency] of await this.repository.vocabularyWords()) {
      words.set(term, (words.get(term) ?? 0) + frequency);
    }
    cache.vocabulary = new Vocabulary(words);
    return cache.vocabulary;
  }

  private resolveFilter(
    cache: SearchCache,
    params: SearchParams,
  ): { categoryId?: number; tagId?: number } | undefined {
    if (!params.category && !params.tag) return undefined;
    const filter: { categoryId?: number; tagId?: number } = {};
    // An unknown category or tag filters everything out rather than being ignored.
    if (params.category) filter.categoryId = cache.categoryKeys.get(keyOf(params.category)) ?? -1;
    if (params.tag) filter.tagId = cache.tagKeys.get(keyOf(params.tag)) ?? -1;
    return filter;
  }

  private async filteredTopicIds(
    cache: SearchCache,
    filter: { categoryId?: number; tagId?: number },
    limit = MAX_SUGGESTIONS,
  ): Promise<number[]> {
    let ids: number[] | undefined;
    if (filter.categoryId !== undefined) {
      const categoryIds = [
        filter.categoryId,
        ...cache.rows.categories.filter((c) => c.parent_id === filter.categoryId).map((c) => c.id),
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

  /** Loads, scores (when there is a query) and describes topics; without a query they keep `ids` order. */
  private async topicResults(
    ids: readonly number[],
    cache: SearchCache,
    view: CatalogueView,
    language: Language,
    parsed: ParsedQuery | undefined,
    mode: SearchMode,
  ): Promise<ScoredResult[]> {
    if (ids.length === 0) return [];
    // Vote counts are read fresh (they move with every vote), and only active topics come back.
    const [voteCounts, docs] = await Promise.all([
      this.repository.activeTopicVoteCounts(ids),
      this.topicDocs(cache, view, ids, language),
    ]);
    const results: ScoredResult[] = [];
    for (const id of ids) {
      const doc = docs.get(id);
      const voteCount = voteCounts.get(id);
      if (!doc || voteCount === undefined) continue;
      const { title, description, category, tags } = doc;
      const match: CandidateScore = parsed
        ? scoreCandidate(parsed, doc.prepared, { prefixLastWord: mode === 'predictive' })
        : { score: 0, matchedWords: [], matchLabel: 'none' };
      const result: ScoredResult = {
        type: 'topic',
        id,
        title,
        score: match.score,
        match,
        build: () => ({
          type: 'topic',
          id,
          title,
          description,
          slug: doc.slug,
          tags: tags.map((tag) => ({ name: tag.name, slug: tag.slug, type: tag.type })),
          categoryName: category?.name ?? null,
          parentCategoryName: category?.parentName ?? null,
          voteCount,
          relevance: relevanceOf(result),
          score: match.score,
          searchMatch: parsed ? match.matchLabel : 'filter',
          matchedWords: match.matchedWords,
        }),
      };
      results.push(result);
    }
    return results;
  }

  /** The topics' documents in one language: from memory, the missing ones read in one batch. */
  private async topicDocs(
    cache: SearchCache,
    view: CatalogueView,
    ids: readonly number[],
    language: Language,
  ): Promise<Map<number, TopicDoc>> {
    const docs = new Map<number, TopicDoc>();
    const missing: number[] = [];
    for (const id of ids) {
      const key = `${language}:${id}`;
      const doc = cache.topicDocs.get(key);
      if (doc) {
        // Most recently used last, so eviction takes the coldest first.
        cache.topicDocs.delete(key);
        cache.topicDocs.set(key, doc);
        docs.set(id, doc);
      } else missing.push(id);
    }
    if (missing.length === 0) return docs;

    const languages = [...new Set<Language>([language, 'fr', 'en'])];
    const [topics, texts, tagIds] = await Promise.all([
      this.repository.topics(missing),
      this.repository.topicTexts(missing, languages),
      this.repository.topicTagIds(missing),
    ]);
    for (const topic of topics) {
      const entry = texts.get(topic.id);
      const title = pick(entry?.title, language, topic.title);
      const description = pick(entry?.description, language, topic.description ?? '') || null;
      const tags = (tagIds.get(topic.id) ?? []).flatMap((id) => {
        const tag = view.tagById.get(id);
        return tag ? [tag] : [];
      });
      const category = view.categoryById.get(topic.category_id);
      const doc: TopicDoc = {
        id: topic.id,
        slug: topic.slug,
        title,
        description,
        category,
        tags,
        prepared: prepareCandidate({
          type: 'topic',
          title,
          description,
          tagNames: tags.map((tag) => tag.name),
          categoryName: category?.name ?? null,
          otherTexts: category?.parentName ? [category.parentName] : [],
        }),
      };
      cache.topicDocs.set(`${language}:${topic.id}`, doc);
      docs.set(topic.id, doc);
    }
    for (const key of cache.topicDocs.keys()) {
      if (cache.topicDocs.size <= TOPIC_DOC_CAPACITY) break;
      cache.topicDocs.delete(key);
    }
    return docs;
  }

  private catalogueResults(
    view: CatalogueView,
    parsed: ParsedQuery,
    options: { prefixLastWord: boolean },
  ): ScoredResult[] {
    const results: ScoredResult[] = [];
    for (const category of view.categories) {
      if (category.isSystem) continue;
      const match = scoreCandidate(parsed, category.prepared, options);
      if (match.score <= 0) continue;
      const type = category.prepared.candidate.type as 'category' | 'subcategory';
      const result: ScoredResult = {
        type,
        id: category.id,
        title: category.name,
        score: match.score,
        match,
        build: () => ({
          type,
          id: category.id,
          title: category.name,
          description: null,
          slug: category.slug,
          tags: [],
          categoryName: category.name,
          parentCategoryName: category.parentName,
          voteCount: 0,
          relevance: relevanceOf(result),
          score: match.score,
          searchMatch: match.matchLabel,
          matchedWords: match.matchedWords,
        }),
      };
      results.push(result);
    }
    for (const tag of view.tags) {
      const match = scoreCandidate(parsed, tag.prepared, options);
      if (match.score <= 0) continue;
      const result: ScoredResult = {
        type: 'tag',
        id: tag.id,
        title: tag.name,
        score: match.score,
        match,
        build: () => ({
          type: 'tag',
          id: tag.id,
          title: tag.name,
          description: null,
          slug: tag.slug,
          tags: [{ name: tag.name, slug: tag.slug, type: tag.type }],
          categoryName: tag.categoryName,
          parentCategoryName: null,
          voteCount: 0,
          relevance: relevanceOf(result),
          score: match.score,
          searchMatch: match.matchLabel,
          matchedWords: match.matchedWords,
        }),
      };
      results.push(result);
    }
    return results;
  }
}

function keyOf(value: string): string {
  const trimmed = value.trim();
  return /^[a-z0-9-]+$/.test(trimmed) ? trimmed : foldText(trimmed);
}

/**
 * Index lookups for a query: each keyword as a whole word (smart search adds common inflected
 * endings); predictive search reads its last keyword as a word start. A query of qualifiers only
 * looks the qualifiers up, since scoring rewards titles that contain one.
 */
export function lookupsOf(parsed: ParsedQuery, mode: SearchMode): TermLookup[] {
  const words = parsed.keywords.length > 0 ? parsed.keywords : parsed.qualifiers;
  const lookups: TermLookup[] = [];
  words.forEach((word, index) => {
    if (mode === 'predictive' && index === words.length - 1 && parsed.keywords.length > 0) {
      lookups.push({ term: word, prefix: true, group: index });
      return;
    }
    lookups.push({ term: word, prefix: false, group: index });
    if (mode === 'smart' && word.length >= 3) {
      for (const ending of INFLECTION_ENDINGS)
        lookups.push({ term: word + ending, prefix: false, group: index });
    }
  });
  return lookups;
}
