import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../constants.js';
import { methodologyCatalog } from './methodology.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('methodologyCatalog', () => {
  it('states the same figures in every language: each text has the placeholders of its French one', () => {
    for (const [key, french] of Object.entries(methodologyCatalog.fr))
      for (const language of LANGUAGES)
        expect(placeholders(methodologyCatalog[language][key] ?? ''), `${key} in ${language}`).toEqual(
          placeholders(french),
        );
  });
});
