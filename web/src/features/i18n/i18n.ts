import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '../../../../common/constants.js';
import { INTERPOLATION, numberFormatter } from './number-formatter.js';

/**
 * The app's i18next instance. It ships no texts: catalogs arrive from the API at start and on
 * every language switch, so an administrator's edit shows up without a new build.
 */
export const i18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use(numberFormatter)
  .init({
    lng: DEFAULT_LANGUAGE,
    resources: {},
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
