import type { Language } from '../constants.js';

/** One feature's UI texts: semantic dotted key -> text, for each of the four languages. */
export type CatalogTexts = Record<string, string>;
export type FeatureCatalog = Record<Language, CatalogTexts>;

/** [fr, en, es, de]: the four texts of one key side by side, so that a missing translation shows. */
export type CatalogRow = readonly [fr: string, en: string, es: string, de: string];

/** A feature catalog written as one row of four texts per key. */
export function catalogFromRows(rows: Record<string, CatalogRow>): FeatureCatalog {
  const column = (index: 0 | 1 | 2 | 3) =>
    Object.fromEntries(Object.entries(rows).map(([key, values]) => [key, values[index]]));
  return { fr: column(0), en: column(1), es: column(2), de: column(3) };
}

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
