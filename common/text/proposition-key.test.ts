import { describe, expect, it } from 'vitest';
import { propositionKey } from './proposition-key.js';

describe('propositionKey', () => {
  it('gives the same key to names that differ by case, accents and spacing', () => {
    const key = propositionKey('Pizzeria Da Marco');
    expect(propositionKey(' pizzeria  da marco ')).toBe(key);
    expect(propositionKey('Pizzéria da Marco')).toBe(key);
    expect(propositionKey('PIZZERIA DA MARCO')).toBe(key);
  });

  it('gives different keys to different names', () => {
    expect(propositionKey('Pizzeria Da Marco')).not.toBe(propositionKey('Pizzeria Da Mario'));
  });

  it('ignores punctuation between words', () => {
    expect(propositionKey('AC/DC')).toBe(propositionKey('ac dc'));
  });
});
