/**
 * Spelling suggestions for a search that found nothing. Each query word that is not a known word,
 * a stop word or a qualifier is replaced by the closest vocabulary word by edit distance on folded
 * forms (at most 1 edit for words of up to 4 letters, 2 for longer ones; ties go to the more
 * frequent word, then to the longer common start, since typos are rarer in a word's first letters,
 * then to alphabetical order). The first suggestion corrects every word with its best
 * candidate; the next ones each swap one word for its next-best candidate.
 */
import { editDistance } from '../text/edit-distance.js';
import { foldText } from '../text/fold.js';
import { MIN_QUERY_WORD_LENGTH } from './parse-query.js';
import { isQualifierWord, STOP_WORDS } from './query-words.js';

export const DID_YOU_MEAN_MAX = 3;
const SHORT_WORD_LENGTH = 4;
const ONLY_DIGITS = /^\p{N}+$/u;

/** Maximum edits allowed to correct a word of this many characters. */
export function allowedEdits(length: number): number {
  return length <= SHORT_WORD_LENGTH ? 1 : 2;
}

// Letters, digits and combining marks: a word as typed, before folding, so suggestions keep accents.
const RAW_WORD = /[\p{L}\p{N}\p{M}]+/gu;

function rawWords(text: string): string[] {
  return text.toLowerCase().match(RAW_WORD) ?? [];
}

interface VocabularyWord {
  folded: string;
  /** As first seen, lower-cased ("café"), for display. */
  display: string;
  frequency: number;
}

interface Correction {
  word: VocabularyWord;
  distance: number;
  sharedStart: number;
}

function sharedStartLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a.charCodeAt(length) === b.charCodeAt(length)) length++;
  return length;
}

/** Words search knows (topic titles, tag and category names), folded once for spelling correction. */
export class Vocabulary {
  private readonly words = new Map<string, VocabularyWord>();
  private readonly byLength = new Map<number, VocabularyWord[]>();

  /** From texts (each occurrence counts once) or from texts with their frequency. */
  constructor(source: Iterable<string> | ReadonlyMap<string, number>) {
    const entries: Iterable<readonly [string, number]> =
      source instanceof Map ? source : Array.from(source as Iterable<string>, (text) => [text, 1] as const);
    for (const [text, frequency] of entries) {
      for (const display of rawWords(text)) this.add(display.normalize('NFC'), frequency);
    }
  }

  private add(display: string, frequency: number): void {
    const folded = foldText(display);
    if (folded === '' || folded.includes(' ')) return;
    const known = this.words.get(folded);
    if (known !== undefined) {
      known.frequency += frequency;
      return;
    }
    const word: VocabularyWord = { folded, display, frequency };
    this.words.set(folded, word);
    const sameLength = this.byLength.get(folded.length);
    if (sameLength === undefined) this.byLength.set(folded.length, [word]);
    else sameLength.push(word);
  }

  has(foldedWord: string): boolean {
    return this.words.has(foldedWord);
  }

  /** Known words within the allowed edits of `foldedWord`, closest, then most frequent, first. */
  corrections(foldedWord: string, limit: number): Correction[] {
    const maxEdits = allowedEdits(foldedWord.length);
    const found: Correction[] = [];
    for (let length = foldedWord.length - maxEdits; length <= foldedWord.length + maxEdits; length++) {
      for (const word of this.byLength.get(length) ?? []) {
        const distance = editDistance(foldedWord, word.folded, maxEdits);
        if (distance <= maxEdits) {
          found.push({ word, distance, sharedStart: sharedStartLength(foldedWord, word.folded) });
        }
      }
    }
    return found
      .sort(
        (a, b) =>
          a.distance - b.distance ||
          b.word.frequency - a.word.frequency ||
          b.sharedStart - a.sharedStart ||
          (a.word.folded < b.word.folded ? -1 : a.word.folded > b.word.folded ? 1 : 0),
      )
      .slice(0, limit);
  }
}

function needsCorrection(folded: string, vocabulary: Vocabulary): boolean {
  return (
    folded.length >= MIN_QUERY_WORD_LENGTH &&
    !ONLY_DIGITS.test(folded) &&
    !STOP_WORDS.has(folded) &&
    !isQualifierWord(folded) &&
    !vocabulary.has(folded)
  );
}

/** Up to `max` corrected queries, each different from the original (rules in this module's comment). */
export function didYouMean(
  query: string | readonly string[],
  vocabulary: Vocabulary | Iterable<string> | ReadonlyMap<string, number>,
  max: number = DID_YOU_MEAN_MAX,
): string[] {
  const known = vocabulary instanceof Vocabulary ? vocabulary : new Vocabulary(vocabulary);
  const words = rawWords(typeof query === 'string' ? query : query.join(' '));
  const options = words.map((word) => {
    const folded = foldText(word);
    const corrections = needsCorrection(folded, known) ? known.corrections(folded, max) : [];
    return corrections.length === 0 ? [word] : corrections.map((correction) => correction.word.display);
  });

  const original = words.join(' ');
  const best = options.map((choices) => choices[0] as string);
  const suggestions = new Set<string>([best.join(' ')]);
  for (let rank = 1; rank < max; rank++) {
    options.forEach((choices, position) => {
      const alternative = choices[rank];
      if (alternative !== undefined) suggestions.add(best.with(position, alternative).join(' '));
    });
  }
  suggestions.delete(original);
  return [...suggestions].slice(0, Math.max(0, max));
}
