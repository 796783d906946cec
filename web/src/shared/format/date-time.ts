const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as `language` writes a date and a time ("24 nov. 2026, 14:05"), in the reader's time zone:
 * when something happened in the back-office. One format per language, made when first needed.
 */
export function formatDateTime(iso: string, language: string): string {
  let format = dateTimeFormats.get(language);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(language, format);
  }
  return format.format(new Date(iso));
}
