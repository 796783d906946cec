import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allEntityTranslationsData,
  entityAllParams,
  entityParams,
  entityTranslationsData,
  fallbackQuery,
  recordParams,
  type TranslationEntityType,
  textRecordData,
  translationKeyField,
  uiTranslationsData,
  upsertTranslationBody,
  upsertTranslationData,
} from '../../../common/api/translations.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { errors } from '../../http/errors.js';
import { requireLanguage } from '../../http/language.js';
import { PUBLIC_READ } from '../../http/public-reads.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { removeText, upsertText } from './edits.js';
import type { TextRef } from './repository.js';

const readerOf = (request: FastifyRequest) => ({ isAdmin: request.authUser?.isAdmin === true });

/** The `{id or null}` of a path: "null" (or 0) for UI texts, which belong to no entity; an entity id otherwise. */
function entityIdOf(type: TranslationEntityType, id: string): number {
  if (type === 'ui') {
    if (id === 'null' || id === '0') return 0;
    throw errors.validation('UI texts belong to no entity: use null as the id', 'id');
  }
  const parsed = Number(id);
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(parsed) || parsed < 1) {
    throw errors.validation('The id must be a positive integer', 'id');
  }
  return parsed;
}

function recordRef(params: z.infer<typeof recordParams>): TextRef {
  const key = translationKeyField.safeParse(params.field);
  if (!key.success) throw errors.validation(key.error.issues[0]?.message ?? 'Invalid key', 'field');
  return {
    entityType: params.type,
    entityId: entityIdOf(params.type, params.id),
    key: key.data,
    language: requireLanguage(params.lang),
  };
}

/**
 * The translation store (SPEC 7 "Translations"). Reads are public; writes need an administrator, checked
 * on request so that a refusal comes before the body is read.
 */
export async function translationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const texts = ctx.texts;
  const tags = ['translations'];

  api.get(
    '/translations/ui/:lang',
    {
      config: PUBLIC_READ,
      schema: {
        tags,
        params: z.object({ lang: z.string().max(20) }),
        querystring: fallbackQuery,
        response: answers({ 200: uiTranslationsData }),
      },
    },
    async (request) => {
      const language = requireLanguage(request.params.lang);
      const fallback = requireLanguage(request.query.fallback);
      return ok({ language, translations: await texts.uiCatalog(language, fallback) });
    },
  );

  api.get(
    '/translations/entity/:type/all/:lang',
    {
      config: PUBLIC_READ,
      schema: {
        tags,
        params: entityAllParams,
        querystring: fallbackQuery,
        response: answers({ 200: allEntityTranslationsData }),
      },
      preHandler: ctx.guards.optionalUser,
    },
    async (request) => {
      const { type } = request.params;
      const language = requireLanguage(request.params.lang);
      const fallback = requireLanguage(request.query.fallback);
      return ok({
        entityType: type,
        language,
        translations: await texts.allEntityTexts(type, language, fallback, readerOf(request)),
      });
    },
  );

  api.get(
    '/translations/entity/:type/:id/:lang',
    {
      config: PUBLIC_READ,
      schema: {
        tags,
        params: entityParams,
        querystring: fallbackQuery,
        response: answers({ 200: entityTranslationsData }),
      },
      preHandler: ctx.guards.optionalUser,
    },
    async (request) => {
      const { type } = request.params;
      const entityId = entityIdOf(type, request.params.id);
      const language = requireLanguage(request.params.lang);
      const fallback = requireLanguage(request.query.fallback);
      return ok({
        entityType: type,
        entityId: type === 'ui' ? null : entityId,
        language,
        translations: await texts.entityTexts(type, entityId, language, fallback, readerOf(request)),
      });
    },
  );

  api.get(
    '/translations/:type/:id/:field/:lang',
    {
      config: PUBLIC_READ,
      schema: {
        tags,
        params: recordParams,
        querystring: fallbackQuery,
        response: answers({ 200: textRecordData }),
      },
      preHandler: ctx.guards.optionalUser,
    },
    async (request) => {
      const ref = recordRef(request.params);
      const fallback = requireLanguage(request.query.fallback);
      return ok({ translation: await texts.record(ref, fallback, readerOf(request)) });
    },
  );

  api.post(
    '/translations',
    {
      schema: {
        tags,
        body: upsertTranslationBody,
        response: answers({ 200: upsertTranslationData, 201: upsertTranslationData }),
      },
      onRequest: ctx.guards.requireAdmin,
    },
    async (request, reply) => {
      const { entityType, entityId, key, language, value } = request.body;
      const ref: TextRef = {
        entityType,
        entityId: entityIdOf(
          entityType,
          entityId === null || entityId === undefined ? 'null' : String(entityId),
        ),
        key,
        language,
      };
      const result = await upsertText(ctx, callerOf(request), ref, value);
      reply.code(result.created ? 201 : 200);
      return ok(result);
    },
  );

  api.delete(
    '/translations/:type/:id/:field/:lang',
    {
      schema: { tags, params: recordParams, response: answers({ 200: textRecordData }) },
      onRequest: ctx.guards.requireAdmin,
    },
    async (request) =>
      ok({ translation: await removeText(ctx, callerOf(request), recordRef(request.params)) }),
  );
}
