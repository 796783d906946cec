import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { MATCH_LABELS } from '../search/score-candidate.js';
import { apiComponents } from './components.js';

/** `q` is trimmed; under 2 characters it is accepted and answered with no suggestions. */
const queryText = z
  .string()
  .trim()
  .max(LIMITS.searchQueryMax, `Search query must be at most ${LIMITS.searchQueryMax} characters`);

/** A category or tag filter: its slug or its name in any language, case and accents ignored. */
const filterText = z
  .string()
  .trim()
  .max(LIMITS.categoryNameMax * 2, 'Filter is too long');

/** GET /api/search/predictive and /api/search/smart. `lang` is checked by the route (UNSUPPORTED_LANGUAGE). */
export const searchQuery = z.object({
  q: queryText.optional(),
  lang: z.string().max(20).optional(),
  category: filterText.optional(),
  tag: filterText.optional(),
});

/** GET /api/search/categories and /api/search/tags. */
export const catalogueSearchQuery = z.object({
  q: queryText.optional(),
  lang: z.string().max(20).optional(),
});

const searchResultType = z.enum(['topic', 'category', 'subcategory', 'tag']);
export type SearchResultType = z.infer<typeof searchResultType>;

export const searchTagDto = z
  .object({ name: z.string(), slug: z.string(), type: z.string() })
  .register(apiComponents, { id: 'SearchTagDto' });
export type SearchTagDto = z.infer<typeof searchTagDto>;

/** One suggestion (dropdown) or result (search page): a topic, a category, a subcategory or a tag. */
export const searchSuggestionDto = z
  .object({
    type: searchResultType,
    id: z.int(),
    title: z.string(),
    description: z.string().nullable(),
    slug: z.string(),
    tags: z.array(searchTagDto),
    categoryName: z.string().nullable(),
    /** For a subcategory: its parent's name. */
    parentCategoryName: z.string().nullable(),
    voteCount: z.int(),
    /** A main topic (a hub of sub-topics, which holds the ballots) rather than a topic people vote on. */
    isMainTopic: z.boolean(),
    /** A main topic's active sub-topics; 0 for every other result. */
    subTopicCount: z.int(),
    relevance: z.number(),
    score: z.number(),
    /** How it matched: exact, all-words, category, partial, qualifier, or filter for a category/tag listing. */
    searchMatch: z.enum([...MATCH_LABELS, 'filter']),
    matchedWords: z.array(z.string()),
  })
  .register(apiComponents, { id: 'SearchSuggestionDto' });
export type SearchSuggestionDto = z.infer<typeof searchSuggestionDto>;

export const searchResponseDto = z.object({
  query: z.string(),
  suggestions: z.array(searchSuggestionDto),
  /** Corrected queries when nothing was found (at most 3); empty otherwise. */
  didYouMean: z.array(z.string()),
});
export type SearchResponseDto = z.infer<typeof searchResponseDto>;

export const searchCategoryDto = z
  .object({ id: z.int(), name: z.string(), slug: z.string(), parentName: z.string().optional() })
  .register(apiComponents, { id: 'SearchCategoryDto' });
export type SearchCategoryDto = z.infer<typeof searchCategoryDto>;

export const searchTagListDto = z
  .object({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    type: z.string(),
    categoryId: z.int().nullable(),
  })
  .register(apiComponents, { id: 'SearchTagListDto' });
export type SearchTagListDto = z.infer<typeof searchTagListDto>;

export const searchCategoriesData = z.object({ categories: z.array(searchCategoryDto) });
export const searchTagsData = z.object({ tags: z.array(searchTagListDto) });
