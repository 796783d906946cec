import type { NameTranslationDto } from '../../../common/api/catalogue.js';
import {
  ENTITY_KEYS,
  type MissingTranslationDto,
  type TextRecordDto,
  type TranslationDto,
  type TranslationEntityType,
} from '../../../common/api/translations.js';
import { LANGUAGES, type Language, LIMITS } from '../../../common/constants.js';
import { uiCatalog } from '../../../common/i18n/index.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { Executor } from '../../db/executor.js';
import type { TranslationRow } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { fallbackChain, groupTexts, TextPicker, type TextsByEntity, textInChain } from './fallback.js';
import { type TextRef, TextsRepository } from './repository.js';

export type TextEntityType = Exclude<TranslationEntityType, 'ui'>;

/** An entity's own texts, kept on its own row, in the language it is written in. */
export interface BaseTexts {
  language: Language;
  texts: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
}

/**
 * The owner of an entity type's base texts (topics, categories, tags). The texts service reads and
 * writes them through it and never touches those tables itself.
 */
export interface BaseTextStore {
  read(db: Executor, ids: readonly number[] | 'all'): Promise<Map<number, BaseTexts>>;
  /** Writes one base text (null clears an optional one) and records the change. */
  write(trx: Executor, change: ChangeSet, id: number, key: string, value: string | null): Promise<void>;
  /** Entities visitors may not see, nor their texts (deactivated topics). */
  hiddenFromVisitors?(db: Executor): Promise<Set<number>>;
}

/**
 * Every translation of these entities (base texts not included: each reader has them on its rows).
 * A function as well as a service method, for the bulk loaders that run without an app.
 */
export async function readTranslations(
  db: Executor,
  entityType: TextEntityType,
  ids: readonly number[] | 'all',
  keys?: readonly string[],
): Promise<TextsByEntity> {
  return groupTexts(await new TextsRepository(db).ofEntities(entityType, ids, undefined, keys));
}

/** The longest text each entity key takes, whatever the language (the columns of the base texts hold as much). */
const TEXT_LIMITS: Record<TextEntityType, Record<string, number>> = {
  topic: { title: LIMITS.topicTitleMax, description: LIMITS.topicDescriptionMax },
  category: { name: LIMITS.categoryNameMax },
  tag: { name: LIMITS.tagNameMax },
};

/** Who reads: visitors and signed-in people see only what the public pages show. */
export interface Reader {
  isAdmin: boolean;
}

