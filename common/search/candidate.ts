import { tokenize } from '../text/tokenize.js';
import { MIN_QUERY_WORD_LENGTH } from './parse-query.js';
import { isQualifierWord, STOP_WORDS } from './query-words.js';

export type CandidateType = 'topic' | 'category' | 'subcategory' | 'tag';

/** Something search can find, with the texts it is found by. */
export interface SearchCandidate {
  type: CandidateType;
  title: string;
  description?: string | null;
  tagNames?: readonly string[];
  /** The candidate's category; for a subcategory, its parent. */
  categoryName?: string | null;
  /** Further texts that should find it, such as its title in the other languages. */
  otherTexts?: readonly string[];
}

/** A candidate with its folded texts computed once, ready to be scored against many queries. */
export interface PreparedCandidate<T extends SearchCandidate = SearchCandidate> {
  readonly candidate: T;
  /** Folded words of every text, separated by single spaces, with a space at each end. */
  readonly text: string;
  /** Same layout for the category name (and the title of a category or subcategory); '' if none. */
  readonly categoryText: string;
  /** The distinct folded words of its tags' names (a qualifier may name one: "Cheap", "Pas cher"). */
  readonly tagWords: ReadonlySet<string>;
  /** Whether a title word is a qualifier ("Best pizza", "Meilleurs cafés"). */
  readonly titleHasQualifier: boolean;
  /** The title's significant words, sorted and space-joined, to recognise an exact match. */
  readonly titleSignature: string;
}

/** Folds a candidate's texts once so that scoring only compares strings. */
export function prepareCandidate<T extends SearchCandidate>(candidate: T): PreparedCandidate<T> {
  const titleWords = tokenize(candidate.title);
  const otherWords = [
    candidate.description ?? '',
    ...(candidate.tagNames ?? []),
    candidate.categoryName ?? '',
    ...(candidate.otherTexts ?? []),
  ].flatMap(tokenize);
  const isCategory = candidate.type === 'category' || candidate.type === 'subcategory';
  const categoryWords = [
    ...(isCategory ? titleWords : []),
    ...(candidate.categoryName ? tokenize(candidate.categoryName) : []),
  ];
  return {
    candidate,
    text: paddedWords([...titleWords, ...otherWords]),
    categoryText: categoryWords.length === 0 ? '' : paddedWords(categoryWords),
    tagWords: new Set((candidate.tagNames ?? []).flatMap(tokenize)),
    titleHasQualifier: titleWords.some(isQualifierWord),
    titleSignature: significantWordSignature(titleWords),
  };
}

/** Sorted, space-joined distinct words that are neither stop words nor too short. */
export function significantWordSignature(words: readonly string[]): string {
  const significant = words.filter((word) => word.length >= MIN_QUERY_WORD_LENGTH && !STOP_WORDS.has(word));
  return [...new Set(significant)].sort().join(' ');
}

function paddedWords(words: readonly string[]): string {
  return ` ${words.join(' ')} `;
}
