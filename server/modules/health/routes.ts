import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { isDatabaseReachable } from '../../db/database.js';
import { ok } from '../../http/envelope.js';

const LIVE = ok({ status: 'alive' });

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Liveness: answers without touching the database (process managers, and the benchmarks' baseline route).
  app.get('/live', { schema: { tags: ['health'] } }, async () => LIVE);

  // Readiness: the database must answer too.
  app.get('/health', { schema: { tags: ['health'] } }, async (_request, reply) => {
    const up = await isDatabaseReachable(ctx.database);
    const body = { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', kind: ctx.database.kind };
    if (!up)
      return reply.status(503).send({
        success: false,
        error: { code: 'DATABASE_DOWN', message: 'Database unreachable' },
        data: body,
      });
    return ok(body);
  });
}
