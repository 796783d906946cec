import type { TFunction } from 'i18next';
import { isApiError } from './errors.js';

/**
 * What to tell the user about a failed call: the text for its code in the UI language when the
 * catalog has `error.<CODE>`, else the server's own message, else the caller's fallback key.
 */
export function errorMessage(t: TFunction, error: unknown, fallbackKey: string): string {
  if (isApiError(error)) {
    const key = `error.${error.code}`;
    const translated = t(key);
    if (translated !== key) return translated;
    if (error.message) return error.message;
  }
  return t(fallbackKey);
}
