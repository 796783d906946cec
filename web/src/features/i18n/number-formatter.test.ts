import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../common/constants.js';
import { uiCatalog } from '../../../../common/i18n/index.js';
import { INTERPOLATION, numberFormatter } from './number-formatter.js';

async function translator(language: string) {
  const instance = i18next.createInstance().use(numberFormatter);
  await instance.init({
    lng: language,
    resources: Object.fromEntries(LANGUAGES.map((code) => [code, { translation: uiCatalog[code] }])),
    interpolation: INTERPOLATION,
  });
  return instance.t;
}

describe('numbers inside texts', () => {
  it('groups the digits of a count as each language does, in texts written with or without ", number"', async () => {
    const written = {
      // French groups with a narrow or plain non-breaking space, depending on the ICU version.
      fr: /^12[\u00a0\u202f]345 sujets \/ 12[\u00a0\u202f]345 votes$/,
      en: /^12,345 topics \/ 12,345 votes$/,
      es: /^12\.345 temas \/ 12\.345 votos$/,
      de: /^12\.345 Themen \/ 12\.345 Stimmen$/,
    } as const;
    for (const language of LANGUAGES) {
      const t = await translator(language);
      const count = 12_345;
      // adminCatalogue.count.topics says {{count}}; search.votes says {{count, number}}.
      expect(`${t('adminCatalogue.count.topics', { count })} / ${t('search.votes', { count })}`).toMatch(
        written[language],
      );
    }
  });

  it('leaves small numbers and words as they are', async () => {
    const t = await translator('fr');
    expect(t('adminCatalogue.count.topics', { count: 2 })).toBe('2 sujets');
    expect(t('search.votes', { count: 1 })).toBe('1 vote');
  });

  it('writes whole numbers exactly as Intl.NumberFormat does in each language, from -10^10 to 10^10', () => {
    const values = [0, 7, 999, 1000, 1234, 9999, 10_000, 12_345, 123_456, 1_000_000, 9_876_543_210];
    for (const language of LANGUAGES)
      for (const value of [...values, ...values.map((v) => -v)]) {
        const expected = new Intl.NumberFormat(language).format(value);
        expect(numberFormatter.format(value, undefined, language, {})).toBe(expected);
      }
  });

  it('writes fractions and other languages through Intl.NumberFormat', () => {
    expect(numberFormatter.format(1234.5, undefined, 'en', {})).toBe('1,234.5');
    expect(numberFormatter.format(12_345, undefined, 'it', {})).toBe(
      new Intl.NumberFormat('it').format(12_345),
    );
  });
});
