import { escapeHtml } from '../../common/text/escape-html.js';

export { escapeHtml };

/** XML text and attributes need the same five escapes. */
export const escapeXml = escapeHtml;

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>` and `&` become \u escapes so a
 * name containing `</script>` or `<!--` cannot end the block; U+2028/2029 are escaped for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Cuts text to at most `max` characters at a word boundary, with an ellipsis when cut. Runs of spaces
 * and line breaks become one space; a non-breaking space stays (French puts one before « : » and « ? »).
 */
export function clip(text: string, max: number): string {
  const clean = text.replace(/[^\S\u00a0\u202f]+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
