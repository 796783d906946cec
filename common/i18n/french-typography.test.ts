import { describe, expect, it } from 'vitest';
import { uiCatalog } from './index.js';

/**
 * What a French reader expects of printed text: a non-breaking space before « ? », « ! », « ; » and « : »,
 * and inside guillemets, so that a line never starts with the mark alone. Placeholders and URLs are not
 * punctuation.
 */
const BREAKABLE_BEFORE_MARK = / [?!;:»]/;
const BREAKABLE_AFTER_GUILLEMET = /« /;
const MARK_WITHOUT_SPACE = /[^\s\u00a0\u202f{}/]([?!;»])/u;

const french = Object.entries(uiCatalog.fr);

describe('French typography in the UI texts', () => {
  it('never lets a line start with ? ! ; : or » (the space before them does not break)', () => {
    const offenders = french.filter(
      ([, text]) => BREAKABLE_BEFORE_MARK.test(text) || BREAKABLE_AFTER_GUILLEMET.test(text),
    );
    expect(offenders.map(([key]) => key)).toEqual([]);
  });

  it('puts a space before ? ! ; and inside guillemets', () => {
    const offenders = french.filter(([, text]) =>
      MARK_WITHOUT_SPACE.test(text.replace(/\{\{[^}]*\}\}/g, 'x')),
    );
    expect(offenders.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});
