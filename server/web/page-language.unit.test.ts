import { describe, expect, it } from 'vitest';
import { acceptedLanguage, cookieLanguage } from './page-language.js';

describe('acceptedLanguage', () => {
  it('takes the supported language the browser prefers most', () => {
    expect(acceptedLanguage('de-CH, de;q=0.9, en;q=0.8')).toBe('de');
    expect(acceptedLanguage('ja, es;q=0.5, en;q=0.7')).toBe('en');
    expect(acceptedLanguage('es;q=0.5, EN-gb')).toBe('en');
  });

  it('keeps the written order between equal preferences and skips a refused language', () => {
    expect(acceptedLanguage('es;q=0.8, de;q=0.8')).toBe('es');
    expect(acceptedLanguage('fr;q=0, de;q=0.1')).toBe('de');
  });

  it('answers nothing without a supported language', () => {
    for (const header of [undefined, '', '*', 'ja, zh;q=0.9', 'de;q=abc', ',;,']) {
      expect(acceptedLanguage(header), String(header)).toBeUndefined();
    }
  });
});

describe('cookieLanguage', () => {
  it('reads the lang cookie among others', () => {
    expect(cookieLanguage('lang=de')).toBe('de');
    expect(cookieLanguage('theme=dark; lang=es; other=1')).toBe('es');
    expect(cookieLanguage('lang=xx; lang=en')).toBe('en');
  });

  it('ignores a missing, unsupported or look-alike cookie', () => {
    for (const header of [undefined, '', 'lang=', 'lang=DE', 'lang="de"', 'slang=de', 'lang', 'x=lang=de']) {
      expect(cookieLanguage(header), String(header)).toBeUndefined();
    }
  });
});
