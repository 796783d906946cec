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

/** Every line of SQL about the audit trail (`audit_log`), which is only ever appended to. */
export class AuditRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: NewAuditRow): Promise<void> {
    await this.db.insertInto('audit_log').values(row).execute();
  }

  /** One page of the trail, newest first (id breaks ties between writes of the same millisecond). */
  async page(filter: AuditFilter): Promise<{ rows: AuditLogRow[]; total: number }> {
    let query = this.db.selectFrom('audit_log');
    if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
    if (filter.actorUsername !== undefined) {
      query = query.where((eb) =>
        eb(eb.fn('lower', ['actor_username']), '=', filter.actorUsername?.toLowerCase()),
      );
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
}
