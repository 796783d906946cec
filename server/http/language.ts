import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../common/constants.js';
import { errors } from './errors.js';

/** Accepts only fr, en, es, de; anything else is 400 UNSUPPORTED_LANGUAGE (not a generic validation error). */
export function requireLanguage(value: string | undefined, fallback: Language = DEFAULT_LANGUAGE): Language {
  if (value === undefined || value === '') return fallback;
  if (!isLanguage(value)) throw errors.unsupportedLanguage(value.slice(0, 20));
  return value;
}
