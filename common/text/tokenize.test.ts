import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('splits folded text into words', () => {
    expect(tokenize("Meilleure pizzéria d'Île-de-France")).toEqual([
      'meilleure',
      'pizzeria',
      'd',
      'ile',
      'de',
      'france',
    ]);
  });

  it('returns no words for blank or punctuation-only text', () => {
    expect(tokenize('   ')).toEqual([]);
    expect(tokenize('--!')).toEqual([]);
  });

  it('keeps words of other scripts and digits', () => {
    expect(tokenize('Москва 2024')).toEqual(['москва', '2024']);
  });
});
