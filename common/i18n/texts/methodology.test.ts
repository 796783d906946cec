import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../constants.js';
import { uiCatalog } from '../index.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('the methodology texts', () => {
  it('states the same figures in every language: each text has the placeholders of its French one', () => {
    const methodology = Object.entries(uiCatalog.fr).filter(([key]) => key.startsWith('methodology.'));
    expect(methodology.length).toBeGreaterThan(0);
    for (const [key, french] of methodology)
      for (const language of LANGUAGES)
        expect(placeholders(uiCatalog[language][key] ?? ''), `${key} in ${language}`).toEqual(
          placeholders(french),
        );
  });
});
