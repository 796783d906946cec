import { LANGUAGES, type Language } from '../languages.js';

/** One language's UI texts: semantic dotted key -> text. */
export type CatalogTexts = Record<string, string>;

/**
 * Every UI text the product ships: one file per language, `./languages/<code>.json` (flat key -> text,
 * keys sorted), the file translators and translation platforms work on (decision 030). The server inserts
 * missing keys at every start and never overwrites an administrator's edit; browsers get them from the
 * server (the page's boot catalog, GET /api/i18n/...), never in the bundle: only the server imports this.
 * The files are found by the language list alone, so a new language needs no code here (the server's
 * bundler takes every file the pattern can name).
 */
export const uiCatalog: Record<Language, CatalogTexts> = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async (code) => {
      const file = (await import(`./languages/${code}.json`, { with: { type: 'json' } })) as {
        default: CatalogTexts;
      };
      return [code, file.default] as const;
    }),
  ),
) as Record<Language, CatalogTexts>;
