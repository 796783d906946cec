import { DEFAULT_LANGUAGE, isLanguage, type Language, STORAGE_KEYS } from '../../../../common/constants.js';
import { writeLanguageCookie } from './language-cookie.js';

export const LANGUAGE_PARAM = 'lng';

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

/** Stores the person's choice: in localStorage for the app, in the `lang` cookie for the server. */
export function rememberLanguage(language: Language): void {
  writeLanguageCookie(language);
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // The choice then lasts only as long as the lng parameter in the address.
  }
}

function browserLanguage(): Language | null {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/**
 * SPEC order: stored choice, then the lng query parameter, then the browser, then French. The cookie
 * is made to match the stored choice (renewing its year, or removing one left behind without a
 * choice), so that the server guesses from the same choice as the app.
 */
export function detectInitialLanguage(): Language {
  const stored = storedLanguage();
  writeLanguageCookie(isLanguage(stored) ? stored : null);
  if (isLanguage(stored)) return stored;
  const fromUrl = new URLSearchParams(window.location.search).get(LANGUAGE_PARAM);
  if (isLanguage(fromUrl)) return fromUrl;
  return browserLanguage() ?? DEFAULT_LANGUAGE;
}
