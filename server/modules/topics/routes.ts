import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  hubData,
  hubParams,
  hubQuery,
  languageQuery,
  mainTopicData,
  mainTopicFilterData,
  mainTopicFilterParams,
  mainTopicFilterQuery,
  mainTopicParams,
  mainTopicQuery,
  popularParams,
  popularQuery,
  popularTopicsData,
  topicData,
  topicKeyParams,
} from '../../../common/api/topics.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireLanguage } from '../../http/language.js';
import { PUBLIC_READ, PUBLIC_READ_CHANGED_BY_EVENTS } from '../../http/public-reads.js';
import { answers } from '../../http/responses.js';
import { TopicsService } from './service.js';

const isAdmin = (request: FastifyRequest) => request.authUser?.isAdmin === true;

/** `tags=a,b`: the slugs a sub-topic must all carry. */
const tagSlugsOf = (tags: string | undefined) =>
  (tags ?? '')
    .split(',')
    .map((slug) => slug.trim())
    .filter(Boolean);

/** Public browsing: popular lists, one topic, main topics with their sub-topics (rankings: ../rankings). */
export async function topicRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const topics = new TopicsService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['topics'];

  api.get(
    '/topics/popular/:lang',
    {
      config: PUBLIC_READ,
      schema: {
        tags,
        params: popularParams,
        querystring: popularQuery,
        response: answers({ 200: popularTopicsData }),
      },
    },
    async (request) => ok(await topics.popular(requireLanguage(request.params.lang), request.query)),
  );

  api.get(
    '/topics/main/:id/hub',
    {
      config: PUBLIC_READ_CHANGED_BY_EVENTS,
      schema: { tags, params: hubParams, querystring: hubQuery, response: answers({ 200: hubData }) },
    },
    async (request) => {
      const { lang, offset, limit } = request.query;
      return ok(
        await topics.hub(request.params.id, requireLanguage(lang), {
          tagSlugs: tagSlugsOf(request.query.tags),
          offset,
          limit,
        }),
      );
    },
  );

  api.get(
    '/topics/main/:id/filter',
    {
      config: PUBLIC_READ_CHANGED_BY_EVENTS,
      schema: {
        tags,
        params: mainTopicFilterParams,
        querystring: mainTopicFilterQuery,
        response: answers({ 200: mainTopicFilterData }),
      },
    },
    async (request) => {
      const { lang, language, limit } = request.query;
      return ok(
        await topics.filterSubTopics(
          request.params.id,
          tagSlugsOf(request.query.tags),
          requireLanguage(lang ?? language),
          limit,
        ),
      );
    },
  );

  api.get(
    '/topics/main/:id/:lang',
    {
      config: PUBLIC_READ_CHANGED_BY_EVENTS,
      schema: {
        tags,
        params: mainTopicParams,
        querystring: mainTopicQuery,
        response: answers({ 200: mainTopicData }),
      },
    },
    async (request) =>
      ok(
        await topics.mainTopic(request.params.id, requireLanguage(request.params.lang), request.query.limit),
      ),
  );

  // Administrators (a token is optional here) also see inactive topics, to check them before activating.
  api.get(
    '/topics/:slugOrId',
    {
      config: PUBLIC_READ_CHANGED_BY_EVENTS,
      schema: {
        tags,
        params: topicKeyParams,
        querystring: languageQuery,
        response: answers({ 200: topicData }),
      },
      preHandler: ctx.guards.optionalUser,
    },
    async (request) => {
      const language = requireLanguage(request.query.language ?? request.query.lang);
      return ok({
        topic: await topics.topic(request.params.slugOrId, language, { includeInactive: isAdmin(request) }),
      });
    },
  );
}
