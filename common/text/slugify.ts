import { foldText } from './fold.js';

export const SLUG_MAX_LENGTH = 80;

/**
 * URL slug: folded words joined by hyphens, at most SLUG_MAX_LENGTH characters.
 * SPEC.md only lower-cases and hyphenates; folding accents too keeps URLs readable and ASCII for
 * fr, en, es and de names. Letters of other scripts are kept (browsers show them decoded).
 */
export function slugify(text: string): string {
  const slug = foldText(text).replaceAll(' ', '-');
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  const characters = Array.from(slug);
  if (characters.length <= SLUG_MAX_LENGTH) return slug;
  return trimTrailingHyphens(characters.slice(0, SLUG_MAX_LENGTH).join(''));
}

function trimTrailingHyphens(slug: string): string {
  let end = slug.length;
  while (end > 0 && slug[end - 1] === '-') end--;
  return slug.slice(0, end);
}
