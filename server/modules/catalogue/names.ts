import type { Kysely, Transaction } from 'kysely';
import type { NameTranslationDto } from '../../../common/api/catalogue.js';
import { isLanguage, LANGUAGES, type Language } from '../../../common/constants.js';
import { nowIso } from '../../db/readable-id.js';
import type { Database } from '../../db/schema.js';
import { errors } from '../../http/errors.js';

type Db = Kysely<Database> | Transaction<Database>;
export type NamedEntity = 'category' | 'tag';

/**
 * The names of categories and tags in the one translation store (key `name`). The English name is
 * also the row's base name and is mirrored as an `en` row, as the seed does, so that the fallback
 * chain (asked, fr, en, base) never shows French to an English reader when an `en` name exists.
 */
export async function loadNames(db: Db, entityType: NamedEntity, ids: readonly number[]) {
  const byId = new Map<number, NameTranslationDto[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .selectFrom('translations')
    .select(['entity_id', 'language', 'value'])
    .where('entity_type', '=', entityType)
    .where('key', '=', 'name')
    .where('entity_id', 'in', [...new Set(ids)])
    .execute();
  for (const row of rows) {
    if (!isLanguage(row.language)) continue;
    const entry = { language: row.language, name: row.value };
    const list = byId.get(row.entity_id);
    if (list) list.push(entry);
    else byId.set(row.entity_id, [entry]);
  }
  for (const list of byId.values())
    list.sort((a, b) => LANGUAGES.indexOf(a.language) - LANGUAGES.indexOf(b.language));
  return byId;
}

export async function findName(db: Db, entityType: NamedEntity, id: number, language: Language) {
  return db
    .selectFrom('translations')
    .select(['value'])
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', id)
    .where('key', '=', 'name')
    .where('language', '=', language)
    .executeTakeFirst();
}

/** Sets (or, for null and '', removes) the names given; languages not mentioned stay as they are. */
export async function writeNames(
  trx: Db,
  entityType: NamedEntity,
  id: number,
  names: Partial<Record<Language, string | null | undefined>>,
): Promise<void> {
  const now = nowIso();
  for (const language of LANGUAGES) {
    if (!(language in names)) continue;
    const value = names[language];
    if (value === undefined) continue;
    if (value === null || value.trim() === '') {
      await trx
        .deleteFrom('translations')
        .where('entity_type', '=', entityType)
        .where('entity_id', '=', id)
        .where('key', '=', 'name')
        .where('language', '=', language)
        .execute();
      continue;
    }
    await trx
      .insertInto('translations')
      .values({
        entity_type: entityType,
        entity_id: id,
        key: 'name',
        language,
        value: value.trim(),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['entity_type', 'entity_id', 'key', 'language'])
          .doUpdateSet({ value: value.trim(), updated_at: now }),
      )
      .execute();
  }
}

/** SPEC 8: adding a translation that exists is a 409; the screen then updates it instead. */
export async function assertNoName(db: Db, entityType: NamedEntity, id: number, language: Language) {
  if (await findName(db, entityType, id, language)) {
    throw errors.conflict(
      'TRANSLATION_EXISTS',
      `A ${language} name already exists; update it instead`,
      'language',
    );
  }
}

export async function deleteNames(trx: Db, entityType: NamedEntity, id: number): Promise<void> {
  await trx
    .deleteFrom('translations')
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', id)
    .execute();
}
