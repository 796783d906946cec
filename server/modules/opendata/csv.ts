/**
 * CSV as RFC 4180 writes it (comma, CRLF, a field quoted when it holds a comma, a quote or a line break, a quote
 * doubled), for files a spreadsheet opens: the first line is the header, and a file starts with a UTF-8 byte order
 * mark, without which Excel reads UTF-8 as the system's code page ("Crêperie" as "CrÃªperie").
 */

/** What a CSV file starts with (decision 027: Excel is the likely reader of a file; programs read the JSON). */
export const CSV_BOM = '\uFEFF';

/** A cell's value: text typed by people is neutralized, numbers and flags are written as they are. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return, which some strip first) as a
 * formula: a proposition named `=HYPERLINK(...)` would run on an administrator's machine. OWASP's advice: prefix
 * such a text with a quote, which the spreadsheet shows as text. Only strings are prefixed, so a negative number
 * stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted and neutralized as needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** An ASCII file name for Content-Disposition (the name is ours; nothing a person typed goes in it). */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
