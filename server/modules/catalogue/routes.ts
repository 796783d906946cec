import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategoriesData,
  adminTagsData,
  categoryData,
  categoryDeleteData,
  createCategoryBody,
  createTagBody,
  deleteCategoryQuery,
  entityIdParams,
  tagData,
  tagDeleteData,
  updateCategoryBody,
  updateTagBody,
} from '../../../common/api/catalogue.js';
import { idParam } from '../../../common/api/fields.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { CategoriesService } from './categories-service.js';
import { nameTranslationRoutes } from './name-translation-routes.js';
import { TagsService } from './tags-service.js';

const tags = ['admin'];
const security = [{ bearer: [] }];
/** Admin categories (SPEC 7). Mounted behind the administrator guard (see app.ts). */
export async function adminCategoryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const categories = new CategoriesService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags, security };

  api.get(
    '/admin/categories',
    { schema: { ...schema, response: answers({ 200: adminCategoriesData }) } },
    async () => ok({ categories: await categories.list() }),
  );

  api.post(
    '/admin/categories',
    { schema: { ...schema, body: createCategoryBody, response: answers({ 201: categoryData }) } },
    async (request, reply) =>
      reply.status(201).send(ok({ category: await categories.create(callerOf(request), request.body) })),
  );

  api.put(
    '/admin/categories/:id',
    {
      schema: {
        ...schema,
        params: entityIdParams,
        body: updateCategoryBody,
        response: answers({ 200: categoryData }),
      },
    },
    async (request) =>
      ok({ category: await categories.update(callerOf(request), request.params.id, request.body) }),
  );

  nameTranslationRoutes(api, {
    path: '/admin/categories',
    data: categoryData,
    translate: async (request, name) => ({ category: await categories.translate(callerOf(request), name) }),
  });

  api.delete(
    '/admin/categories/:id',
    {
      schema: {
        ...schema,
        params: entityIdParams,
        querystring: deleteCategoryQuery,
        response: answers({ 200: categoryDeleteData }),
      },
    },
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
    {
      schema: {
        ...schema,
        querystring: z.object({ categoryId: idParam.optional() }),
        response: answers({ 200: adminTagsData }),
      },
    },
    async (request) => ok({ tags: await tagService.list({ categoryId: request.query.categoryId }) }),
  );

  api.post(
    '/admin/tags',
    { schema: { ...schema, body: createTagBody, response: answers({ 201: tagData }) } },
    async (request, reply) =>
      reply.status(201).send(ok({ tag: await tagService.create(callerOf(request), request.body) })),
  );

  api.put(
    '/admin/tags/:id',
    {
      schema: { ...schema, params: entityIdParams, body: updateTagBody, response: answers({ 200: tagData }) },
    },
    async (request) =>
      ok({ tag: await tagService.update(callerOf(request), request.params.id, request.body) }),
  );

  nameTranslationRoutes(api, {
    path: '/admin/tags',
    data: tagData,
    translate: async (request, name) => ({ tag: await tagService.translate(callerOf(request), name) }),
  });

  api.delete(
    '/admin/tags/:id',
    { schema: { ...schema, params: entityIdParams, response: answers({ 200: tagDeleteData }) } },
    async (request) => ok(await tagService.delete(callerOf(request), request.params.id)),
  );
}
