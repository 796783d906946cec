/**
 * How alike two proposition names are (SPEC.md section 5), between 0 and 1, on propositionKey forms:
 * - 1 when the keys are equal;
 * - 0.9 when one key contains the other (the shorter one has at least 3 characters, so "a" or
 *   "de" is not found in every name);
 * - otherwise the character ratio 2 * LCS / (length a + length b), where LCS is the longest common
 *   subsequence of the two keys without spaces (order-aware, unlike counting shared letters, so
 *   anagrams do not look alike), capped at 0.89 so that only equal or contained names reach 0.9;
 * - but at least 0.7 when they share a word of 3 or more characters that is not a stop word
 *   (SPEC's "0.7 when a word is shared"; taking the higher of the two keeps a one-letter typo in a
 *   long name above a mere shared word).
 */
import { MAX_SIMILAR_SUGGESTIONS, SIMILARITY_THRESHOLD } from '../constants.js';
import { propositionKey } from '../text/proposition-key.js';
import { findTwin } from '../text/twin-names.js';
import { STOP_WORDS } from './query-words.js';

export const SIMILARITY_SCORES = {
  equal: 1,
  containment: 0.9,
  sharedWord: 0.7,
  maxCharacterRatio: 0.89,
} as const;

const MIN_MEANINGFUL_LENGTH = 3;

interface ComparableName {
  key: string;
  compact: string;
  words: ReadonlySet<string>;
}

function comparable(name: string): ComparableName {
  const key = propositionKey(name);
  const words = key === '' ? [] : key.split(' ');
  return {
    key,
    compact: words.join(''),
    words: new Set(words.filter((word) => word.length >= MIN_MEANINGFUL_LENGTH && !STOP_WORDS.has(word))),
  };
}

let lcsRow = new Int32Array(128);

function longestCommonSubsequence(a: string, b: string): number {
  if (lcsRow.length < b.length + 1) lcsRow = new Int32Array(Math.max(b.length + 1, lcsRow.length * 2));
  const row = lcsRow;
  row.fill(0, 0, b.length + 1);
  for (let i = 0; i < a.length; i++) {
    const charA = a.charCodeAt(i);
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      row[j] = charA === b.charCodeAt(j - 1) ? diagonal + 1 : Math.max(above, row[j - 1] as number);
      diagonal = above;
    }
  }
  return row[b.length] as number;
}

function sharesWord(a: ComparableName, b: ComparableName): boolean {
  const [smaller, larger] = a.words.size <= b.words.size ? [a.words, b.words] : [b.words, a.words];
  for (const word of smaller) if (larger.has(word)) return true;
  return false;
}

function containsTheOther(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length >= MIN_MEANINGFUL_LENGTH && longer.includes(shorter);
}

function similarityOf(a: ComparableName, b: ComparableName): number {
  if (a.key === '' || b.key === '') return 0;
  if (a.key === b.key) return SIMILARITY_SCORES.equal;
  if (containsTheOther(a.key, b.key)) return SIMILARITY_SCORES.containment;
  const ratio = Math.min(
    SIMILARITY_SCORES.maxCharacterRatio,
    (2 * longestCommonSubsequence(a.compact, b.compact)) / (a.compact.length + b.compact.length),
  );
  return sharesWord(a, b) ? Math.max(SIMILARITY_SCORES.sharedWord, ratio) : ratio;
}

/** Similarity of two names between 0 and 1 (rules in this module's comment). */
export function similarity(a: string, b: string): number {
  return similarityOf(comparable(a), comparable(b));
}

export interface SimilarName {
  name: string;
  score: number;
  /** A twin of the input spelled another way: the server would count the input for it (offered first). */
  twin: boolean;
  /** The score as a whole percentage, for display. */
  percent: number;
}

export interface SuggestSimilarOptions {
  threshold?: number;
  max?: number;
}

/**
 * The names most similar to `input` (score at least `threshold`), best first, at most `max`; an
 * equal name is included (score 1). The input's twin (common/text/twin-names.ts), which the server
 * would count the input for, comes first whatever its score. Names with the same key are listed
 * once; ties keep input order.
 */
export function suggestSimilar(
  input: string,
  names: Iterable<string>,
  { threshold = SIMILARITY_THRESHOLD, max = MAX_SIMILAR_SUGGESTIONS }: SuggestSimilarOptions = {},
): SimilarName[] {
  const target = comparable(input);
  if (target.key === '') return [];
  const seenKeys = new Set<string>();
  const candidates: { name: string; comparable: ComparableName }[] = [];
  for (const name of names) {
    const candidate = comparable(name);
    if (seenKeys.has(candidate.key)) continue;
    seenKeys.add(candidate.key);
    candidates.push({ name, comparable: candidate });
  }
  const twin = findTwin(input, candidates, (candidate) => candidate.name);
  const similar: SimilarName[] = [];
  for (const candidate of candidates) {
    const score = similarityOf(target, candidate.comparable);
    const isTwin = candidate === twin && candidate.comparable.key !== target.key;
    if (score >= threshold || isTwin) {
      similar.push({ name: candidate.name, score, percent: Math.round(score * 100), twin: isTwin });
    }
  }
  return similar
    .sort((a, b) => Number(b.twin) - Number(a.twin) || b.score - a.score)
    .slice(0, Math.max(0, max));
}
