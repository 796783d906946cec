import type { Kysely } from 'kysely';
import {
  ENTITY_KEYS,
  type TranslationDto,
  type TranslationEntityType,
  type UpsertTranslationData,
} from '../../../common/api/translations.js';
import type { Language } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { AuthUser } from '../auth/guards.js';
import { indexTopics, topicIdsOfCategory, topicIdsOfTag } from '../search/indexer.js';
import {
  deleteTranslation,
  entityExists,
  findInactiveTopicIds,
  findTexts,
  findTranslation,
  type TranslationRef,
  toTranslationDto,
  upsertTranslation,
} from './repository.js';

/** Who reads: visitors and signed-in people see only what the public pages show. */
export interface Reader {
  isAdmin: boolean;
}

/** Languages in the order a text is looked for: the asked one, then the fallback. */
const chainOf = (language: Language, fallback: Language): Language[] => [...new Set([language, fallback])];

/**
 * The one translation store that UI texts and catalogue names share. Nothing is cached: every read
 * sees the latest write, whichever server process made it.
 */
export class TranslationsService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * A deactivated topic is hidden from visitors (its page answers 404): so are its texts, except to
   * administrators, who edit them.
   */
  private async hiddenTopicIds(type: TranslationEntityType, reader: Reader): Promise<Set<number>> {
    if (type !== 'topic' || reader.isAdmin) return new Set();
    return findInactiveTopicIds(this.ctx.db);
  }

  private async assertVisible(type: TranslationEntityType, id: number, reader: Reader): Promise<void> {
    if ((await this.hiddenTopicIds(type, reader)).has(id)) throw errors.notFound('Topic');
  }

  /** Key -> text of one entity, each key in the asked language or else the fallback. */
  async entityTexts(
    type: TranslationEntityType,
    id: number,
    language: Language,
    fallback: Language,
    reader: Reader,
  ) {
    await this.assertVisible(type, id, reader);
    const rows = await findTexts(this.ctx.db, type, [id], chainOf(language, fallback));
    return pickByChain(rows, chainOf(language, fallback)).get(id) ?? {};
  }

  /** Entity id -> key -> text for every entity of a type ("null" names the UI texts). */
  async allEntityTexts(type: TranslationEntityType, language: Language, fallback: Language, reader: Reader) {
    const rows = await findTexts(this.ctx.db, type, 'all', chainOf(language, fallback));
    const hidden = await this.hiddenTopicIds(type, reader);
    const result: Record<string, Record<string, string>> = {};
    for (const [id, texts] of pickByChain(rows, chainOf(language, fallback))) {
      if (hidden.has(id)) continue;
      result[type === 'ui' ? 'null' : String(id)] = texts;
    }
    return result;
  }

  /** One record, in the asked language or else the fallback's. */
  async record(ref: TranslationRef, fallback: Language, reader: Reader): Promise<TranslationDto> {
    await this.assertVisible(ref.entityType, ref.entityId, reader);
    for (const language of chainOf(ref.language, fallback)) {
      const row = await findTranslation(this.ctx.db, { ...ref, language });
      if (row) return toTranslationDto(row);
    }
    throw errors.notFound('Translation');
  }

  async upsert(actor: AuthUser, ref: TranslationRef, value: string): Promise<UpsertTranslationData> {
    await this.assertTarget(ref);
    return this.ctx.db.transaction().execute(async (trx) => {
      const { before, after } = await upsertTranslation(trx, ref, value);
      await reindexTopicsNamedBy(trx, ref);
      await recordAudit(trx, actor, {
        action: before ? 'update' : 'create',
        entityType: 'translation',
        entityId: after.id,
        ...(before && { before: toTranslationDto(before) }),
        after: toTranslationDto(after),
      });
      return { translation: toTranslationDto(after), created: before === undefined };
    });
  }

  async remove(actor: AuthUser, ref: TranslationRef): Promise<TranslationDto> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const row = await findTranslation(trx, ref);
      if (!row) throw errors.notFound('Translation');
      await deleteTranslation(trx, row.id);
      await reindexTopicsNamedBy(trx, ref);
      const before = toTranslationDto(row);
      await recordAudit(trx, actor, {
        action: 'delete',
        entityType: 'translation',
        entityId: row.id,
        before,
      });
      return before;
    });
  }

  /** A catalogue text must name an existing entity and one of the keys that entity type carries. */
  private async assertTarget(ref: TranslationRef): Promise<void> {
    if (ref.entityType === 'ui') return;
    const keys = ENTITY_KEYS[ref.entityType];
    if (!keys.includes(ref.key)) {
      throw errors.validation(`A ${ref.entityType} text has the key ${keys.join(' or ')}`, 'key');
    }
    if (!(await entityExists(this.ctx.db, ref.entityType, ref.entityId))) {
      throw errors.notFound(ref.entityType.charAt(0).toUpperCase() + ref.entityType.slice(1));
    }
  }
}

/** Groups rows by entity and keeps, for each key, the text of the earliest language of the chain. */
function pickByChain(
  rows: ReadonlyArray<{ entity_id: number; key: string; language: string; value: string }>,
  chain: readonly Language[],
): Map<number, Record<string, string>> {
  const rank = (language: string) => chain.indexOf(language as Language);
  const chosen = new Map<number, Map<string, { rank: number; value: string }>>();
  for (const row of rows) {
    const byKey = chosen.get(row.entity_id) ?? new Map<string, { rank: number; value: string }>();
    chosen.set(row.entity_id, byKey);
    const current = byKey.get(row.key);
    if (!current || rank(row.language) < current.rank)
      byKey.set(row.key, { rank: rank(row.language), value: row.value });
  }
  return new Map(
    [...chosen].map(([id, byKey]) => [
      id,
      Object.fromEntries([...byKey].map(([key, { value }]) => [key, value])),
    ]),
  );
}

/** Catalogue texts are searchable words: the topics they name are re-indexed in the same transaction. */
async function reindexTopicsNamedBy(trx: Kysely<Database>, ref: TranslationRef): Promise<void> {
  if (ref.entityType === 'ui' || ref.entityId === null) return;
  const topicIds =
    ref.entityType === 'topic'
      ? [ref.entityId]
      : ref.entityType === 'tag'
        ? await topicIdsOfTag(trx, ref.entityId)
        : await topicIdsOfCategory(trx, ref.entityId);
  if (topicIds.length > 0) await indexTopics(trx, topicIds);
}
