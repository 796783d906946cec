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
 * Undefined for what it does not know (a fraction, another language): `Intl.NumberFormat` then.
 */
export function formatInteger(value: number, language: string): string | undefined {
  const grouping = INTEGER_GROUPING[language];
  if (!grouping || !Number.isSafeInteger(value) || Object.is(value, -0)) return undefined;
  const digits = String(Math.abs(value));
  if (digits.length < grouping.minimumDigits) return String(value);
  const head = digits.length % 3 || 3;
  let written = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) written += grouping.separator + digits.slice(at, at + 3);
  return value < 0 ? `-${written}` : written;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as `language` writes it: whole numbers by `formatInteger`, anything else by an
 * `Intl.NumberFormat` made the first time one is needed, one per language.
 */
export function formatNumber(value: number, language: string): string {
  const written = formatInteger(value, language);
  if (written !== undefined) return written;
  let format = numberFormats.get(language);
  if (format === undefined) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value);
}
