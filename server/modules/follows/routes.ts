import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  followSettingsBody,
  followSettingsData,
  followStatusDto,
  myFollowsData,
  myFollowsQuery,
} from '../../../common/api/follows.js';
import { topicIdParams } from '../../../common/api/votes.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireLanguage } from '../../http/language.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { FollowsService } from './service.js';

/** Following topics and main topics: the caller's own, never anyone else's (every route signed in). */
export async function followRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const follows = new FollowsService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const topicFollow = {
    schema: { tags: ['follows'], params: topicIdParams, response: answers({ 200: followStatusDto }) },
    preHandler: ctx.guards.requireUser,
  };

  api.get('/topics/:topicId/follow', topicFollow, async (request) =>
    ok(await follows.status(callerOf(request), request.params.topicId)),
  );
  api.put('/topics/:topicId/follow', topicFollow, async (request) =>
    ok(await follows.set(callerOf(request), request.params.topicId, true)),
  );
  api.delete('/topics/:topicId/follow', topicFollow, async (request) =>
    ok(await follows.set(callerOf(request), request.params.topicId, false)),
  );

  api.get(
    '/users/me/follows',
    {
      schema: { tags: ['follows'], querystring: myFollowsQuery, response: answers({ 200: myFollowsData }) },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => {
      const { lang, limit, offset } = request.query;
      return ok(await follows.mine(callerOf(request).id, { language: requireLanguage(lang), limit, offset }));
    },
  );

  api.put(
    '/users/me/follow-settings',
    {
      schema: { tags: ['follows'], body: followSettingsBody, response: answers({ 200: followSettingsData }) },
      preHandler: ctx.guards.requireUser,
    },
    async (request) =>
      ok(await follows.setFollowVotedTopics(callerOf(request).id, request.body.followVotedTopics)),
  );
}
