import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '../../../../common/constants.js';
import { INTERPOLATION, numberFormatter } from './number-formatter.js';

/**
 * An i18next instance with the app's settings. It ships no texts: catalogs arrive from the API (or the
 * page's catalog block) at start and on every language switch, so an administrator's edit shows up
 * without a new build. With `catalog`, it starts in `language` with that catalog, at once.
 */
export function createI18n(language: Language, catalog?: Record<string, string>): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(initReactI18next)
    .use(numberFormatter)
    .init({
      lng: language,
      resources: catalog ? { [language]: { translation: catalog } } : {},
      partialBundledLanguages: true,
      // Keys are flat semantic strings such as `nav.home`, not nested objects.
      keySeparator: false,
      nsSeparator: false,
      fallbackLng: false,
      returnEmptyString: false,
      interpolation: INTERPOLATION,
      react: { useSuspense: false },
      initAsync: false,
    });
  return instance;
}

/**
 * The browser's i18next instance. The server never uses it: each server render has its own
 * (`createI18n`), so two requests in two languages cannot see each other's language.
 */
export const i18n = createI18n(DEFAULT_LANGUAGE);
