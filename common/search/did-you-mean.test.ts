import { describe, expect, it } from 'vitest';
import { didYouMean, Vocabulary } from './did-you-mean.js';

const titles = [
  'Best pizza in Paris',
  'Top restaurants in Lyon',
  'Restaurant guide',
  'Café culture',
  'Pita bread',
];

describe('didYouMean', () => {
  it('corrects a short word by one edit', () => {
    expect(didYouMean('piza', ['pizza'])).toEqual(['pizza']);
  });

  it('corrects a longer word by up to two edits', () => {
    expect(didYouMean('resturant', titles)[0]).toBe('restaurant');
    expect(didYouMean('restrnt', titles)).toEqual([]);
  });

  it('keeps qualifiers and stop words as typed', () => {
    expect(didYouMean('beste Piza', titles)[0]).toBe('beste pizza');
    expect(didYouMean(['beste', 'Piza'], titles)[0]).toBe('beste pizza');
  });

  it('suggests the vocabulary spelling with its accents', () => {
    expect(didYouMean('restaurant cafee', titles)).toEqual(['restaurant café']);
  });

  it('prefers the more frequent of two equally close words', () => {
    const frequencies = new Map([
      ['pizza', 50],
      ['pita', 2],
    ]);
    expect(didYouMean('pizta', frequencies)).toEqual(['pizza', 'pita']);
    expect(didYouMean('pizta', new Map([...frequencies, ['pita', 90]]))).toEqual(['pita', 'pizza']);
  });

  it('prefers the word sharing the longer start when equally close and frequent', () => {
    expect(didYouMean('piza', ['pita', 'pizza'])).toEqual(['pizza', 'pita']);
  });

  it('prefers a closer word to a more frequent one', () => {
    expect(
      didYouMean(
        'pizaa',
        new Map([
          ['pizza', 1],
          ['plaza', 100],
        ]),
      ),
    ).toEqual(['pizza', 'plaza']);
  });

  it('gives up to max suggestions, each different from the query', () => {
    const suggestions = didYouMean('pika', ['pita', 'pizza', 'pina', 'pica', 'pike'], 3);
    expect(suggestions).toHaveLength(3);
    expect(new Set(suggestions).size).toBe(3);
    expect(suggestions).not.toContain('pika');
  });

  it('suggests nothing when every word is known or uncorrectable', () => {
    expect(didYouMean('pizza paris', titles)).toEqual([]);
    expect(didYouMean('xylophone', titles)).toEqual([]);
  });

  it('reuses a prepared vocabulary', () => {
    const vocabulary = new Vocabulary(titles);
    expect(vocabulary.has('cafe')).toBe(true);
    expect(didYouMean('Lyonn pizzza', vocabulary)).toEqual(['lyon pizza']);
  });
});
