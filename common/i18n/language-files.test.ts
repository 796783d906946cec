import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../languages.js';
import { type CatalogTexts, uiCatalog } from './index.js';

/** i18next's plural suffixes: `_one`, `_other`..., and `_ordinal_one`... for ordinals (`_zero` is its own: count 0). */
const PLURAL = /^(.*?)_(ordinal_)?(zero|one|two|few|many|other)$/;

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]))].sort();

/**
 * The plural forms a language's texts need: those Intl.PluralRules picks for the counts the site shows.
 * Up to 100,000: French, Spanish and Italian "many" is for millions ("1 000 000 de votes"), which i18next
 * serves from the `_other` text, as it does any form a file leaves out.
 */
function neededForms(language: Language, ordinal: boolean): Set<string> {
  const rules = new Intl.PluralRules(language, { type: ordinal ? 'ordinal' : 'cardinal' });
  const forms = new Set<string>();
  for (let count = 0; count <= 100_000; count += count < 1000 ? 1 : 997) forms.add(rules.select(count));
  return forms;
}

/** A catalog's keys split into plain keys and plural families (base -> the forms it has). */
function shape(texts: CatalogTexts) {
  const plain: string[] = [];
  const plurals = new Map<string, Set<string>>();
  for (const key of Object.keys(texts)) {
    const match = key.match(PLURAL);
    if (!match) {
      plain.push(key);
      continue;
    }
    const family = `${match[1]}_${match[2] ?? ''}`;
    plurals.set(family, (plurals.get(family) ?? new Set()).add(match[3] as string));
  }
  return { plain: plain.sort(), plurals };
}

const reference = uiCatalog[DEFAULT_LANGUAGE];
const referenceShape = shape(reference);

describe.each(LANGUAGES)('the %s catalog file', (language) => {
  const texts = uiCatalog[language];
  const own = shape(texts);

  it('has exactly the keys of the default language (plural families by their base)', () => {
    expect(own.plain).toEqual(referenceShape.plain);
    expect([...own.plurals.keys()].sort()).toEqual([...referenceShape.plurals.keys()].sort());
  });

  it('has every plural form its language needs, by Intl.PluralRules', () => {
    const missing: string[] = [];
    for (const [family, forms] of own.plurals) {
      const needed = neededForms(language, family.endsWith('_ordinal_'));
      for (const form of [...needed, 'other']) if (!forms.has(form)) missing.push(`${family}${form}`);
    }
    expect(missing).toEqual([]);
  });

  it('keeps the placeholders ({{x}}) of the default language in every text', () => {
    const differing = Object.entries(texts).flatMap(([key, text]) => {
      const family = key.match(PLURAL);
      const base = reference[key] ?? (family ? reference[`${family[1]}_${family[2] ?? ''}other`] : undefined);
      if (base === undefined) return [];
      // A singular form may say "one" in words instead of {{count}}.
      const expected = placeholders(base).filter((name) => !(family && name === 'count'));
      const actual = placeholders(text).filter((name) => !(family && name === 'count'));
      return expected.join() === actual.join() ? [] : [`${key}: ${expected} vs ${actual}`];
    });
    expect(differing).toEqual([]);
  });

  it('has no empty text', () => {
    expect(Object.keys(texts).filter((key) => !texts[key]?.trim())).toEqual([]);
  });
});
