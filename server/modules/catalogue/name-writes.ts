import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../../common/constants.js';
import { violatedUniqueConstraint } from '../../db/constraint-errors.js';
import type { Database } from '../../db/schema.js';
import type { ApiError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { AuthUser } from '../auth/guards.js';
import { indexTopics } from '../search/indexer.js';
import { assertNoName, type NamedEntity, writeNames } from './names.js';

/**
 * Runs a category or tag write in one transaction. A slug race lost to another administrator, which
 * the unique constraint catches, is still the SLUG_EXISTS refusal of the check made before it.
 */
export async function writeWithUniqueSlug<T>(
  db: Kysely<Database>,
  slugExists: () => ApiError,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (violatedUniqueConstraint(error)?.includes('slug')) throw slugExists();
    throw error;
  }
}

export interface NameTranslation {
  entityType: NamedEntity;
  id: number;
  language: Language;
  /** The name as stored (trimmed, and capitalised where the entity wants it). */
  value: string;
  /** POST .../translations: 409 TRANSLATION_EXISTS when the language has a name already. */
  mustBeNew: boolean;
  /** Writes the row's base name, which is its English name. */
  setBaseName: (value: string) => Promise<unknown>;
  /** The topics that show this name, re-indexed so that search finds them by it. */
  topicIds: () => Promise<number[]>;
}

/** Sets one language's name of a category or tag (SPEC 8), with its audit entry, inside `trx`. */
export async function translateName(
  trx: Transaction<Database>,
  actor: AuthUser,
  translation: NameTranslation,
): Promise<void> {
  const { entityType, id, language, value } = translation;
  if (translation.mustBeNew) await assertNoName(trx, entityType, id, language);
  // The English name is the base name: both change together.
  if (language === 'en') await translation.setBaseName(value);
  await writeNames(trx, entityType, id, { [language]: value });
  await recordAudit(trx, actor, {
    action: 'translate',
    entityType,
    entityId: id,
    after: { language, name: value },
  });
  await indexTopics(trx, await translation.topicIds());
}
