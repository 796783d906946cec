import type { Language } from '../constants.js';

/** One feature's UI texts: semantic dotted key -> text, for each of the four languages. */
export type CatalogTexts = Record<string, string>;
export type FeatureCatalog = Record<Language, CatalogTexts>;

/** Merges feature catalogs; a key defined twice is a programming error caught at start-up and in tests. */
export function mergeCatalogs(catalogs: readonly FeatureCatalog[]): FeatureCatalog {
  const merged: FeatureCatalog = { fr: {}, en: {}, es: {}, de: {} };
  for (const catalog of catalogs) {
    for (const language of Object.keys(merged) as Language[]) {
      for (const [key, text] of Object.entries(catalog[language])) {
        if (key in merged[language]) throw new Error(`UI translation key defined twice: ${key}`);
        merged[language][key] = text;
      }
    }
  }
  return merged;
}
