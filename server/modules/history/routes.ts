import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rankHistoryData } from '../../../common/api/history.js';
import { topicIdParams } from '../../../common/api/votes.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { PUBLIC_READ } from '../../http/public-reads.js';
import { answers } from '../../http/responses.js';
import { RankHistoryService } from './service.js';

/** A topic's rank history: each proposition's rank at the end of each of the last 90 days. */
export async function historyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const history = new RankHistoryService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/topics/:topicId/rank-history',
    {
      config: PUBLIC_READ,
      schema: { tags: ['rankings'], params: topicIdParams, response: answers({ 200: rankHistoryData }) },
    },
    async (request) => ok(await history.history(request.params.topicId)),
  );
}
