import type { Kysely } from 'kysely';
import type { Language } from '../../../common/constants.js';
import type { Database } from '../../db/schema.js';

export type EntityType = 'topic' | 'category' | 'tag';

/** Languages tried in order before the entity's own base text (DESIGN.md: asked, then fr, then en). */
export function fallbackChain(language: Language): Language[] {
  return [...new Set<Language>([language, 'fr', 'en'])];
}

/** entity id -> key -> language -> value, for the languages of one fallback chain. */
export class TranslatedTexts {
  constructor(
    private readonly chain: readonly Language[],
    private readonly values: Map<number, Map<string, Map<string, string>>>,
  ) {}

  /**
   * The text of `key` in the first language of the chain that has one. The base text counts as a
   * translation in its own language (a Spanish topic read in Spanish shows its Spanish title even
   * when a French translation exists), and is the last resort otherwise.
   */
  pick(id: number, key: string, base: { text: string; language?: string }): string;
  pick(id: number, key: string, base: { text: string | null; language?: string }): string | null;
  pick(id: number, key: string, base: { text: string | null; language?: string }): string | null {
    const byLanguage = this.values.get(id)?.get(key);
    for (const language of this.chain) {
      const value = byLanguage?.get(language);
      if (value !== undefined && value.trim() !== '') return value;
      if (base.language === language && base.text !== null && base.text.trim() !== '') return base.text;
    }
    return base.text;
  }
}

/** One query for the texts of many entities of one type, in the languages of the chain only. */
export async function loadTexts(
  db: Kysely<Database>,
  entityType: EntityType,
  ids: readonly number[],
  language: Language,
): Promise<TranslatedTexts> {
  const chain = fallbackChain(language);
  const values = new Map<number, Map<string, Map<string, string>>>();
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    const rows = await db
      .selectFrom('translations')
      .select(['entity_id', 'key', 'language', 'value'])
      .where('entity_type', '=', entityType)
      .where('entity_id', 'in', unique)
      .where('language', 'in', chain)
      .execute();
    for (const row of rows) {
      let byKey = values.get(row.entity_id);
      if (!byKey) {
        byKey = new Map();
        values.set(row.entity_id, byKey);
      }
      let byLanguage = byKey.get(row.key);
      if (!byLanguage) {
        byLanguage = new Map();
        byKey.set(row.key, byLanguage);
      }
      byLanguage.set(row.language, row.value);
    }
  }
  return new TranslatedTexts(chain, values);
}
