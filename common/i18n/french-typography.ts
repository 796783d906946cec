/**
 * What a French reader expects of printed text: a non-breaking space before « ? », « ! », « ; » and « : »,
 * and inside guillemets, so that a line never starts with the mark alone. Placeholders and URLs are not
 * punctuation. Held by tests over the UI texts and the demo content.
 */
const BREAKABLE_BEFORE_MARK = / [?!;:»]/;
const BREAKABLE_AFTER_GUILLEMET = /« /;
const MARK_WITHOUT_SPACE = /[^\s\u00a0\u202f{}/]([?!;»])/u;

/** True when a line could start with ? ! ; : or » (the space before it, or after «, may break). */
export function letsALineStartWithAMark(text: string): boolean {
  return BREAKABLE_BEFORE_MARK.test(text) || BREAKABLE_AFTER_GUILLEMET.test(text);
}

/** True when ? ! ; or » follows a word with no space at all (`{{placeholders}}` are not words here). */
export function lacksSpaceBeforeMark(text: string): boolean {
  return MARK_WITHOUT_SPACE.test(text.replace(/\{\{[^}]*\}\}/g, 'x'));
}