function toTranslationDto(row: TranslationRow): TranslationDto {
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

/** A base text as a record of the store's API: it has no translation row, hence no id. */
function baseRecord(ref: TextRef, base: BaseTexts, value: string): TextRecordDto {
  return {
    id: null,
    entityType: ref.entityType,
    entityId: ref.entityId,
    key: ref.key,
    language: base.language,
    value,
    createdAt: base.createdAt,
    updatedAt: base.updatedAt,
  };
}

/**
 * The one owner of every text a person reads: the translations table, the base texts through
 * their owners, and the language fallback (fallback.ts). Topics, categories, tags, search, the page
 * head, the sitemap and the back-office read texts here; every edit of a text comes here too, so an
 * edit in an entity's own language writes its base text and the two can never disagree.
 */
export class TextsService {
  private readonly repository: TextsRepository;

  constructor(
    private readonly db: Executor,
    private readonly bases: Record<TextEntityType, BaseTextStore>,
  ) {
    this.repository = new TextsRepository(db);
  }

  /** The texts of these entities for a reader of `language`, in one query; `pick` applies the rule. */
  async picker(
    entityType: TextEntityType,
    ids: readonly number[],
    language: Language,
    db: Executor = this.db,
  ): Promise<TextPicker> {
    const chain = fallbackChain(language);
    return new TextPicker(
      chain,
      groupTexts(await new TextsRepository(db).ofEntities(entityType, ids, chain)),
    );
  }

  /** Names of categories or tags in every language, the base name counted in its own language. */
  async namesInEveryLanguage(
    entityType: 'category' | 'tag',
    rows: ReadonlyArray<{ id: number; name: string }>,
    baseLanguage: Language,
    db: Executor = this.db,
  ): Promise<Map<number, NameTranslationDto[]>> {
    const texts = await readTranslations(
      db,
      entityType,
      rows.map((row) => row.id),
    );
    const names = new Map<number, NameTranslationDto[]>();
    for (const row of rows) {
      const translated = texts.get(row.id)?.get('name');
      names.set(
        row.id,
        LANGUAGES.flatMap((language) => {
          const name = language === baseLanguage ? row.name : translated?.get(language);
          return name === undefined ? [] : [{ language, name }];
        }),
      );
    }
    return names;
  }

  /** Key -> text of one entity for the API: in `language`, else `fallback`. */
  async entityTexts(
    type: TranslationEntityType,
    id: number,
    language: Language,
    fallback: Language,
    reader: Reader,
  ): Promise<Record<string, string>> {
    if (type === 'ui') return (await this.textsOfAll('ui', language, fallback)).get(0) ?? {};
    await this.assertVisible(type, id, reader);
    return (await this.textsOfAll(type, language, fallback, [id])).get(id) ?? {};
  }

  /** Entity id -> key -> text for every entity of a type ("null" names the UI texts). */
  async allEntityTexts(
    type: TranslationEntityType,
    language: Language,
    fallback: Language,
    reader: Reader,
  ): Promise<Record<string, Record<string, string>>> {
    const hidden = type === 'ui' ? new Set<number>() : await this.hidden(type, reader);
    const result: Record<string, Record<string, string>> = {};
    for (const [id, texts] of await this.textsOfAll(type, language, fallback)) {
      if (!hidden.has(id)) result[type === 'ui' ? 'null' : String(id)] = texts;
    }
    return result;
  }

  /** One record in `language`, else `fallback`; an entity's base text counts in its own language. */
  async record(ref: TextRef, fallback: Language, reader: Reader): Promise<TextRecordDto> {
    const type = ref.entityType;
    const base = type === 'ui' ? undefined : await this.baseOf(type, ref.entityId, reader);
    for (const language of fallbackChain(ref.language, fallback)) {
      const baseText = base?.language === language ? base.texts[ref.key] : undefined;
      if (base && baseText) return baseRecord(ref, base, baseText);
      const row = await this.repository.find({ ...ref, language });
      if (row) return toTranslationDto(row);
    }
    throw errors.notFound('Translation');
  }

  /**
   * Writes one text, or removes it when `value` is null. In the entity's own language it is the
   * entity's base text (DESIGN.md): there is never a translation in the language the entity is
   * written in. Records the change on `change`. Returns the record before and after.
   */
  async write(
    trx: Executor,
    change: ChangeSet,
    ref: TextRef,
    value: string | null,
    options: { mustBeNew?: boolean } = {},
  ): Promise<{ before?: TextRecordDto; after?: TextRecordDto }> {
    if (ref.entityType === 'ui') {
      change.uiTexts();
      return this.writeTranslation(trx, change, ref, value, options);
    }
    const type = ref.entityType;
    const keys = ENTITY_KEYS[type];
    if (!keys.includes(ref.key)) {
      throw errors.validation(`A ${type} text has the key ${keys.join(' or ')}`, 'key');
    }
    const max = TEXT_LIMITS[type][ref.key] ?? LIMITS.translationValueMax;
    if (value !== null && value.trim().length > max) {
      throw errors.validation(`A ${type} ${ref.key} has at most ${max} characters`, 'value');
    }
    const store = this.bases[type];
    const base = (await store.read(trx, [ref.entityId])).get(ref.entityId);
    if (!base) throw errors.notFound(type.charAt(0).toUpperCase() + type.slice(1));
    if (base.language === ref.language) {
      const current = base.texts[ref.key] ?? null;
      if (options.mustBeNew && current !== null) throw errors.translationExists(ref.language);
      await store.write(trx, change, ref.entityId, ref.key, value);
      // What the store kept (trimmed, capitalised, its new time stamp), not what was asked.
      const stored = (await store.read(trx, [ref.entityId])).get(ref.entityId);
      const now = stored?.texts[ref.key] ?? null;
      const before = current === null ? undefined : baseRecord(ref, base, current);
      const after = now === null || !stored ? undefined : baseRecord(ref, stored, now);
      return { ...(before && { before }), ...(after && { after }) };
    }
    if (type === 'topic') change.topic(ref.entityId, 'texts');
    else if (type === 'category') change.category(ref.entityId);
    else change.tag(ref.entityId);
    return this.writeTranslation(trx, change, ref, value, options);
  }

  /** The entities are being deleted: their translations go with them. */
  deleteAllOf(trx: Executor, type: TextEntityType, ids: readonly number[]): Promise<void> {
    return new TextsRepository(trx).deleteAllOf(type, ids);
  }

  /** Inserts the shipped UI texts the database lacks; an edited text survives every restart. */
  async ensureUiCatalog(now: string): Promise<number> {
    const present = await this.repository.uiKeys();
    const missing = LANGUAGES.flatMap((language) =>
      Object.entries(uiCatalog[language])
        .filter(([key]) => !present.has(`${language}:${key}`))
        .map(([key, value]) => ({ key, language, value })),
    );
    await this.repository.insertUiTexts(missing, now);
    return missing.length;
  }

  /** The key-to-text map of a language, completed from the fallback language for keys it lacks. */
  async uiCatalog(language: Language, fallback: Language): Promise<Record<string, string>> {
    const rows = await this.repository.uiTexts(fallbackChain(language, fallback));
    const catalog: Record<string, string> = {};
    for (const row of rows) if (row.language === fallback) catalog[row.key] = row.value;
    for (const row of rows) if (row.language === language) catalog[row.key] = row.value;
    return catalog;
  }

  async list(filter: Parameters<TextsRepository['list']>[0]) {
    const { rows, total } = await this.repository.list(filter);
    return { translations: rows.map(toTranslationDto), total };
  }

  /** UI keys with a text in the default language but none in `language`, that text given as reference. */
  async missingUiKeys(language: Language): Promise<MissingTranslationDto[]> {
    const rows = await this.repository.missingUiKeys(language);
    return rows.map((row) => ({ key: row.key, reference: row.value }));
  }

  private async writeTranslation(
    trx: Executor,
    change: ChangeSet,
    ref: TextRef,
    value: string | null,
    options: { mustBeNew?: boolean },
  ): Promise<{ before?: TextRecordDto; after?: TextRecordDto }> {
    const texts = new TextsRepository(trx);
    if (value === null) {
      const removed = await texts.delete(ref);
      return removed ? { before: toTranslationDto(removed) } : {};
    }
    if (options.mustBeNew && (await texts.find(ref))) throw errors.translationExists(ref.language);
    const { before, after } = await texts.upsert(ref, value, change.at);
    return { ...(before && { before: toTranslationDto(before) }), after: toTranslationDto(after) };
  }

  /** id -> key -> text in the first language of [language, fallback] that has one, base texts included. */
  private async textsOfAll(
    type: TranslationEntityType,
    language: Language,
    fallback: Language,
    ids?: readonly number[],
  ): Promise<Map<number, Record<string, string>>> {
    const chain = fallbackChain(language, fallback);
    const rows = await this.repository.ofEntities(type, ids ?? 'all', chain);
    const translated = groupTexts(rows);
    const result = new Map<number, Record<string, string>>();
    const bases = type === 'ui' ? undefined : await this.bases[type].read(this.db, ids ?? 'all');
    const entityIds = new Set([...translated.keys(), ...(bases?.keys() ?? [])]);
    for (const id of entityIds) {
      const base = bases?.get(id);
      const keys = new Set([...(translated.get(id)?.keys() ?? []), ...Object.keys(base?.texts ?? {})]);
      const texts: Record<string, string> = {};
      for (const key of keys) {
        const baseText = base && { text: base.texts[key] ?? null, language: base.language };
        const text = textInChain(chain, translated.get(id)?.get(key), baseText);
        if (text !== undefined) texts[key] = text;
      }
      if (Object.keys(texts).length > 0) result.set(id, texts);
    }
    return result;
  }

  private async baseOf(type: TextEntityType, id: number, reader: Reader): Promise<BaseTexts> {
    await this.assertVisible(type, id, reader);
    const base = (await this.bases[type].read(this.db, [id])).get(id);
    if (!base) throw errors.notFound('Translation');
    return base;
  }

  private async hidden(type: TextEntityType, reader: Reader): Promise<Set<number>> {
    if (reader.isAdmin) return new Set();
    return (await this.bases[type].hiddenFromVisitors?.(this.db)) ?? new Set();
  }

  private async assertVisible(type: TextEntityType, id: number, reader: Reader): Promise<void> {
    if ((await this.hidden(type, reader)).has(id)) throw errors.notFound('Topic');
  }
}
