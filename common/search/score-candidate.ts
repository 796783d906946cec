/**
 * Smart-search scoring (SPEC.md sections 5 and 9, extended by docs/decisions/007). All comparisons
 * are between folded words (see foldText), so case, accents and punctuation never matter.
 *
 * A keyword *matches* a candidate when, in its texts in the visitor's language (title, description,
 * tag names, category name, other texts) or else in its texts in any language (`other`):
 * - exact: it equals a word, or a word is it plus an inflection ending ("restaurant" finds
 *   "restaurants": INFLECTION_ENDINGS);
 * - edge: it has at least 3 characters and starts or ends a word ("pizz" in "pizza", "bar" in
 *   "minibar"); with `prefixLastWord`, the query's last keyword also starts a word whatever its length,
 *   since the user may still be typing it ("pi" finds "pizza");
 * - typo: a word is one of its typo expansions (`typos`: indexed words within 1 or 2 edits);
 * - inner: it has at least 3 characters and is inside a word.
 * Two-letter keywords therefore match only whole words ("tv" does not find "ltv"), except as the
 * last word of a search.
 *
 * Points, added up:
 * - per matched keyword, 10 plus its kind's bonus: exact +5 (SPEC's whole word), edge +3, one typo
 *   +1, inner 0, two typos -1; minus 1 when it matched only in another language. So an exact word
 *   beats a word start, which beats one typo, which beats two, and the visitor's language beats
 *   another for the same kind of match;
 * - +15 once when a matched keyword (category hints included) also matches the category name
 *   (for a category or subcategory, its own title counts as its category name too);
 * - +8 once when the query has a qualifier, a title word is a qualifier (any language: "best"
 *   rewards "Meilleures pizzas") and either a keyword matched or the query has no keywords, so a
 *   qualifier alone never makes every "Best ..." topic a result;
 * - under the same condition, +5 per query qualifier that is a word of one of the candidate's tag
 *   names, in any language (the word or an inflection of it): "cheap pizza" prefers the pizza topics
 *   tagged "Cheap" ("Pas cher", "Günstig") to the other "Best pizza ..." ones, which the +8 alone
 *   cannot tell apart;
 * - +5 per matched keyword when more than one keyword matched;
 * - +20 when every keyword matched (also when there is only one); such a result is `complete` and
 *   rankResults puts it above every incomplete one.
 * For exact matches in the visitor's language these are SPEC.md section 9's points unchanged.
 */
import { type PreparedCandidate, significantWordSignature } from './candidate.js';
import type { ParsedQuery } from './parse-query.js';

export const SEARCH_POINTS = {
  matchedKeyword: 10,
  /** Added to matchedKeyword per kind of match. */
  kind: { exact: 5, edge: 3, typo1: 1, inner: 0, typo2: -1 },
  otherLanguage: -1,
  category: 15,
  qualifier: 8,
  /** Per query qualifier that names one of the candidate's tags ("cheap" and the tag "Cheap"). */
  namedQualifier: 5,
  perWordWhenSeveral: 5,
  allKeywords: 20,
} as const;

/** Shortest keyword that may match inside a word rather than as a whole word. */
export const MIN_CONTAINED_KEYWORD_LENGTH = 3;

/**
 * Endings that make another form of the same word ("restaurant" -> "restaurants", "restaurantes"):
 * such a word is an exact match. Smart search looks them up with the word.
 */
export const INFLECTION_ENDINGS = ['s', 'es', 'x', 'e', 'n', 'en', 'er'] as const;

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
  /** The indexed words that matched, one per matched keyword, in query order ("pizza" for "piza"). */
  matchedWords: string[];
  matchLabel: MatchLabel;
  /** Every keyword matched (rankResults puts complete results first). */
  complete: boolean;
  /** Every matched keyword matched in the visitor's language (`prepared`), none only in another. */
  inOwnLanguage: boolean;
}

export interface ScoreOptions {
  /** The last keyword also matches as the start of a word, whatever its length. */
  prefixLastWord?: boolean;
  /** Per keyword, indexed words within its typo bound and their distance (TermVocabulary.typos). */
  typos?: ReadonlyMap<string, readonly { term: string; distance: number }[]>;
  /** The candidate's texts in every language, tried when a keyword is not in `prepared`. */
  other?: PreparedCandidate;
}

interface KeywordPattern {
  word: string;
  asWordStart: string;
  asWordEnd: string;
  inflections: string[];
  mayBeContained: boolean;
}

interface QueryPatterns {
  keywords: KeywordPattern[];
  signature: string;
}

type MatchKind = keyof typeof SEARCH_POINTS.kind;

interface KeywordMatch {
  points: number;
  /** The indexed word it matched. */
  word: string;
  inOwnLanguage: boolean;
}

// Built once per parsed query, then reused for every candidate it is scored against.
const patternsByQuery = new WeakMap<ParsedQuery, QueryPatterns>();

function patternsOf(query: ParsedQuery): QueryPatterns {
  let patterns = patternsByQuery.get(query);
  if (patterns === undefined) {
    patterns = {
      keywords: query.keywords.map((word) => {
        const mayBeContained = word.length >= MIN_CONTAINED_KEYWORD_LENGTH;
        return {
          word,
          asWordStart: ` ${word}`,
          asWordEnd: `${word} `,
          inflections: mayBeContained ? INFLECTION_ENDINGS.map((ending) => `${word}${ending}`) : [],
          mayBeContained,
        };
      }),
      signature: significantWordSignature(query.allWords),
    };
    patternsByQuery.set(query, patterns);
  }
  return patterns;
}

/** The whole word of `text` (padded words) around position `at`. */
function wordAt(text: string, at: number): string {
  const start = text.lastIndexOf(' ', at) + 1;
  return text.slice(start, text.indexOf(' ', at));
}

