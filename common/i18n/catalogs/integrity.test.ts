import { describe, expect, it } from 'vitest';
import { QUARANTINE_REASONS } from '../../api/ballot-counting.js';
import { LANGUAGES } from '../../constants.js';
import { integrityCatalog } from './integrity.js';

describe('integrityCatalog', () => {
  it('defines the same keys, all non-empty, in every language', () => {
    const frenchKeys = Object.keys(integrityCatalog.fr).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(integrityCatalog[language]).sort()).toEqual(frenchKeys);
      for (const text of Object.values(integrityCatalog[language])) expect(text.trim()).not.toBe('');
    }
  });

  it('names every quarantine reason the server accepts', () => {
    for (const reason of QUARANTINE_REASONS)
      expect(integrityCatalog.en[`integrity.reason.${reason}`]).toBeTruthy();
  });
});
