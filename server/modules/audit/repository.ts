import type { Executor } from '../../db/executor.js';
import type { AuditLogRow } from '../../db/schema.js';

export interface AuditFilter {
  actorId?: number;
  actorUsername?: string;
  entityType?: string;
  /** Entries about this topic, its tags and its propositions. */
  topicId?: number;
  /** Inclusive lower bound, ISO instant. */
  from?: string;
  /** Exclusive upper bound, ISO instant. */
  before?: string;
  limit: number;
  offset: number;
}

export type NewAuditRow = Omit<AuditLogRow, 'id'>;

/**
 * Every line of SQL about the audit trail (`audit_log`), which is only ever appended to, except that a deleted
 * account's name leaves its entries (AuditLogTable).
 */
export class AuditRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: NewAuditRow): Promise<void> {
    await this.db.insertInto('audit_log').values(row).execute();
  }

  /** One page of the trail, newest first (id breaks ties between writes of the same millisecond). */
  async page(filter: AuditFilter): Promise<{ rows: AuditLogRow[]; total: number }> {
    let query = this.db.selectFrom('audit_log');
    if (filter.actorId !== undefined) {
      query = query.where('actor_kind', '=', 'account').where('actor_id', '=', filter.actorId);
    }
    if (filter.actorUsername !== undefined) {
      query = query
        .where('actor_kind', '=', 'account')
        .where((eb) => eb(eb.fn('lower', ['actor_username']), '=', filter.actorUsername?.toLowerCase()));
    }
    if (filter.entityType) query = query.where('entity_type', '=', filter.entityType);
    if (filter.topicId !== undefined) query = query.where('topic_id', '=', filter.topicId);
    if (filter.from) query = query.where('created_at', '>=', filter.from);
    if (filter.before) query = query.where('created_at', '<', filter.before);
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.total) };
  }

  /** The entries an account made stop naming it; they stay, as a deleted account's. */
  async forgetActor(userId: number): Promise<void> {
    await this.db
      .updateTable('audit_log')
      .set({ actor_kind: 'deleted_account', actor_id: 0, actor_username: '' })
      .where('actor_kind', '=', 'account')
      .where('actor_id', '=', userId)
      .execute();
  }

  /** The entries about one entity (an account's, say), oldest first. */
  about(entityType: string, entityId: string) {
    return this.db
      .selectFrom('audit_log')
      .select(['id', 'before_json', 'after_json'])
      .where('entity_type', '=', entityType)
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();
  }

  async rewrite(id: number, json: { before_json: string | null; after_json: string | null }): Promise<void> {
    await this.db.updateTable('audit_log').set(json).where('id', '=', id).execute();
  }
}
