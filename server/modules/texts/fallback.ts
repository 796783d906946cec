import { BASE_NAME_LANGUAGE, DEFAULT_LANGUAGE, type Language } from '../../../common/constants.js';

/**
 * The one language fallback of every text a person reads (DESIGN.md "Data rules"): the text in the
 * requested language, then French, then English, then the entity's base text. The base text is
 * the entity's text in its own language: a Spanish topic read in Spanish shows its Spanish title
 * even when a French translation exists.
 */
export function fallbackChain(language: Language, fallback?: Language): Language[] {
  return [
    ...new Set<Language>(fallback ? [language, fallback] : [language, DEFAULT_LANGUAGE, BASE_NAME_LANGUAGE]),
  ];
}

/** An entity's own text and the language it is written in. */
export interface BaseText {
  text: string | null;
  language: string;
}

const present = (value: string | null | undefined): value is string =>
  value !== undefined && value !== null && value.trim() !== '';

/** The first language of the chain that has a text for one key, with that text (the base text counts in its own). */
function foundInChain(
  chain: readonly Language[],
  translations: ReadonlyMap<string, string> | undefined,
  base: BaseText | undefined,
): { text: string; language: Language } | undefined {
  for (const language of chain) {
    if (base?.language === language && present(base.text)) return { text: base.text, language };
    const value = translations?.get(language);
    if (present(value)) return { text: value, language };
  }
  return undefined;
}

/** The text of one key in the first language of the chain that has one (the base text counts in its own). */
export function textInChain(
  chain: readonly Language[],
  translations: ReadonlyMap<string, string> | undefined,
  base: BaseText | undefined,
): string | undefined {
  return foundInChain(chain, translations, base)?.text;
}

/** The text of one key: the first language of the chain that has one, else the base text. */
export function pickText(
  chain: readonly Language[],
  translations: ReadonlyMap<string, string> | undefined,
  base: BaseText,
): string | null {
  return textInChain(chain, translations, base) ?? base.text;
}

/** entity id -> key -> language -> translated text. */
export type TextsByEntity = Map<number, Map<string, Map<string, string>>>;

/** The texts of many entities read in one query, for one reader's language. */
export class TextPicker {
  constructor(
    readonly chain: readonly Language[],
    private readonly texts: TextsByEntity,
  ) {}

  pick(id: number, key: string, base: { text: string; language: string }): string;
  pick(id: number, key: string, base: BaseText): string | null;
  pick(id: number, key: string, base: BaseText): string | null {
    return pickText(this.chain, this.texts.get(id)?.get(key), base);
  }

  /** The language of the text `pick` gives for the same arguments. */
  languageOf(id: number, key: string, base: BaseText): string {
    return foundInChain(this.chain, this.texts.get(id)?.get(key), base)?.language ?? base.language;
  }
}

/** Groups text rows by entity, key and language. */
export function groupTexts(
  rows: ReadonlyArray<{ entity_id: number; key: string; language: string; value: string }>,
): TextsByEntity {
  const grouped: TextsByEntity = new Map();
  for (const row of rows) {
    let byKey = grouped.get(row.entity_id);
    if (!byKey) {
      byKey = new Map();
      grouped.set(row.entity_id, byKey);
    }
    let byLanguage = byKey.get(row.key);
    if (!byLanguage) {
      byLanguage = new Map();
      byKey.set(row.key, byLanguage);
    }
    byLanguage.set(row.language, row.value);
  }
  return grouped;
}
