import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addTopicTagBody,
  adminTopicData,
  adminTopicsData,
  adminTopicsQuery,
  mergePropositionBody,
  propositionBody,
  propositionData,
  propositionDeleteData,
  topicDeleteData,
  topicKeyParam,
  topicPropositionParams,
  topicTagParams,
  topicWizardBody,
  topicWizardData,
  updateTopicBody,
} from '../../../common/api/catalogue.js';
import {
  createTopicBody,
  languageQuery,
  topicData,
  topicKeyParams,
  topicStatusBody,
} from '../../../common/api/topics.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireLanguage } from '../../http/language.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { TopicsAdminService } from './admin-service.js';
import { PropositionsAdminService } from './propositions-admin-service.js';
import { runWizard } from './wizard.js';

const langOf = (query: { lang?: string | undefined; language?: string | undefined }, fallback?: 'en') =>
  requireLanguage(query.language ?? query.lang, fallback);

/** Every /api/admin/topics route (SPEC 7 admin API), mounted behind the administrator guard (app.ts). */
export async function adminTopicRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const topics = new TopicsAdminService(ctx);
  const propositions = new PropositionsAdminService(ctx, topics);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['admin'], security: [{ bearer: [] }] };

  api.get(
    '/admin/topics',
    {
      schema: {
        ...schema,
        querystring: adminTopicsQuery.extend({
          limit: z.coerce.number().int().min(1).max(1000).default(500),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
        response: answers({ 200: adminTopicsData }),
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      return ok(await topics.list(langOf(request.query, 'en'), { status, limit, offset }));
    },
  );

  api.post(
    '/admin/topics',
    { schema: { ...schema, body: createTopicBody, response: answers({ 201: topicData }) } },
    async (request, reply) =>
      reply.status(201).send(ok({ topic: await topics.create(callerOf(request), request.body) })),
  );

  api.post(
    '/admin/topics/wizard',
    { schema: { ...schema, body: topicWizardBody, response: answers({ 201: topicWizardData }) } },
    async (request, reply) =>
      reply.status(201).send(ok(await runWizard(ctx, callerOf(request), request.body))),
  );

  api.get(
    '/admin/topics/:slugOrId',
    {
      schema: {
        ...schema,
        params: topicKeyParams,
        querystring: languageQuery,
        response: answers({ 200: adminTopicData }),
      },
    },
    async (request) => ok(await topics.readForEditing(request.params.slugOrId, langOf(request.query))),
  );

  api.put(
    '/admin/topics/:slugOrId',
    {
      schema: {
        ...schema,
        params: topicKeyParam,
        querystring: languageQuery,
        body: updateTopicBody,
        response: answers({ 200: adminTopicData }),
      },
    },
    async (request) =>
      ok(
        await topics.update(
          callerOf(request),
          request.params.slugOrId,
          request.body,
          langOf(request.query, 'en'),
        ),
      ),
  );

  api.put(
    '/admin/topics/:slugOrId/status',
    {
      schema: {
        ...schema,
        params: topicKeyParams,
        querystring: languageQuery,
        body: topicStatusBody,
        response: answers({ 200: topicData }),
      },
    },
    async (request) =>
      ok({
        topic: await topics.setActive(
          callerOf(request),
          request.params.slugOrId,
          request.body.isActive,
          langOf(request.query),
        ),
      }),
  );

  api.delete(
    '/admin/topics/:slugOrId',
    { schema: { ...schema, params: topicKeyParam, response: answers({ 200: topicDeleteData }) } },
    async (request) => ok(await topics.delete(callerOf(request), request.params.slugOrId)),
  );

  api.post(
    '/admin/topics/:slugOrId/tags',
    {
      schema: {
        ...schema,
        params: topicKeyParam,
        querystring: languageQuery,
        body: addTopicTagBody,
        response: answers({ 201: topicData }),
      },
    },
    async (request, reply) => {
      const topic = await topics.setTag(
        callerOf(request),
        request.params.slugOrId,
        request.body.tagSlug,
        true,
        langOf(request.query, 'en'),
      );
      return reply.status(201).send(ok({ topic }));
    },
  );

  api.delete(
    '/admin/topics/:slugOrId/tags/:tagSlug',
    {
      schema: {
        ...schema,
        params: topicTagParams,
        querystring: languageQuery,
        response: answers({ 200: topicData }),
      },
    },
    async (request) =>
      ok({
        topic: await topics.setTag(
          callerOf(request),
          request.params.slugOrId,
          request.params.tagSlug,
          false,
          langOf(request.query, 'en'),
        ),
      }),
  );

  api.post(
    '/admin/topics/:slugOrId/propositions',
    {
      schema: {
        ...schema,
        params: topicKeyParam,
        body: propositionBody,
        response: answers({ 201: propositionData }),
      },
    },
    async (request, reply) => {
      const proposition = await propositions.add(
        callerOf(request),
        request.params.slugOrId,
        request.body.itemName,
      );
      return reply.status(201).send(ok({ proposition }));
    },
  );

  api.put(
    '/admin/topics/:slugOrId/propositions/:id',
    {
      schema: {
        ...schema,
        params: topicPropositionParams,
        body: propositionBody,
        response: answers({ 200: propositionData }),
      },
    },
    async (request) =>
      ok({
        proposition: await propositions.rename(
          callerOf(request),
          request.params.slugOrId,
          request.params.id,
          request.body.itemName,
        ),
      }),
  );

  api.post(
    '/admin/topics/:slugOrId/propositions/:id/merge',
    {
      schema: {
        ...schema,
        params: topicPropositionParams,
        body: mergePropositionBody,
        response: answers({ 200: propositionData }),
      },
    },
    async (request) =>
      ok({
        proposition: await propositions.merge(
          callerOf(request),
          request.params.slugOrId,
          request.params.id,
          request.body.intoId,
        ),
      }),
  );

  api.delete(
    '/admin/topics/:slugOrId/propositions/:id',
    {
      schema: {
        ...schema,
        params: topicPropositionParams,
        response: answers({ 200: propositionDeleteData }),
      },
    },
    async (request) =>
      ok(await propositions.delete(callerOf(request), request.params.slugOrId, request.params.id)),
  );
}
