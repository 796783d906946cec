import type { FormatterModule, InterpolationOptions } from 'i18next';
import { formatNumber } from '../../shared/format/integer.js';

/**
 * The app's i18next formatter: every number put into a text is written as the reader's language
 * writes it ("1 234 votes" in French, "1,234 votes" in English, "1.234 Stimmen" in German), whether
 * the text says `{{count}}` or `{{count, number}}`. With `alwaysFormat` i18next hands it every
 * interpolated value, so no text (nor an administrator editing one) can forget; other values pass as
 * they are.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value, _format, language) =>
    typeof value === 'number' && Number.isFinite(value) ? formatNumber(value, language ?? 'fr') : value,
};

/** Interpolation as the app configures it: React escapes, and every value goes through the formatter. */
export const INTERPOLATION: InterpolationOptions = { escapeValue: false, alwaysFormat: true };
