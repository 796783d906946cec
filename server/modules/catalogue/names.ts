import { LANGUAGES, type Language } from '../../../common/constants.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';

type NamedEntity = 'category' | 'tag';

/** One name of a category or tag in one language: a new one must not exist yet (409 TRANSLATION_EXISTS). */
export interface NameTranslation {
  id: number;
  language: Language;
  name: string;
  mustBeNew: boolean;
}

/**
 * Sets the names given, through the texts service: English is the base name, the other languages
 * translations (null or '' removes one). Languages not given stay as they are.
 */
export async function writeNames(
  ctx: AppContext,
  trx: Executor,
  change: ChangeSet,
  entityType: NamedEntity,
  id: number,
  names: Partial<Record<Language, string | null | undefined>> = {},
): Promise<void> {
  for (const language of LANGUAGES) {
    const value = names[language];
    if (value === undefined) continue;
    const ref = { entityType, entityId: id, key: 'name', language };
    await ctx.texts.write(trx, change, ref, value?.trim() || null);
  }
}

/**
 * Sets one language's name of a category or tag (SPEC 8), with its audit entry. In English, the
 * entity's own language, it is the base name. `mustBeNew` (POST .../translations) refuses with 409
 * TRANSLATION_EXISTS a language that has a name already.
 */
export async function translateName(
  ctx: AppContext,
  trx: Executor,
  change: ChangeSet,
  actor: AuthUser,
  translation: { entityType: NamedEntity; id: number; language: Language; name: string; mustBeNew: boolean },
): Promise<void> {
  const { entityType, id, language } = translation;
  const name = translation.name.trim();
  const ref = { entityType, entityId: id, key: 'name', language };
  await ctx.texts.write(trx, change, ref, name, { mustBeNew: translation.mustBeNew });
  await recordAudit(trx, change, actor, {
    action: 'translate',
    entityType,
    entityId: id,
    after: { language, name },
  });
}
