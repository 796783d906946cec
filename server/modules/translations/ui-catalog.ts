import type { Kysely } from 'kysely';
import { LANGUAGES, type Language } from '../../../common/constants.js';
import { uiCatalog } from '../../../common/i18n/index.js';
import { nowIso } from '../../db/readable-id.js';
import type { Database } from '../../db/schema.js';

/**
 * Inserts the shipped UI texts the database lacks. Existing rows are never touched, so a text an
 * administrator edited survives every restart and upgrade.
 */
export async function ensureUiCatalog(db: Kysely<Database>): Promise<number> {
  const existing = await db
    .selectFrom('translations')
    .select(['key', 'language'])
    .where('entity_type', '=', 'ui')
    .execute();
  const present = new Set(existing.map((row) => `${row.language}:${row.key}`));
  const now = nowIso();
  const missing = LANGUAGES.flatMap((language) =>
    Object.entries(uiCatalog[language])
      .filter(([key]) => !present.has(`${language}:${key}`))
      .map(([key, value]) => ({
        entity_type: 'ui',
        entity_id: 0,
        key,
        language,
        value,
        created_at: now,
        updated_at: now,
      })),
  );
  for (let i = 0; i < missing.length; i += 500) {
    await db
      .insertInto('translations')
      .values(missing.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['entity_type', 'entity_id', 'key', 'language']).doNothing())
      .execute();
  }
  return missing.length;
}

/** The key-to-text map of a language, completed from the fallback language for keys it lacks. */
export async function loadUiTranslations(
  db: Kysely<Database>,
  language: Language,
  fallback: Language,
): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('translations')
    .select(['key', 'language', 'value'])
    .where('entity_type', '=', 'ui')
    .where('language', 'in', language === fallback ? [language] : [language, fallback])
    .execute();
  const map: Record<string, string> = {};
  for (const row of rows) if (row.language === fallback) map[row.key] = row.value;
  for (const row of rows) if (row.language === language) map[row.key] = row.value;
  return map;
}
