import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorCode } from '../../../common/api/error-codes.js';
import { benchConstantData, healthDownEnvelope, healthReport, liveData } from '../../../common/api/health.js';
import type { AppContext } from '../../context.js';
import { isDatabaseReachable } from '../../db/database.js';
import { ok } from '../../http/envelope.js';
import { redisHealth } from '../../http/rate-limit/register.js';
import { answers } from '../../http/responses.js';

const LIVE = ok({ status: 'alive' });
const MAX_CONSTANT_BYTES = 256 * 1024;
/** A database down is a 503 that still carries the report. */
const HEALTH_ANSWERS = { ...answers({ 200: healthReport }), 503: healthDownEnvelope };

/**
 * A constant document of about `bytes` bytes once serialized: rows of the shape lists have. Built
 * once per size; Fastify still serializes it on every request, as it does every real answer.
 */
function constantDocument(bytes: number) {
  const row = (i: number) => ({ id: i, name: `Constant row ${i}`, text: 'x'.repeat(60), count: i * 7 });
  const rows: ReturnType<typeof row>[] = [];
  let size = JSON.stringify(ok({ rows })).length;
  while (size < bytes) {
    const next = row(rows.length + 1);
    rows.push(next);
    size += JSON.stringify(next).length + 1;
  }
  return ok({ rows });
}

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Liveness: answers without touching the database (process managers, and the benchmarks' baseline route).
  app.get('/live', { schema: { tags: ['health'], response: answers({ 200: liveData }) } }, async () => LIVE);

  // The baseline of `npm run bench` (issue: "a trivial route that returns a constant JSON document of
  // similar size"): each read route's rate is compared with this route's at the same response size.
  if (ctx.config.benchRoutes) {
    const documents = new Map<number, ReturnType<typeof constantDocument>>();
    const query = z.object({ bytes: z.coerce.number().int().min(0).max(MAX_CONSTANT_BYTES).default(1024) });
    const schema = { tags: ['health'], querystring: query, response: answers({ 200: benchConstantData }) };
    app.withTypeProvider<ZodTypeProvider>().get('/bench/constant', { schema }, async (request) => {
      const { bytes } = request.query;
      let document = documents.get(bytes);
      if (!document) {
        document = constantDocument(bytes);
        documents.set(bytes, document);
      }
      return document;
    });
  }

  // Readiness: the server is not stopping, and the database answers. Redis is reported but does not decide: without it the rate
  // limits count per process, and a 503 here would take every server out of its load balancer at once.
  app.get('/health', { schema: { tags: ['health'], response: HEALTH_ANSWERS } }, async (_request, reply) => {
    const [up, redis] = await Promise.all([isDatabaseReachable(ctx.database), redisHealth(ctx.redis)]);
    const stopping = ctx.lifecycle.isStopping;
    const body = {
      status: stopping ? 'stopping' : up ? 'ok' : 'degraded',
      database: up ? 'up' : 'down',
      kind: ctx.database.kind,
      ...(redis ? { redis } : {}),
      liveStreams: ctx.rankings.streams.size,
    };
    // Told to stop: it still answers what it is asked while it drains, but takes no new work.
    if (stopping)
      return reply.status(503).send({
        success: false,
        error: { code: 'SERVICE_UNAVAILABLE' satisfies ErrorCode, message: 'This server is stopping' },
        data: body,
      });
    if (!up)
      return reply.status(503).send({
        success: false,
        error: { code: 'DATABASE_DOWN' satisfies ErrorCode, message: 'Database unreachable' },
        data: body,
      });
    return ok(body);
  });
}
