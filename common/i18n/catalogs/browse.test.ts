import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../constants.js';
import { browseCatalog } from './browse.js';

describe('browseCatalog', () => {
  it('defines the same keys, all non-empty, in every language', () => {
    const frenchKeys = Object.keys(browseCatalog.fr).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(browseCatalog[language]).sort()).toEqual(frenchKeys);
      for (const text of Object.values(browseCatalog[language])) expect(text.trim()).not.toBe('');
    }
  });

  it('seeds the wording SPEC.md quotes: English error and empty texts, French card fallbacks', () => {
    expect(browseCatalog.en['home.popular.errorFetch']).toBe('Failed to fetch topics');
    expect(browseCatalog.en['home.popular.errorLoad']).toBe('Failed to load popular topics');
    expect(browseCatalog.en['home.popular.empty']).toBe('No Topics Available');
    expect(browseCatalog.en['browse.tryAgain']).toBe('Try Again');
    expect(browseCatalog.en['topic.errorFetch']).toBe('Failed to fetch topic');
    expect(browseCatalog.fr['topic.untitled']).toBe('Sans titre');
    expect(browseCatalog.fr['topic.noTags']).toBe('Aucun tag');
  });
});
