import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditListData, auditListQuery } from '../../../common/api/audit.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { errors } from '../../http/errors.js';
import { answers } from '../../http/responses.js';
import { listAudit } from './service.js';

const DAY_MS = 86_400_000;

/**
 * A filter bound as an ISO instant. `from` is inclusive; `to` is inclusive too, so it becomes the exclusive
 * bound just after it: the next day for a date alone, the next millisecond for an instant.
 */
function boundOf(value: string, field: 'from' | 'to'): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const time = Date.parse(dateOnly ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(time)) throw errors.validation(`${field} is not a valid date`, field);
  const after = field === 'from' ? 0 : dateOnly ? DAY_MS : 1;
  return new Date(time + after).toISOString();
}

/** The administrators' audit trail, read-only. Behind requireAdmin (app.ts). */
export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/audit',
    { schema: { tags: ['admin'], querystring: auditListQuery, response: answers({ 200: auditListData }) } },
    async (request) => {
      const { actor, entityType, topicId, from, to, limit, offset } = request.query;
      const byId = actor !== undefined && /^\d+$/.test(actor);
      return ok(
        await listAudit(ctx.db, {
          ...(byId && { actorId: Number(actor) }),
          ...(actor && !byId && { actorUsername: actor }),
          ...(entityType && { entityType }),
          ...(topicId !== undefined && { topicId }),
          ...(from && { from: boundOf(from, 'from') }),
          ...(to && { before: boundOf(to, 'to') }),
          limit,
          offset,
        }),
      );
    },
  );
}
