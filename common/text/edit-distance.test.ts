import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance.js';

/** Textbook optimal-string-alignment distance, used as the reference. */
function referenceDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => d[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, at(i - 2, j - 2) + cost);
      }
      (d[i] as number[])[j] = value;
    }
  }
  return at(a.length, b.length);
}

describe('editDistance', () => {
  it.each([
    ['pizza', 'pizza', 0],
    ['piza', 'pizza', 1],
    ['resturant', 'restaurant', 1],
    ['pizza', 'pzzia', 2],
    ['ab', 'ba', 1],
    ['ca', 'abc', 3],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
  ])('measures %j to %j as %i', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
  });

  it('counts swapping two neighbouring letters as one edit', () => {
    expect(editDistance('pizza', 'pizaz')).toBe(1);
  });

  it('returns max + 1 as soon as the distance exceeds max', () => {
    expect(editDistance('restaurant', 'pizza', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 1)).toBe(2);
    expect(editDistance('piza', 'pizza', 1)).toBe(1);
  });

  it('agrees with the textbook algorithm on random words', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 9 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 6 }), (a, b, max) => {
        const exact = referenceDistance(a, b);
        expect(editDistance(a, b)).toBe(exact);
        expect(editDistance(a, b, max)).toBe(exact > max ? max + 1 : exact);
      }),
      { numRuns: 3000 },
    );
  });
});
