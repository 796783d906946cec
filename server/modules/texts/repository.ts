import type { TranslationEntityType } from '../../../common/api/translations.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../common/constants.js';
import type { Executor } from '../../db/executor.js';
import { containsLiteral } from '../../db/like.js';
import type { TranslationRow } from '../../db/schema.js';

/** Where one text lives: UI texts have entity id 0 in the table and null in the API. */
export interface TextRef {
  entityType: TranslationEntityType;
  entityId: number;
  key: string;
  language: Language;
}

export interface TextRow {
  entity_id: number;
  key: string;
  language: string;
  value: string;
}

/** Every line of SQL about the `translations` table: nothing else reads or writes it. */
export class TextsRepository {
  constructor(private readonly db: Executor) {}

  find(ref: TextRef) {
    return this.db
      .selectFrom('translations')
      .selectAll()
      .where('entity_type', '=', ref.entityType)
      .where('entity_id', '=', ref.entityId)
      .where('key', '=', ref.key)
      .where('language', '=', ref.language)
      .executeTakeFirst();
  }

  /**
   * The texts of these entities (or all of the type), in these languages or all. With many ids the
   * languages are filtered here rather than in SQL: with the language in the WHERE clause SQLite
   * picks the (entity_type, language) index and reads every entity's texts in that language.
   */
  async ofEntities(
    entityType: TranslationEntityType,
    entityIds: readonly number[] | 'all',
    languages?: readonly Language[],
    keys?: readonly string[],
  ): Promise<TextRow[]> {
    if (entityIds !== 'all' && entityIds.length === 0) return [];
    let query = this.db
      .selectFrom('translations')
      .select(['entity_id', 'key', 'language', 'value'])
      .where('entity_type', '=', entityType);
    if (entityIds !== 'all') query = query.where('entity_id', 'in', [...new Set(entityIds)]);
    if (keys) query = query.where('key', 'in', [...keys]);
    const rows = await query.execute();
    if (!languages) return rows;
    const wanted = new Set<string>(languages);
    return rows.filter((row) => wanted.has(row.language));
  }

  /** Creates the record or replaces its value; returns the row before (if any) and after. */
  async upsert(
    ref: TextRef,
    value: string,
    now: string,
  ): Promise<{ before: TranslationRow | undefined; after: TranslationRow }> {
    const before = await this.find(ref);
    const after = await this.db
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

  async delete(ref: TextRef): Promise<TranslationRow | undefined> {
    const row = await this.find(ref);
    if (row) await this.db.deleteFrom('translations').where('id', '=', row.id).execute();
    return row;
  }

  /** Every text of these entities: they are being deleted. */
  async deleteAllOf(entityType: Exclude<TranslationEntityType, 'ui'>, ids: readonly number[]) {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('translations')
      .where('entity_type', '=', entityType)
      .where('entity_id', 'in', [...ids])
      .execute();
  }

  /** Keys (`${language}:${key}`) of the UI texts present. */
  async uiKeys(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('translations')
      .select(['key', 'language'])
      .where('entity_type', '=', 'ui')
      .execute();
    return new Set(rows.map((row) => `${row.language}:${row.key}`));
  }

  /** Inserts UI texts, leaving any that exists (an administrator's edit) as it is. */
  async insertUiTexts(texts: ReadonlyArray<{ key: string; language: Language; value: string }>, now: string) {
    for (let i = 0; i < texts.length; i += 500) {
      await this.db
        .insertInto('translations')
        .values(
          texts.slice(i, i + 500).map(({ key, language, value }) => ({
            entity_type: 'ui',
            entity_id: 0,
            key,
            language,
            value,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['entity_type', 'entity_id', 'key', 'language']).doNothing())
        .execute();
    }
  }

  uiTexts(languages: readonly Language[]) {
    return this.db
      .selectFrom('translations')
      .select(['key', 'language', 'value'])
      .where('entity_type', '=', 'ui')
      .where('language', 'in', [...languages])
      .execute();
  }

  async list(filter: {
    language?: Language;
    entityType?: TranslationEntityType;
    q?: string;
    limit: number;
    offset: number;
  }): Promise<{ rows: TranslationRow[]; total: number }> {
    let query = this.db.selectFrom('translations');
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
    return { rows, total: Number(total.total) };
  }

  /** UI keys that have a text in the default language but none in `language`, that text given as reference. */
  missingUiKeys(language: Language): Promise<{ key: string; value: string }[]> {
    if (language === DEFAULT_LANGUAGE) return Promise.resolve([]);
    return this.db
      .selectFrom('translations as ref')
      .select(['ref.key', 'ref.value'])
      .where('ref.entity_type', '=', 'ui')
      .where('ref.language', '=', DEFAULT_LANGUAGE)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('translations as t')
              .select('t.id')
              .where('t.entity_type', '=', 'ui')
              .where('t.language', '=', language)
              .whereRef('t.key', '=', 'ref.key'),
          ),
        ),
      )
      .orderBy('ref.key')
      .execute();
  }
}
