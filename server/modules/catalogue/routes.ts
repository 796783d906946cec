import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addTopicTagBody,
  addTranslationBody,
  adminTopicsQuery,
  createCategoryBody,
  createTagBody,
  deleteCategoryQuery,
  entityIdParams,
  entityTranslationParams,
  propositionBody,
  putTranslationBody,
  topicKeyParam,
  topicPropositionParams,
  topicTagParams,
  topicWizardBody,
  updateCategoryBody,
  updateTagBody,
  updateTopicBody,
} from '../../../common/api/catalogue.js';
import { idParam } from '../../../common/api/fields.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { callerOf } from '../auth/guards.js';
import { requireLanguage } from '../translations/routes.js';
import { CategoriesService } from './categories-service.js';
import { TagsService } from './tags-service.js';
import { TopicsAdminService } from './topics-admin-service.js';

const tags = ['admin'];
const security = [{ bearer: [] }];
const languageQuery = z.object({
  lang: z.string().max(20).optional(),
  language: z.string().max(20).optional(),
});
const langOf = (query: { lang?: string | undefined; language?: string | undefined }) =>
  requireLanguage(query.language ?? query.lang, 'en');

/** Admin categories (SPEC 7). Mounted behind the administrator guard (see app.ts). */
export async function adminCategoryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const categories = new CategoriesService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags, security };

  api.get('/admin/categories', { schema }, async () => ok({ categories: await categories.list() }));

  api.post('/admin/categories', { schema: { ...schema, body: createCategoryBody } }, async (request, reply) =>
    reply.status(201).send(ok({ category: await categories.create(callerOf(request), request.body) })),
  );

  api.put(
    '/admin/categories/:id',
    { schema: { ...schema, params: entityIdParams, body: updateCategoryBody } },
    async (request) =>
      ok({ category: await categories.update(callerOf(request), request.params.id, request.body) }),
  );

  api.post(
    '/admin/categories/:id/translations',
    { schema: { ...schema, params: entityIdParams, body: addTranslationBody } },
    async (request, reply) => {
      const language = requireLanguage(request.body.language);
      const category = await categories.addTranslation(
        callerOf(request),
        request.params.id,
        language,
        request.body.name,
      );
      return reply.status(201).send(ok({ category }));
    },
  );

  api.put(
    '/admin/categories/:id/translations/:lang',
    { schema: { ...schema, params: entityTranslationParams, body: putTranslationBody } },
    async (request) => {
      const language = requireLanguage(request.params.lang);
      return ok({
        category: await categories.putTranslation(
          callerOf(request),
          request.params.id,
          language,
          request.body.name,
        ),
      });
    },
  );

  api.delete(
    '/admin/categories/:id',
    { schema: { ...schema, params: entityIdParams, querystring: deleteCategoryQuery } },
    async (request) => ok(await categories.delete(callerOf(request), request.params.id, request.query.force)),
  );
}

/** Admin tags (SPEC 7). Mounted behind the administrator guard (see app.ts). */
export async function adminTagRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const tagService = new TagsService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags, security };

  api.get(
    '/admin/tags',
    { schema: { ...schema, querystring: z.object({ categoryId: idParam.optional() }) } },
    async (request) => ok({ tags: await tagService.list({ categoryId: request.query.categoryId }) }),
  );

  api.post('/admin/tags', { schema: { ...schema, body: createTagBody } }, async (request, reply) =>
    reply.status(201).send(ok({ tag: await tagService.create(callerOf(request), request.body) })),
  );

  api.put(
    '/admin/tags/:id',
    { schema: { ...schema, params: entityIdParams, body: updateTagBody } },
    async (request) =>
      ok({ tag: await tagService.update(callerOf(request), request.params.id, request.body) }),
  );

  api.post(
    '/admin/tags/:id/translations',
    { schema: { ...schema, params: entityIdParams, body: addTranslationBody } },
    async (request, reply) => {
      const language = requireLanguage(request.body.language);
      const tag = await tagService.addTranslation(
        callerOf(request),
        request.params.id,
        language,
        request.body.name,
      );
      return reply.status(201).send(ok({ tag }));
    },
  );

  api.put(
    '/admin/tags/:id/translations/:lang',
    { schema: { ...schema, params: entityTranslationParams, body: putTranslationBody } },
    async (request) => {
      const language = requireLanguage(request.params.lang);
      return ok({
        tag: await tagService.putTranslation(
          callerOf(request),
          request.params.id,
          language,
          request.body.name,
        ),
      });
    },
  );

  api.delete('/admin/tags/:id', { schema: { ...schema, params: entityIdParams } }, async (request) =>
    ok(await tagService.delete(callerOf(request), request.params.id)),
  );
}

