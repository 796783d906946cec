import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  flagData,
  flagParams,
  integrityListQuery,
  integrityTopicData,
  integrityTopicParams,
  integrityTopicQuery,
  openFlagsData,
  userBallotsData,
  userBallotsParams,
} from '../../../common/api/integrity.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireLanguage } from '../../http/language.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { IntegrityService } from './service.js';

/** The integrity screen's reads and a flag's dismissal (issue 36). Behind requireAdmin (app.ts). */
export async function adminIntegrityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const integrity = new IntegrityService(ctx);
  const tags = ['admin'];

  api.get(
    '/admin/integrity/flags',
    { schema: { tags, querystring: integrityListQuery, response: answers({ 200: openFlagsData }) } },
    async (request) => ok(await integrity.openFlags(requireLanguage(request.query.lang))),
  );

  api.get(
    '/admin/integrity/topics/:id',
    {
      schema: {
        tags,
        params: integrityTopicParams,
        querystring: integrityTopicQuery,
        response: answers({ 200: integrityTopicData }),
      },
    },
    async (request) =>
      ok(
        await integrity.topicScreen(
          request.params.id,
          request.query.days,
          requireLanguage(request.query.lang),
        ),
      ),
  );

  api.post(
    '/admin/integrity/flags/:id/dismiss',
    { schema: { tags, params: flagParams, response: answers({ 200: flagData }) } },
    async (request) => ok({ flag: await integrity.dismiss(callerOf(request), request.params.id) }),
  );

  api.get(
    '/admin/users/:id/ballots',
    {
      schema: {
        tags,
        params: userBallotsParams,
        querystring: integrityListQuery,
        response: answers({ 200: userBallotsData }),
      },
    },
    async (request) =>
      ok(await integrity.userBallots(request.params.id, requireLanguage(request.query.lang))),
  );
}
