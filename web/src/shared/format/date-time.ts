const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as `language` writes a date and a time ("24 nov. 2026, 14:05"), in the reader's time zone:
 * when something happened in the back-office. One format per language, made when first needed.
 */
export function formatDateTime(iso: string, language: string): string {
  return dateTimeFormat(language).format(new Date(iso));
}

/**
 * From one instant to another as the language writes a span, saying the day once when both fall on it
 * ("24 nov. 2026, 14:02 – 14:09"), and one instant when they read alike.
 */
export function formatDateTimeRange(fromIso: string, toIso: string, language: string): string {
  return dateTimeFormat(language).formatRange(new Date(fromIso), new Date(toIso));
}

function dateTimeFormat(language: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(language);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(language, format);
  }
  return format;
}
