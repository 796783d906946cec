import { describe, expect, it } from 'vitest';
import { isSingleScript } from './scripts.js';

describe('isSingleScript', () => {
  it('accepts names in one script, with digits and punctuation, in any language', () => {
    for (const name of [
      'chloé.martin',
      'Jürgen_42',
      'Алексей',
      'Νίκος',
      'محمد',
      'たなか太郎',
      '김민준',
      'josé'.normalize('NFD'),
    ]) {
      expect(isSingleScript(name), name).toBe(true);
    }
  });

  it('refuses a Latin name with a Cyrillic or Greek look-alike letter inside', () => {
    expect(isSingleScript('\u0430dmin')).toBe(false); // Cyrillic а
    expect(isSingleScript('p\u0430ypal')).toBe(false);
    expect(isSingleScript('\u03bfscar')).toBe(false); // Greek ο
  });
});
