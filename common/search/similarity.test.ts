import { describe, expect, it } from 'vitest';
import { SIMILARITY_SCORES, similarity, suggestSimilar } from './similarity.js';

describe('similarity', () => {
  it('is 1 for names equal once normalised', () => {
    expect(similarity('Pizzeria Da Marco', '  pizzéria  da MARCO ')).toBe(1);
  });

  it('is 0.9 when one name contains the other', () => {
    expect(similarity('Da Marco', 'Pizzeria Da Marco')).toBe(0.9);
    expect(similarity('Pizzeria Da Marco', 'marco')).toBe(0.9);
  });

  it('does not count a contained name under 3 characters', () => {
    expect(similarity('de', 'Pizzeria de Marco')).toBeLessThan(0.6);
  });

  it('is at least 0.7 when a word is shared', () => {
    // character ratio: 2 x 9 ("pizzeria" + "o") / (12 + 14) = 0.69, raised to 0.7
    expect(similarity('Pizzeria Roma', 'Pizzeria Napoli')).toBe(0.7);
  });

  it('does not count a shared stop word', () => {
    expect(similarity('Le Petit Zinc', 'Le Grand Véfour')).toBeLessThan(0.6);
  });

  it('is the common-character ratio otherwise', () => {
    // 2 x LCS("pizzaria", "pizzeria") = 2 x 7 / (8 + 8)
    expect(similarity('Pizzaria', 'Pizzeria')).toBeCloseTo(0.875);
    // 2 x LCS("abc", "xyz") = 0
    expect(similarity('abc', 'xyz')).toBe(0);
  });

  it('keeps the character ratio under the containment score', () => {
    // 2 x 14 / 30 = 0.93 without the cap
    expect(similarity('Pizzaria da Marco', 'Pizzeria da Marco')).toBe(SIMILARITY_SCORES.maxCharacterRatio);
  });

  it('does not take anagrams for similar names', () => {
    expect(similarity('listen', 'silent')).toBeLessThan(0.6);
  });

  it('is 0 when a name is blank', () => {
    expect(similarity('', 'Pizza')).toBe(0);
    expect(similarity('!!', '??')).toBe(0);
  });

  it('is symmetric', () => {
    expect(similarity('Chez Paul', 'Paul Bocuse')).toBe(similarity('Paul Bocuse', 'Chez Paul'));
  });
});

describe('suggestSimilar', () => {
  const names = [
    'Pizzeria Da Marco',
    'Trattoria Roma',
    'Da Marco',
    'Sushi Bar',
    'Pizzeria Napoli',
    'Marco Polo',
  ];

  it('returns the 3 best names at or above 0.6, best first, with a percent', () => {
    expect(suggestSimilar('Pizzeria da Marc', names)).toEqual([
      { name: 'Pizzeria Da Marco', score: 0.9, percent: 90, twin: false },
      { name: 'Pizzeria Napoli', score: 0.7, percent: 70, twin: false },
    ]);
  });

  it('offers first the twin the server would count the name for, then the most similar', () => {
    expect(suggestSimilar('Pizzaria da Marco', names)).toEqual([
      { name: 'Pizzeria Da Marco', score: 0.89, percent: 89, twin: true },
      { name: 'Da Marco', score: 0.9, percent: 90, twin: false },
      { name: 'Marco Polo', score: 0.7, percent: 70, twin: false },
    ]);
    // Below any threshold by its letters alone, a twin is still offered: the server would count it there.
    expect(suggestSimilar('Grill and Chill', ['Grill & Chill'], { threshold: 0.99 })).toMatchObject([
      { name: 'Grill & Chill', twin: true },
    ]);
  });

  it('includes an equal name with score 1', () => {
    expect(suggestSimilar('sushi bar', names)[0]).toEqual({
      name: 'Sushi Bar',
      score: 1,
      percent: 100,
      twin: false,
    });
  });

  it('leaves out names under the threshold', () => {
    expect(suggestSimilar('Burger King', names)).toEqual([]);
  });

  it('accepts another threshold and maximum', () => {
    expect(suggestSimilar('Pizzaria da Marco', names, { max: 1 })).toHaveLength(1);
    expect(suggestSimilar('Pizzeria Rom', names, { threshold: 0.95 })).toEqual([]);
  });

  it('lists names with the same key once', () => {
    expect(suggestSimilar('sushi', ['Sushi Bar', 'sushi bar', 'SUSHI BAR'])).toHaveLength(1);
  });

  it('suggests nothing for a blank input', () => {
    expect(suggestSimilar('  ', names)).toEqual([]);
  });
});
