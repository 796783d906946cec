import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../common/constants.js';
import { uiCatalog } from '../../../../common/i18n/index.js';
import { numberFormats } from './useNumberFormat.js';

/** What a reader of each language sees for counts: its own plural forms, digits and percent sign. */
async function translator(language: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: Object.fromEntries(LANGUAGES.map((code) => [code, { translation: uiCatalog[code] }])),
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('counts and numbers in each language', () => {
  it('writes percentages and large numbers the way each language does', () => {
    // French, Spanish and German keep the sign on the number's line: a non-breaking space (which one
    // depends on the browser's ICU version).
    for (const language of ['fr', 'es', 'de'])
      expect(numberFormats(language).percent(90)).toMatch(/^90[\u00a0\u202f]%$/);
    expect(numberFormats('en').percent(90)).toBe('90%');
    expect(numberFormats('fr').number(12345)).toMatch(/^12[\u00a0\u202f]345$/);
    expect(numberFormats('de').number(12345)).toBe('12.345');
  });

  it('writes an average with one decimal and the language\u2019s decimal mark', () => {
    expect(numberFormats('en').decimal(2)).toBe('2.0');
    expect(numberFormats('en').decimal(1.6667)).toBe('1.7');
    for (const language of ['fr', 'es', 'de'])
      expect(numberFormats(language).decimal(1.25)).toMatch(/^1,[23]$/);
  });

  it('picks singular and plural forms, with no "(s)" anywhere', async () => {
    const expected = {
      fr: ['0 sujet', '1 sujet', '2 sujets'],
      en: ['0 topics', '1 topic', '2 topics'],
      es: ['0 temas', '1 tema', '2 temas'],
      de: ['0 Themen', '1 Thema', '2 Themen'],
    } as const;
    for (const language of LANGUAGES) {
      const t = await translator(language);
      expect([0, 1, 2].map((count) => t('adminCatalogue.count.topics', { count }))).toEqual(
        expected[language],
      );
      expect(Object.values(uiCatalog[language]).filter((text) => text.includes('(s)'))).toEqual([]);
    }
  });
});
