import type { Kysely } from 'kysely';
import type { AuditEntryDto } from '../../../common/api/audit.js';
import type { Database } from '../../db/schema.js';

export interface AuditFilter {
  actorId?: number;
  actorUsername?: string;
  entityType?: string;
  /** Inclusive lower bound, ISO instant. */
  from?: string;
  /** Exclusive upper bound, ISO instant. */
  before?: string;
  limit: number;
  offset: number;
}

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

/** The trail, newest first (id breaks ties between writes of the same millisecond). */
export async function listAudit(
  db: Kysely<Database>,
  filter: AuditFilter,
): Promise<{ entries: AuditEntryDto[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.actorUsername !== undefined) {
    query = query.where((eb) =>
      eb(eb.fn('lower', ['actor_username']), '=', filter.actorUsername?.toLowerCase()),
    );
  }
  if (filter.entityType) query = query.where('entity_type', '=', filter.entityType);
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
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actorId: row.actor_id,
      actorUsername: row.actor_username,
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      before: parse(row.before_json),
      after: parse(row.after_json),
      createdAt: row.created_at,
    })),
    total: Number(total.total),
  };
}
