/**
 * The interface and content languages: the one list (decision 030). Everything else derives from it:
 * the Language type, validation, the language menus, Open Graph locales, hreflang, the admin's name
 * editors, the UI catalog (common/i18n/languages/<code>.json) and the seeded names in it.
 *
 * Adding a language: its catalog file with every key of the default language's, then one entry here.
 * Its code is a BCP 47 tag, which Intl's formatters, `<html lang>` and hreflang take as it is.
 */
export const LANGUAGE_LIST = [
  { code: 'fr', label: 'Français', ogLocale: 'fr_FR' },
  { code: 'en', label: 'English', ogLocale: 'en_US' },
  { code: 'es', label: 'Español', ogLocale: 'es_ES' },
  { code: 'de', label: 'Deutsch', ogLocale: 'de_DE' },
] as const satisfies readonly LanguageEntry[];

export interface LanguageEntry {
  /** BCP 47 code: the `?lng=` of addresses, `<html lang>`, hreflang, the catalog's file name. */
  code: string;
  /** The language's name in itself, as menus list it. */
  label: string;
  /** Open Graph's `language_TERRITORY` form (og:locale). */
  ogLocale: string;
}

export type Language = (typeof LANGUAGE_LIST)[number]['code'];

/** Language codes in the order the language menu lists them. */
export const LANGUAGES: readonly [Language, ...Language[]] = LANGUAGE_LIST.map((entry) => entry.code) as [
  Language,
  ...Language[],
];

export const LANGUAGE_LABELS = Object.fromEntries(
  LANGUAGE_LIST.map((entry) => [entry.code, entry.label]),
) as Record<Language, string>;

/** A language's Open Graph locale (a function: the browser's bundle, which never reads it, leaves it out). */
export function ogLocale(language: Language): string {
  return LANGUAGE_LIST.find((entry) => entry.code === language)?.ogLocale ?? language;
}

export const DEFAULT_LANGUAGE: Language = 'fr';
/** Categories and tags are named in English on their own row; their other names are translations. */
export const BASE_NAME_LANGUAGE = 'en' satisfies Language;

/** A language a catalogue entity's name is translated into: any but the base name's. */
export type OtherLanguage = Exclude<Language, typeof BASE_NAME_LANGUAGE>;
export const OTHER_LANGUAGES = LANGUAGES.filter((code): code is OtherLanguage => code !== BASE_NAME_LANGUAGE);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
