import { describe, expect, it } from 'vitest';
import { editDistance } from '../text/edit-distance.js';
import { MAX_TYPO_TERMS, TermVocabulary, typoBound } from './term-vocabulary.js';

const vocabulary = (...terms: string[]) => new TermVocabulary(terms.map((term) => [term, 1] as const));

describe('typoBound', () => {
  it('allows no typo under 4 typed letters, one from 4, two from 8', () => {
    expect([2, 3, 4, 7, 8, 12].map((typed) => typoBound(typed))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('allows two edits from 5 typed letters when the indexed word has 8 or more', () => {
    expect(typoBound(7, 9)).toBe(2); // "crosant" for "croissant"
    expect(typoBound(5, 8)).toBe(2);
    expect(typoBound(4, 9)).toBe(1);
    expect(typoBound(5, 7)).toBe(1);
    expect(typoBound(5, 5)).toBe(1); // "tapas" does not find "tacos"
  });
});

describe('TermVocabulary.typos', () => {
  const words = new TermVocabulary([
    ['pizza', 50],
    ['pizzas', 3],
    ['piazza', 2],
    ['paris', 40],
    ['croissant', 10],
    ['hamburger', 8],
    ['schnitzel', 5],
    ['paella', 4],
    ['churros', 4],
    ['tapas', 9],
    ['munchen', 6],
    ['cafe', 20],
    ['cake', 2],
  ]);

  it.each([
    ['piza', 'pizza'],
    ['croisant', 'croissant'],
    ['hamburgr', 'hamburger'],
    ['shnitzel', 'schnitzel'],
    ['paela', 'paella'],
    ['churos', 'churros'],
    ['tappas', 'tapas'],
    ['muenchen', 'munchen'],
    ['pizaz', 'pizza'],
    ['crosant', 'croissant'],
    ['shnitzl', 'schnitzel'],
  ])('finds %s -> %s', (typed, meant) => {
    expect(words.typos(typed)[0]?.term).toBe(meant);
  });

  it('puts one edit before two, then the more used word', () => {
    expect(words.typos('piza').map((typo) => typo.term)).toEqual(['pizza']);
    // "pizzs" is one edit from pizza (50 postings) and pizzas (3): the more used first.
    expect(words.typos('pizzs').map((typo) => typo.term)).toEqual(['pizza', 'pizzas']);
    expect(words.typos('scchnitzle')).toEqual([{ term: 'schnitzel', distance: 2 }]);
  });

  it('counts a swap of two neighbours as one edit', () => {
    expect(words.typos('cafe')).toEqual([{ term: 'cake', distance: 1 }]);
    expect(words.typos('caef')).toEqual([{ term: 'cafe', distance: 1 }]);
  });

  it('never expands words under 4 letters, nor returns the word itself', () => {
    expect(words.typos('caf')).toEqual([]);
    expect(words.typos('pizza').map((typo) => typo.term)).not.toContain('pizza');
  });

  it('keeps at most MAX_TYPO_TERMS', () => {
    const many = vocabulary(
      ...Array.from({ length: 30 }, (_, i) => `ab${String.fromCharCode(97 + (i % 26))}d`),
    );
    expect(many.typos('abxd').length).toBeLessThanOrEqual(MAX_TYPO_TERMS);
  });

  it('learns added words', () => {
    const learning = vocabulary('pizza');
    expect(learning.typos('quoka')).toEqual([]);
    learning.add(['quokka']);
    expect(learning.typos('quoka')).toEqual([{ term: 'quokka', distance: 1 }]);
    expect(learning.count('quokka')).toBe(1);
  });
});

describe('TermVocabulary.within', () => {
  it('finds exactly what a scan with editDistance finds', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const randomWord = () =>
      Array.from({ length: 3 + Math.floor(random() * 8) }, () => 'abcde'[Math.floor(random() * 5)]).join('');
    const terms = [...new Set(Array.from({ length: 2000 }, randomWord))];
    const index = vocabulary(...terms);
    for (let q = 0; q < 200; q++) {
      const word = randomWord();
      for (const maxEdits of [1, 2]) {
        const expected = terms
          .map((term) => ({ term, distance: editDistance(word, term, maxEdits) }))
          .filter((found) => found.distance <= maxEdits)
          .sort((a, b) => (a.term < b.term ? -1 : 1));
        expect(index.within(word, maxEdits)).toEqual(expected);
      }
    }
  });

  it('counts the postings of a word start', () => {
    expect(
      new TermVocabulary([
        ['pizza', 5],
        ['pizzas', 2],
        ['paris', 9],
      ]).prefixCount('pizz'),
    ).toBe(7);
  });
});
