import type { FormatterModule, InterpolationOptions } from 'i18next';

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * How each UI language groups the digits of a whole number (CLDR: the separator, and how many digits
 * the number needs before it is grouped: Spanish writes 1234 but 12.345).
 */
const INTEGER_GROUPING: Record<string, { separator: string; minimumDigits: number }> = {
  fr: { separator: '\u202f', minimumDigits: 4 },
  en: { separator: ',', minimumDigits: 4 },
  es: { separator: '.', minimumDigits: 5 },
  de: { separator: '.', minimumDigits: 4 },
};

/**
 * A whole number written as `Intl.NumberFormat` writes it, without it: the first number format a page
 * creates loads the browser's locale data, ~60 ms of main thread on a fast machine (~250 ms on a
 * throttled phone), in the middle of hydration. Counts are whole numbers, so that cost is never paid.
 */
function formatInteger(value: number, language: string): string | undefined {
  const grouping = INTEGER_GROUPING[language];
  if (!grouping || !Number.isSafeInteger(value) || Object.is(value, -0)) return undefined;
  const digits = String(Math.abs(value));
  if (digits.length < grouping.minimumDigits) return String(value);
  const head = digits.length % 3 || 3;
  let written = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) written += grouping.separator + digits.slice(at, at + 3);
  return value < 0 ? `-${written}` : written;
}

function numberFormat(language: string): Intl.NumberFormat {
  let format = numberFormats.get(language);
  if (format === undefined) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format;
}

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
    typeof value === 'number' && Number.isFinite(value)
      ? (formatInteger(value, language ?? 'fr') ?? numberFormat(language ?? 'fr').format(value))
      : value,
};

/** Interpolation as the app configures it: React escapes, and every value goes through the formatter. */
export const INTERPOLATION: InterpolationOptions = { escapeValue: false, alwaysFormat: true };
