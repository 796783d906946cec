import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_LIST, LANGUAGES } from './languages.js';

describe('the languages the product ships', () => {
  it('are French, English, Spanish and German, French first', () => {
    expect(LANGUAGES).toEqual(['fr', 'en', 'es', 'de']);
  });

  it('each have one catalog file, and no other catalog file ships', () => {
    const files = readdirSync(new URL('./i18n/languages/', import.meta.url)).filter((name) =>
      name.endsWith('.json'),
    );
    expect(files.sort()).toEqual(LANGUAGES.map((code) => `${code}.json`).sort());
  });

  it('each have an Open Graph locale of the language_TERRITORY form', () => {
    for (const entry of LANGUAGE_LIST) expect(entry.ogLocale).toMatch(new RegExp(`^${entry.code}_[A-Z]{2}$`));
  });
});
