import { describe, expect, it } from 'vitest';
import { capitalizeFirst } from './capitalize.js';

describe('capitalizeFirst', () => {
  it.each([
    ['food', 'Food'],
    ['FOOD AND DRINKS', 'Food and drinks'],
    ['éCOLES', 'Écoles'],
    ['  sport  ', 'Sport'],
    ['', ''],
    ['ñandú', 'Ñandú'],
  ])('turns %j into %j', (input, expected) => {
    expect(capitalizeFirst(input)).toBe(expected);
  });
});
