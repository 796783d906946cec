import { z } from 'zod';
import { LIMITS } from '../constants.js';
import type { MatchLabel } from '../search/index.js';

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

export type SearchResultType = 'topic' | 'category' | 'subcategory' | 'tag';

export interface SearchTagDto {
  name: string;
  slug: string;
  type: string;
}

/** One suggestion (dropdown) or result (search page): a topic, a category, a subcategory or a tag. */
export interface SearchSuggestionDto {
  type: SearchResultType;
  id: number;
  title: string;
  description: string | null;
  slug: string;
  tags: SearchTagDto[];
  categoryName: string | null;
  /** For a subcategory: its parent's name. */
  parentCategoryName: string | null;
  voteCount: number;
  relevance: number;
  score: number;
  /** How it matched: exact, all-words, category, partial, qualifier, or filter for a category/tag listing. */
  searchMatch: MatchLabel | 'filter';
  matchedWords: string[];
}

export interface SearchResponseDto {
  query: string;
  suggestions: SearchSuggestionDto[];
  /** Corrected queries when nothing was found (at most 3); empty otherwise. */
  didYouMean: string[];
}

export interface SearchCategoryDto {
  id: number;
  name: string;
  slug: string;
  parentName?: string;
}

export interface SearchTagListDto {
  id: number;
  name: string;
  slug: string;
  type: string;
  categoryId: number | null;
}
