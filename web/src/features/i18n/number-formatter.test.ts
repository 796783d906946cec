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
});