type Field = 'text' | 'categoryText';

// The distinct words of each prepared text, built on first use: whole-word, inflection and typo checks
// are then set lookups instead of scans of texts that hold four languages.
const wordSets = new WeakMap<PreparedCandidate, Partial<Record<Field, ReadonlySet<string>>>>();

function wordsOf(prepared: PreparedCandidate, field: Field): ReadonlySet<string> {
  let sets = wordSets.get(prepared);
  if (sets === undefined) {
    sets = {};
    wordSets.set(prepared, sets);
  }
  let words = sets[field];
  if (words === undefined) {
    words = new Set(prepared[field].split(' '));
    sets[field] = words;
  }
  return words;
}

function matchIn(
  prepared: PreparedCandidate,
  field: Field,
  pattern: KeywordPattern,
  asPrefix: boolean,
  typos: readonly { term: string; distance: number }[],
): { kind: MatchKind; word: string } | undefined {
  const text = prepared[field];
  if (text === '') return undefined;
  const words = wordsOf(prepared, field);
  // Every match but a typo holds the keyword: one scan rules them all out.
  const at = text.indexOf(pattern.word);
  let inner: { kind: MatchKind; word: string } | undefined;
  if (at >= 0) {
    if (words.has(pattern.word)) return { kind: 'exact', word: pattern.word };
    for (const inflection of pattern.inflections) {
      if (words.has(inflection)) return { kind: 'exact', word: inflection };
    }
  }
  if (at >= 0 && (asPrefix || pattern.mayBeContained)) {
    const start = text.indexOf(pattern.asWordStart, at - 1);
    if (start >= 0) return { kind: 'edge', word: wordAt(text, start + 1) };
    if (pattern.mayBeContained) {
      const end = text.indexOf(pattern.asWordEnd, at);
      if (end >= 0) return { kind: 'edge', word: wordAt(text, end) };
      inner = { kind: 'inner', word: wordAt(text, at) };
    }
  }
  for (const typo of typos) {
    if (typo.distance === 2 && inner) break;
    if (words.has(typo.term)) return { kind: typo.distance === 1 ? 'typo1' : 'typo2', word: typo.term };
  }
  return inner;
}

function keywordMatch(
  pattern: KeywordPattern,
  prepared: PreparedCandidate,
  asPrefix: boolean,
  options: ScoreOptions | undefined,
  field: Field,
): KeywordMatch | undefined {
  const typos = options?.typos?.get(pattern.word) ?? [];
  const own = matchIn(prepared, field, pattern, asPrefix, typos);
  const ownPoints = own ? SEARCH_POINTS.matchedKeyword + SEARCH_POINTS.kind[own.kind] : 0;
  const ownMatch = own && { points: ownPoints, word: own.word, inOwnLanguage: true };
  if (own?.kind === 'exact' || options?.other === undefined) return ownMatch;
  const other = matchIn(options.other, field, pattern, asPrefix, typos);
  const otherPoints = other
    ? SEARCH_POINTS.matchedKeyword + SEARCH_POINTS.kind[other.kind] + SEARCH_POINTS.otherLanguage
    : 0;
  if (other && otherPoints > ownPoints)
    return { points: otherPoints, word: other.word, inOwnLanguage: false };
  return ownMatch;
}

/** Whether `word`, or an inflection of it, or a word it inflects, is a word of the candidate's tag names. */
function namesTag(prepared: PreparedCandidate, word: string): boolean {
  for (const named of prepared.tagWords) {
    if (named === word) return true;
    if (INFLECTION_ENDINGS.some((ending) => named === word + ending || word === named + ending)) return true;
  }
  return false;
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
  let inOwnLanguage = true;
  const hasCategory = prepared.categoryText !== '' || (options?.other?.categoryText ?? '') !== '';

  for (let index = 0; index < keywords.length; index++) {
    const pattern = keywords[index] as KeywordPattern;
    const asPrefix = index === lastIndex;
    const match = keywordMatch(pattern, prepared, asPrefix, options, 'text');
    if (match === undefined) continue;
    matchedWords.push(match.word);
    score += match.points;
    if (!match.inOwnLanguage) inOwnLanguage = false;
    if (!categoryMatched && hasCategory) {
      categoryMatched = keywordMatch(pattern, prepared, asPrefix, options, 'categoryText') !== undefined;
    }
  }

  const matchedCount = matchedWords.length;
  const allMatched = keywords.length > 0 && matchedCount === keywords.length;
  const qualifiersCount = matchedCount > 0 || keywords.length === 0;
  const qualifierMatched = query.qualifiers.length > 0 && prepared.titleHasQualifier && qualifiersCount;
  if (categoryMatched) score += SEARCH_POINTS.category;
  if (qualifierMatched) score += SEARCH_POINTS.qualifier;
  if (qualifiersCount) {
    for (const qualifier of query.qualifiers) {
      const named =
        namesTag(prepared, qualifier) || (options?.other !== undefined && namesTag(options.other, qualifier));
      if (named) score += SEARCH_POINTS.namedQualifier;
    }
  }
  if (matchedCount > 1) score += SEARCH_POINTS.perWordWhenSeveral * matchedCount;
  if (allMatched) score += SEARCH_POINTS.allKeywords;

  let matchLabel: MatchLabel = 'qualifier';
  if (score === 0) matchLabel = 'none';
  else if ((allMatched || keywords.length === 0) && prepared.titleSignature === signature)
    matchLabel = 'exact';
  else if (allMatched) matchLabel = 'all-words';
  else if (categoryMatched) matchLabel = 'category';
  else if (matchedCount > 0) matchLabel = 'partial';
  return { score, matchedWords, matchLabel, complete: allMatched, inOwnLanguage };
}
