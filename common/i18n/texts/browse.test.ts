import { describe, expect, it } from 'vitest';
import { uiCatalog } from '../index.js';

describe('the browse texts', () => {
  it('seeds the wording SPEC.md quotes: English error and empty texts, French card fallbacks', () => {
    expect(uiCatalog.en['home.popular.errorFetch']).toBe('Failed to fetch topics');
    expect(uiCatalog.en['home.popular.errorLoad']).toBe('Failed to load popular topics');
    expect(uiCatalog.en['home.popular.empty']).toBe('No Topics Available');
    expect(uiCatalog.en['browse.tryAgain']).toBe('Try Again');
    expect(uiCatalog.en['topic.errorFetch']).toBe('Failed to fetch topic');
    expect(uiCatalog.fr['topic.untitled']).toBe('Sans titre');
    expect(uiCatalog.fr['topic.noTags']).toBe('Aucun tag');
  });
});
