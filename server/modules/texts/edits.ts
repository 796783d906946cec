import type { TextRecordDto, UpsertTranslationData } from '../../../common/api/translations.js';
import type { AppContext } from '../../context.js';
import { withUniqueSlug } from '../../db/unique-slug.js';
import { errors } from '../../http/errors.js';
import { type AuditEntry, recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import type { TextRef } from './repository.js';

/** The audit entry of a text edit: a translation row, or the entity's own (base) text. */
function audited(ref: TextRef, record: TextRecordDto): Pick<AuditEntry, 'entityType' | 'entityId'> {
  if (record.id !== null || ref.entityType === 'ui')
    return { entityType: 'translation', entityId: record.id };
  return { entityType: ref.entityType, entityId: ref.entityId };
}

/** POST /api/translations: one text written, with its audit entry, in one transaction. */
export async function upsertText(
  ctx: AppContext,
  actor: AuthUser,
  ref: TextRef,
  value: string,
): Promise<UpsertTranslationData> {
  const write = () =>
    ctx.changes.transaction(async (trx, change) => {
      const { before, after } = await ctx.texts.write(trx, change, ref, value);
      if (!after) throw new Error('unreachable: a written text has a record');
      await recordAudit(trx, change, actor, {
        action: before ? 'update' : 'create',
        ...audited(ref, after),
        ...(before && { before }),
        after,
      });
      return { translation: after, created: before === undefined };
    });
  // A topic's own title is its base title: main topic names are unique in a category, even in a race.
  return withUniqueSlug(write, { slug: () => errors.slugExists('topic'), other: () => errors.topicExists() });
}

/** DELETE /api/translations/...: one text removed (an entity's required own text cannot be). */
export function removeText(ctx: AppContext, actor: AuthUser, ref: TextRef): Promise<TextRecordDto> {
  return ctx.changes.transaction(async (trx, change) => {
    const { before } = await ctx.texts.write(trx, change, ref, null);
    if (!before) throw errors.notFound('Translation');
    await recordAudit(trx, change, actor, {
      action: 'delete',
      ...audited(ref, before),
      before,
    });
    return before;
  });
}
