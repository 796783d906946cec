import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminTranslationListQuery,
  missingTranslationsData,
  missingTranslationsQuery,
  translationListData,
} from '../../../common/api/translations.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireLanguage } from '../../http/language.js';
import { answers } from '../../http/responses.js';

/** The back-office list of every text, and the UI keys a language still lacks. Behind requireAdmin (app.ts). */
export async function adminTranslationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  api.get(
    '/admin/translations',
    {
      schema: {
        tags,
        querystring: adminTranslationListQuery,
        response: answers({ 200: translationListData }),
      },
    },
    async (request) => {
      const { language, entityType, q, limit, offset } = request.query;
      return ok(
        await ctx.texts.list({
          ...(language && { language: requireLanguage(language) }),
          ...(entityType && entityType !== 'all' && { entityType }),
          ...(q && { q }),
          limit,
          offset,
        }),
      );
    },
  );

  api.get(
    '/admin/translations/missing',
    {
      schema: {
        tags,
        querystring: missingTranslationsQuery,
        response: answers({ 200: missingTranslationsData }),
      },
    },
    async (request) => {
      const language = requireLanguage(request.query.language);
      const missing = await ctx.texts.missingUiKeys(language);
      return ok({ language, missing, total: missing.length });
    },
  );
}
