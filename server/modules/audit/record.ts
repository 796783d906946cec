import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/timestamps.js';
import type { AuthUser } from '../auth/guards.js';

export type AuditAction = 'create' | 'update' | 'delete' | 'status' | 'translate' | 'move';
export type AuditEntityType =
  | 'category'
  | 'tag'
  | 'topic'
  | 'proposition'
  | 'topic_tag'
  | 'user'
  | 'translation';

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one administrator write. Call it with the transaction that makes the change, so the trail
 * and the change commit or roll back together. Never pass secrets (password hashes, tokens) in before/after.
 */
export async function recordAudit(
  trx: Transaction<Database> | Kysely<Database>,
  actor: AuthUser,
  entry: AuditEntry,
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_username: actor.username,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: nowIso(),
    })
    .execute();
}
