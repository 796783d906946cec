import type { AuditActorKind, AuditEntryDto } from '../../../common/api/audit.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { Executor } from '../../db/executor.js';
import type { AuditLogRow } from '../../db/schema.js';
import type { AuthUser } from '../auth/guards.js';
import { type AuditFilter, AuditRepository } from './repository.js';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'status'
  | 'translate'
  | 'move'
  | 'merge'
  | 'approve'
  | 'reject'
  | 'quarantine'
  | 'restore'
  | 'count'
  | 'dismiss'
  | 'export';
export type AuditEntityType =
  | 'category'
  | 'tag'
  | 'topic'
  | 'proposition'
  | 'topic_tag'
  | 'user'
  | 'translation'
  | 'job'
  | 'setting'
  | 'ballot'
  | 'burst_flag';

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  /** The topic a proposition's entry is about (a topic's and its tags' are their entity). */
  topicId?: number;
}

/**
 * Who made an entry: a signed-in account, or, without one, the account being deleted (which the entry must
 * not name) or the server's own jobs.
 */
export type AuditActor = AuthUser | Exclude<AuditActorKind, 'account'>;

/**
 * Records one administrator write. Call it with the transaction that makes the change and its change
 * set (whose instant the entry carries), so the trail and the change commit or roll back together.
 * Never pass secrets (password hashes, tokens) in before/after.
 */
export function recordAudit(
  trx: Executor,
  change: ChangeSet,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  const account = typeof actor === 'string' ? undefined : actor;
  return new AuditRepository(trx).insert({
    created_at: change.at,
    actor_kind: typeof actor === 'string' ? actor : 'account',
    // A kind without an account has none to name (AuditLogTable).
    actor_id: account?.id ?? 0,
    actor_username: account?.username ?? '',
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
    after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    topic_id:
      entry.entityType === 'topic' || entry.entityType === 'topic_tag'
        ? Number(entry.entityId)
        : (entry.topicId ?? null),
  });
}

/** One page of the trail as the API shows it. */
export async function listAudit(
  db: Executor,
  filter: AuditFilter,
): Promise<{ entries: AuditEntryDto[]; total: number }> {
  const { rows, total } = await new AuditRepository(db).page(filter);
  return { entries: rows.map(toAuditEntryDto), total };
}

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

function toAuditEntryDto(row: AuditLogRow): AuditEntryDto {
  const named = row.actor_kind === 'account';
  return {
    id: row.id,
    actorKind: row.actor_kind,
    actorId: named ? row.actor_id : null,
    actorUsername: named ? row.actor_username : null,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    before: parse(row.before_json),
    after: parse(row.after_json),
    createdAt: row.created_at,
  };
}
