import { describe, expect, it } from 'vitest';
import { findTwin, twinKey } from './twin-names.js';

const twinOf = (typed: string, names: readonly string[]) => findTwin(typed, names, (name) => name);

describe('twin names', () => {
  it('joins names that differ by case, accents, punctuation, spacing or the word "and" in any language', () => {
    const existing = ['Grill & Chill'];
    for (const typed of [
      'Grill and Chill',
      'grill & chill',
      'Grill et Chill',
      'Grill y Chill',
      'Grill und Chill',
      'GrillChill',
      'GRÏLL-CHILL',
    ]) {
      expect(twinOf(typed, existing), typed).toBe('Grill & Chill');
    }
  });

  it('keeps "and" that starts or ends a name, and words that only contain it', () => {
    expect(twinKey('And Co')).not.toBe(twinKey('Co'));
    expect(twinKey('Rock and')).not.toBe(twinKey('Rock'));
    expect(twinOf('Sandy Bar', ['Sy Bar'])).toBeUndefined();
  });

  it('joins a one-letter slip of a name of six letters or more', () => {
    expect(twinOf('Grill and Chlil', ['Grill & Chill'])).toBe('Grill & Chill');
    expect(twinOf('Pizzeria Da Marcco', ['Pizzeria Da Marco'])).toBe('Pizzeria Da Marco');
    expect(twinOf('Trattoria', ['Tratoria'])).toBe('Tratoria');
  });

  it('keeps short names apart: one letter is too much of them', () => {
    expect(twinOf('Bistro', ['Bistrot'])).toBe('Bistrot');
    expect(twinOf('Le Bar', ['Le Bart'])).toBeUndefined();
  });

  it('keeps apart names where one letter of a short word makes another word', () => {
    expect(twinOf('Pizzeria Da Mario', ['Pizzeria Da Marco'])).toBeUndefined();
    expect(twinOf('Jardin Rosa', ['Jardin Rose'])).toBeUndefined();
    expect(twinOf('Chez Marc', ['Chez Marco'])).toBeUndefined();
    expect(twinOf('Chez Marcco', ['Chez Marco'])).toBe('Chez Marco');
    expect(twinOf('Chez Mraco', ['Chez Marco'])).toBe('Chez Marco');
  });

  it('does not join a name one edit from two existing names: it cannot tell which', () => {
    expect(twinOf('Marcelo', ['Marcela', 'Marcel'])).toBeUndefined();
  });

  it('prefers the name equal up to spelling over one a letter away', () => {
    expect(twinOf('Grill and Chill', ['Grill & Chilli', 'Grill & Chill'])).toBe('Grill & Chill');
  });

  it('keeps numbered names apart even one edit away', () => {
    expect(twinOf('Rocky III', ['Rocky II'])).toBeUndefined();
    expect(twinOf('Route 67', ['Route 66'])).toBeUndefined();
    expect(twinOf('Ocean 12', ['Ocean 11'])).toBeUndefined();
    expect(twinOf('Rocky II', ['Rocky II'])).toBe('Rocky II');
  });

  it('two edits are two different names', () => {
    expect(twinOf('Pizzeria Da Marioo', ['Pizzeria Da Marco'])).toBeUndefined();
  });
});
