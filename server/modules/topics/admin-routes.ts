import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createTopicBody,
  languageQuery,
  topicKeyParams,
  topicStatusBody,
} from '../../../common/api/topics.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { callerOf } from '../auth/guards.js';
import { requireLanguage } from '../translations/routes.js';
import { TopicsService } from './service.js';

/** Administrator topic routes (mounted behind the administrator guard); the back-office issue extends them. */
export async function adminTopicRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const topics = new TopicsService(ctx.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  api.post('/admin/topics', { schema: { tags, security, body: createTopicBody } }, async (request, reply) =>
    reply.status(201).send(ok({ topic: await topics.create(callerOf(request), request.body) })),
  );

  api.get(
    '/admin/topics/:slugOrId',
    { schema: { tags, security, params: topicKeyParams, querystring: languageQuery } },
    async (request) => {
      const language = requireLanguage(request.query.language ?? request.query.lang);
      return ok({ topic: await topics.topic(request.params.slugOrId, language, { includeInactive: true }) });
    },
  );

  api.put(
    '/admin/topics/:slugOrId/status',
    { schema: { tags, security, params: topicKeyParams, querystring: languageQuery, body: topicStatusBody } },
    async (request) => {
      const language = requireLanguage(request.query.language ?? request.query.lang);
      return ok({
        topic: await topics.setActive(
          callerOf(request),
          request.params.slugOrId,
          request.body.isActive,
          language,
        ),
      });
    },
  );
}
