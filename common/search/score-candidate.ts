/**
 * Smart-search scoring (SPEC.md sections 5 and 9). All comparisons are between folded words
 * (see foldText), so case, accents and punctuation never matter.
 *
 * A keyword *matches* a candidate when, in any of its texts (title, description, tag names,
 * category name, other texts):
 * - it equals a word (whole-word match), or
 * - it has at least 3 characters and is part of a word (containment); it is an *edge* match when
 *   the word starts or ends with it ("pizz" in "pizza", "bar" in "minibar"), otherwise an inner one;
 * - with `prefixLastWord`, the query's last keyword also matches as the start of a word whatever
 *   its length, since the user may still be typing it ("pi" finds "pizza").
 * Two-letter keywords therefore match only whole words ("tv" does not find "ltv"), except as the
 * last word of a predictive search.
 *
 * Points, added up:
 * - +10 per matched keyword;
 * - +5 per matched keyword whose match is whole-word or edge;
 * - +15 once when a matched keyword (category hints included) also matches the category name
 *   (for a category or subcategory, its own title counts as its category name too);
 * - +8 once when the query has a qualifier, a title word is a qualifier (any language: "best"
 *   rewards "Meilleures pizzas") and either a keyword matched or the query has no keywords, so a
 *   qualifier alone never makes every "Best ..." topic a result;
 * - +5 per matched keyword when more than one keyword matched;
 * - +20 when every keyword matched (also when there is only one).
 */
import { type PreparedCandidate, significantWordSignature } from './candidate.js';
import type { ParsedQuery } from './parse-query.js';

export const SEARCH_POINTS = {
  matchedKeyword: 10,
  wholeWordOrEdge: 5,
  category: 15,
  qualifier: 8,
  perWordWhenSeveral: 5,
  allKeywords: 20,
} as const;

/** Shortest keyword that may match inside a word rather than as a whole word. */
export const MIN_CONTAINED_KEYWORD_LENGTH = 3;

/**
 * How a candidate matched, best first:
 * - 'exact': its title's significant words are exactly the query's;
 * - 'all-words': every keyword matched;
 * - 'category': some keywords matched, one of them in the category name;
 * - 'partial': some keywords matched;
 * - 'qualifier': the query has only qualifiers and the title has one;
 * - 'none': no points.
 */
export const MATCH_LABELS = ['exact', 'all-words', 'category', 'partial', 'qualifier', 'none'] as const;
export type MatchLabel = (typeof MATCH_LABELS)[number];

export interface CandidateScore {
  score: number;
  /** The keywords that matched, in query order. */
  matchedWords: string[];
  matchLabel: MatchLabel;
}

export interface ScoreOptions {
  /** Predictive search: the last keyword also matches as the start of a word, whatever its length. */
  prefixLastWord?: boolean;
}

interface KeywordPattern {
  word: string;
  asWholeWord: string;
  asWordStart: string;
  asWordEnd: string;
  mayBeContained: boolean;
}

interface QueryPatterns {
  keywords: KeywordPattern[];
  signature: string;
}

type MatchKind = 'whole-word' | 'edge' | 'inner';

// Built once per parsed query, then reused for every candidate it is scored against.
const patternsByQuery = new WeakMap<ParsedQuery, QueryPatterns>();

function patternsOf(query: ParsedQuery): QueryPatterns {
  let patterns = patternsByQuery.get(query);
  if (patterns === undefined) {
    patterns = {
      keywords: query.keywords.map((word) => ({
        word,
        asWholeWord: ` ${word} `,
        asWordStart: ` ${word}`,
        asWordEnd: `${word} `,
        mayBeContained: word.length >= MIN_CONTAINED_KEYWORD_LENGTH,
      })),
      signature: significantWordSignature(query.allWords),
    };
    patternsByQuery.set(query, patterns);
  }
  return patterns;
}

function matchKind(text: string, pattern: KeywordPattern, asPrefix: boolean): MatchKind | undefined {
  if (!text.includes(pattern.word)) return undefined;
  if (text.includes(pattern.asWholeWord)) return 'whole-word';
  const startsAWord = text.includes(pattern.asWordStart);
  if (startsAWord && (asPrefix || pattern.mayBeContained)) return 'edge';
  if (!pattern.mayBeContained) return undefined;
  return text.includes(pattern.asWordEnd) ? 'edge' : 'inner';
}

/** Scores one prepared candidate against a parsed query (rules in this module's comment). */
export function scoreCandidate(
  query: ParsedQuery,
  prepared: PreparedCandidate,
  options?: ScoreOptions,
): CandidateScore {
  const { keywords, signature } = patternsOf(query);
  const lastIndex = options?.prefixLastWord ? keywords.length - 1 : -1;
  const matchedWords: string[] = [];
  let score = 0;
  let categoryMatched = false;

  for (let index = 0; index < keywords.length; index++) {
    const pattern = keywords[index] as KeywordPattern;
    const asPrefix = index === lastIndex;
    const kind = matchKind(prepared.text, pattern, asPrefix);
    if (kind === undefined) continue;
    matchedWords.push(pattern.word);
    score += SEARCH_POINTS.matchedKeyword;
    if (kind !== 'inner') score += SEARCH_POINTS.wholeWordOrEdge;
    if (!categoryMatched && prepared.categoryText !== '') {
      categoryMatched = matchKind(prepared.categoryText, pattern, asPrefix) !== undefined;
    }
  }

  const matchedCount = matchedWords.length;
  const allMatched = keywords.length > 0 && matchedCount === keywords.length;
  const qualifierMatched =
    query.qualifiers.length > 0 && prepared.titleHasQualifier && (matchedCount > 0 || keywords.length === 0);
  if (categoryMatched) score += SEARCH_POINTS.category;
  if (qualifierMatched) score += SEARCH_POINTS.qualifier;
  if (matchedCount > 1) score += SEARCH_POINTS.perWordWhenSeveral * matchedCount;
  if (allMatched) score += SEARCH_POINTS.allKeywords;

  let matchLabel: MatchLabel = 'qualifier';
  if (score === 0) matchLabel = 'none';
  else if ((allMatched || keywords.length === 0) && prepared.titleSignature === signature)
    matchLabel = 'exact';
  else if (allMatched) matchLabel = 'all-words';
  else if (categoryMatched) matchLabel = 'category';
  else if (matchedCount > 0) matchLabel = 'partial';
  return { score, matchedWords, matchLabel };
}
