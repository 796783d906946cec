import { LANGUAGE_COOKIE, type Language } from '../../../../common/constants.js';

/**
 * Writes the stored language choice to the `lang` cookie, or removes the cookie when there is no
 * choice: the server cannot read localStorage, and serves each page in this language (the catalog it
 * embeds and `<html lang>`), so the page arrives in the language the app will start in.
 */
export function writeLanguageCookie(language: Language | null): void {
  const lifetime = language ? LANGUAGE_COOKIE.maxAgeSeconds : 0;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from older Safari and Firefox; this one write must be done before the next navigation.
    document.cookie = `${LANGUAGE_COOKIE.name}=${language ?? ''}; Path=/; Max-Age=${lifetime}; SameSite=Lax${secure}`;
  } catch {
    // A sandboxed document may refuse cookies; the server then falls back to Accept-Language.
  }
}
