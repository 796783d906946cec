import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.js';
import { foldText } from '../text/fold.js';
import { parseQuery } from './parse-query.js';
import {
  CATEGORY_HINT_WORDS,
  isQualifierWord,
  QUALIFIER_WORDS,
  QUERY_WORDS,
  STOP_WORDS,
} from './query-words.js';

describe('query word lists', () => {
  it('has stop words, qualifiers and category hints for every language the product ships', () => {
    for (const language of LANGUAGES) {
      const lists = QUERY_WORDS[language];
      if (!lists) throw new Error(`no query words for ${language}`);
      expect(lists.stopWords.length).toBeGreaterThan(5);
      expect(lists.qualifiers.length).toBeGreaterThan(5);
      expect(lists.categoryHints.length).toBeGreaterThan(5);
    }
  });

  it("contains SPEC.md's English words", () => {
    for (const word of ['in', 'at', 'the', 'and', 'or', 'for', 'of', 'with', 'to', 'from']) {
      expect(STOP_WORDS.has(word)).toBe(true);
    }
    for (const word of ['best', 'top', 'great', 'good', 'worst', 'favorite', 'popular']) {
      expect(QUALIFIER_WORDS.has(word)).toBe(true);
    }
    for (const word of ['food', 'restaurant', 'entertainment', 'activity', 'place', 'service']) {
      expect(CATEGORY_HINT_WORDS.has(word)).toBe(true);
    }
  });

  it('stores words folded', () => {
    for (const set of [STOP_WORDS, QUALIFIER_WORDS, CATEGORY_HINT_WORDS]) {
      for (const word of set) expect(foldText(word)).toBe(word);
    }
    expect(STOP_WORDS.has('fur')).toBe(true);
    expect(QUALIFIER_WORDS.has('preferee')).toBe(true);
    expect(CATEGORY_HINT_WORDS.has('aktivitat')).toBe(true);
  });

  it('never lists a word both as a stop word and as a meaningful word', () => {
    for (const word of STOP_WORDS) {
      expect(QUALIFIER_WORDS.has(word) || CATEGORY_HINT_WORDS.has(word)).toBe(false);
    }
  });

  it('recognises German "Lieblings" compounds as qualifiers', () => {
    expect(isQualifierWord('lieblingsfilm')).toBe(true);
    expect(isQualifierWord('film')).toBe(false);
  });

  it('reads price words as qualifiers in the four languages (issue 22)', () => {
    expect(parseQuery('croissant bordeaux pas cher')).toMatchObject({
      keywords: ['croissant', 'bordeaux'],
      qualifiers: ['cher'],
    });
    for (const [query, qualifier] of [
      ['falafel madrid cheap', 'cheap'],
      ['café barato', 'barato'],
      ['Döner Berlin günstig', 'gunstig'],
      ['mejor pizza', 'mejor'],
      ['beste Pizza', 'beste'],
      ['meilleur café', 'meilleur'],
    ]) {
      expect(parseQuery(query as string).qualifiers).toEqual([qualifier]);
    }
  });
});