/**
 * Admin topics beyond browse's create, read and status routes (server/modules/topics/admin-routes.ts).
 * Mounted behind the administrator guard (see app.ts).
 */
export async function adminTopicCatalogueRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const topics = new TopicsAdminService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags, security };

  api.get(
    '/admin/topics',
    {
      schema: {
        ...schema,
        querystring: adminTopicsQuery.extend({
          limit: z.coerce.number().int().min(1).max(1000).default(500),
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        }),
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      return ok(await topics.list(langOf(request.query), { status, limit, offset }));
    },
  );

  api.post('/admin/topics/wizard', { schema: { ...schema, body: topicWizardBody } }, async (request, reply) =>
    reply.status(201).send(ok(await topics.runWizard(callerOf(request), request.body))),
  );

  api.put(
    '/admin/topics/:slugOrId',
    { schema: { ...schema, params: topicKeyParam, querystring: languageQuery, body: updateTopicBody } },
    async (request) =>
      ok({
        topic: await topics.update(
          callerOf(request),
          request.params.slugOrId,
          request.body,
          langOf(request.query),
        ),
      }),
  );

  api.delete('/admin/topics/:slugOrId', { schema: { ...schema, params: topicKeyParam } }, async (request) =>
    ok(await topics.delete(callerOf(request), request.params.slugOrId)),
  );

  api.post(
    '/admin/topics/:slugOrId/tags',
    { schema: { ...schema, params: topicKeyParam, querystring: languageQuery, body: addTopicTagBody } },
    async (request, reply) => {
      const topic = await topics.addTag(
        callerOf(request),
        request.params.slugOrId,
        request.body.tagSlug,
        langOf(request.query),
      );
      return reply.status(201).send(ok({ topic }));
    },
  );

  api.delete(
    '/admin/topics/:slugOrId/tags/:tagSlug',
    { schema: { ...schema, params: topicTagParams, querystring: languageQuery } },
    async (request) =>
      ok({
        topic: await topics.removeTag(
          callerOf(request),
          request.params.slugOrId,
          request.params.tagSlug,
          langOf(request.query),
        ),
      }),
  );

  api.post(
    '/admin/topics/:slugOrId/propositions',
    { schema: { ...schema, params: topicKeyParam, body: propositionBody } },
    async (request, reply) => {
      const proposition = await topics.addProposition(
        callerOf(request),
        request.params.slugOrId,
        request.body.itemName,
      );
      return reply.status(201).send(ok({ proposition }));
    },
  );

  api.put(
    '/admin/topics/:slugOrId/propositions/:id',
    { schema: { ...schema, params: topicPropositionParams, body: propositionBody } },
    async (request) =>
      ok({
        proposition: await topics.renameProposition(
          callerOf(request),
          request.params.slugOrId,
          request.params.id,
          request.body.itemName,
        ),
      }),
  );

  api.delete(
    '/admin/topics/:slugOrId/propositions/:id',
    { schema: { ...schema, params: topicPropositionParams } },
    async (request) =>
      ok(await topics.deleteProposition(callerOf(request), request.params.slugOrId, request.params.id)),
  );
}
