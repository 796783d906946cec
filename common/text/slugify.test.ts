import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, slugify } from './slugify.js';

describe('slugify', () => {
  it.each([
    ['lower-cases and hyphenates spaces', 'Best Pizza In Paris', 'best-pizza-in-paris'],
    ['folds accents', 'Crêpes à Montréal', 'crepes-a-montreal'],
    ['spells out ß', 'Beste Straße', 'beste-strasse'],
    ['turns punctuation into single hyphens', "Rock 'n' Roll -- 1950's!", 'rock-n-roll-1950-s'],
    ['trims leading and trailing separators', '  --Hello World--  ', 'hello-world'],
    ['keeps digits', 'Top 10 2024', 'top-10-2024'],
    ['gives an empty slug when nothing is left', '!!!', ''],
  ])('%s', (_case, input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it(`cuts at ${SLUG_MAX_LENGTH} characters without a trailing hyphen`, () => {
    const slug = slugify(`${'a'.repeat(79)} bcd`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slugify('word '.repeat(40)).endsWith('-')).toBe(false);
  });

  it('counts characters, not UTF-16 units, when cutting', () => {
    expect(Array.from(slugify('𠀋'.repeat(100)))).toHaveLength(SLUG_MAX_LENGTH);
  });
});
