import { tokenize } from '../text/tokenize.js';
import { CATEGORY_HINT_WORDS, QUALIFIER_PREFIXES, QUALIFIER_WORDS, STOP_WORDS } from './query-words.js';

/** Shortest query word kept (SPEC.md section 5: words under 2 characters are dropped). */
export const MIN_QUERY_WORD_LENGTH = 2;

/** A search query split into the words that count; every word is folded and listed once. */
export interface ParsedQuery {
  /** Significant words in query order: no stop words, none under 2 characters. */
  allWords: string[];
  /** The significant words that are not qualifiers; these must match. Includes category hints. */
  keywords: string[];
  /** Qualifier words found ("best", "meilleure", "lieblings"). */
  qualifiers: string[];
  /** Keywords that name a kind of category ("food", "restaurante"). */
  categoryHints: string[];
}

/** Folds and splits a query, drops stop words (all languages) and short words, sorts the rest by role. */
export function parseQuery(query: string): ParsedQuery {
  const allWords = new Set<string>();
  const keywords = new Set<string>();
  const qualifiers = new Set<string>();
  const keep = (word: string): boolean =>
    word.length >= MIN_QUERY_WORD_LENGTH && !STOP_WORDS.has(word) && !allWords.has(word);

  for (const word of tokenize(query)) {
    const prefix = QUALIFIER_WORDS.has(word)
      ? undefined
      : QUALIFIER_PREFIXES.find((candidate) => word.startsWith(candidate));
    if (prefix !== undefined) {
      addQualifier(prefix);
      const rest = word.slice(prefix.length);
      if (keep(rest)) addKeyword(rest);
    } else if (!keep(word)) {
    } else if (QUALIFIER_WORDS.has(word)) {
      addQualifier(word);
    } else {
      addKeyword(word);
    }
  }

  function addQualifier(word: string): void {
    if (allWords.has(word)) return;
    allWords.add(word);
    qualifiers.add(word);
  }
  function addKeyword(word: string): void {
    allWords.add(word);
    keywords.add(word);
  }

  const keywordList = [...keywords];
  return {
    allWords: [...allWords],
    keywords: keywordList,
    qualifiers: [...qualifiers],
    categoryHints: keywordList.filter((word) => CATEGORY_HINT_WORDS.has(word)),
  };
}
