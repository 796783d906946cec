import type { Kysely } from 'kysely';
import type {
  MissingTranslationDto,
  TranslationDto,
  TranslationEntityType,
} from '../../../common/api/translations.js';
import type { Language } from '../../../common/constants.js';
import { containsLiteral } from '../../db/like.js';
import { nowIso } from '../../db/readable-id.js';
import type { Database, TranslationRow } from '../../db/schema.js';

type Executor = Kysely<Database>;

/** Where one text lives: UI texts have entity id 0 in the table and null in the API. */
export interface TranslationRef {
  entityType: TranslationEntityType;
  entityId: number;
  key: string;
  language: Language;
}

export function toTranslationDto(row: TranslationRow): TranslationDto {
  return {
    id: row.id,
    entityType: row.entity_type as TranslationEntityType,
    entityId: row.entity_type === 'ui' ? null : row.entity_id,
    key: row.key,
    language: row.language,
    value: row.value,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function findTranslation(db: Executor, ref: TranslationRef) {
  return db
    .selectFrom('translations')
    .selectAll()
    .where('entity_type', '=', ref.entityType)
    .where('entity_id', '=', ref.entityId)
    .where('key', '=', ref.key)
    .where('language', '=', ref.language)
    .executeTakeFirst();
}

/** Key -> text of the given entities in the given languages, as rows; callers apply the fallback order. */
export function findTexts(
  db: Executor,
  entityType: TranslationEntityType,
  entityIds: readonly number[] | 'all',
  languages: readonly Language[],
) {
  let query = db
    .selectFrom('translations')
    .select(['entity_id', 'key', 'language', 'value'])
    .where('entity_type', '=', entityType)
    .where('language', 'in', languages);
  if (entityIds !== 'all') query = query.where('entity_id', 'in', entityIds);
  return query.execute();
}

/** Creates the record or replaces its value; returns the row before (if any) and after. */
export async function upsertTranslation(
  trx: Executor,
  ref: TranslationRef,
  value: string,
): Promise<{ before: TranslationRow | undefined; after: TranslationRow }> {
  const now = nowIso();
  const before = await findTranslation(trx, ref);
  const after = await trx
    .insertInto('translations')
    .values({
      entity_type: ref.entityType,
      entity_id: ref.entityId,
      key: ref.key,
      language: ref.language,
      value,
      created_at: now,
      updated_at: now,
    })
    // A concurrent insert of the same record turns into an update instead of a 500.
    .onConflict((oc) =>
      oc.columns(['entity_type', 'entity_id', 'key', 'language']).doUpdateSet({ value, updated_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, after };
}

export async function deleteTranslation(trx: Executor, id: number): Promise<void> {
  await trx.deleteFrom('translations').where('id', '=', id).execute();
}

/** Does the category, tag or topic a text belongs to exist? */
export async function entityExists(
  db: Executor,
  entityType: Exclude<TranslationEntityType, 'ui'>,
  id: number,
) {
  const table = entityType === 'category' ? 'categories' : entityType === 'tag' ? 'tags' : 'topics';
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export interface TranslationFilter {
  language?: Language;
  entityType?: TranslationEntityType;
  q?: string;
  limit: number;
  offset: number;
}

export async function listTranslations(db: Executor, filter: TranslationFilter) {
  let query = db.selectFrom('translations');
  if (filter.language) query = query.where('language', '=', filter.language);
  if (filter.entityType) query = query.where('entity_type', '=', filter.entityType);
  if (filter.q) {
    const text = filter.q;
    query = query.where((eb) =>
      eb.or([containsLiteral('key', text), containsLiteral('value', text, { ignoreCase: true })]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('entity_type')
      .orderBy('entity_id')
      .orderBy('key')
      .orderBy('language')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { translations: rows.map(toTranslationDto), total: Number(total.total) };
}

/** UI keys that have a French text but none in `language`, with the French text as reference. */
export async function findMissingUiKeys(db: Executor, language: Language): Promise<MissingTranslationDto[]> {
  if (language === 'fr') return [];
  const rows = await db
    .selectFrom('translations as fr')
    .select(['fr.key', 'fr.value'])
    .where('fr.entity_type', '=', 'ui')
    .where('fr.language', '=', 'fr')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('translations as t')
            .select('t.id')
            .where('t.entity_type', '=', 'ui')
            .where('t.language', '=', language)
            .whereRef('t.key', '=', 'fr.key'),
        ),
      ),
    )
    .orderBy('fr.key')
    .execute();
  return rows.map((row) => ({ key: row.key, reference: row.value }));
}

/** Topics visitors may not see: their texts are hidden from them too. */
export async function findInactiveTopicIds(db: Executor): Promise<Set<number>> {
  const rows = await db.selectFrom('topics').select('id').where('is_active', '=', 0).execute();
  return new Set(rows.map((row) => row.id));
}
