import { DEFAULT_LANGUAGE, isLanguage, type Language, STORAGE_KEYS } from '../../../../common/constants.js';

export const LANGUAGE_PARAM = 'lng';

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
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

/** SPEC order: stored choice, then the lng query parameter, then the browser, then French. */
export function detectInitialLanguage(): Language {
  const stored = storedLanguage();
  if (isLanguage(stored)) return stored;
  const fromUrl = new URLSearchParams(window.location.search).get(LANGUAGE_PARAM);
  if (isLanguage(fromUrl)) return fromUrl;
  return browserLanguage() ?? DEFAULT_LANGUAGE;
}
