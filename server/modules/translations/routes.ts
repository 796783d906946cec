import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { errors } from '../../http/errors.js';
import { loadUiTranslations } from './ui-catalog.js';

/** Accepts only fr, en, es, de; anything else is 400 UNSUPPORTED_LANGUAGE (not a generic validation error). */
export function requireLanguage(value: string | undefined, fallback: Language = DEFAULT_LANGUAGE): Language {
  if (value === undefined || value === '') return fallback;
  if (!isLanguage(value)) throw errors.unsupportedLanguage(value.slice(0, 20));
  return value;
}

export async function translationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/translations/ui/:lang',
    {
      schema: {
        tags: ['translations'],
        params: z.object({ lang: z.string().max(20) }),
        querystring: z.object({ fallback: z.string().max(20).optional() }),
      },
    },
    async (request) => {
      const language = requireLanguage(request.params.lang);
      const fallback = requireLanguage(request.query.fallback);
      return ok({ language, translations: await loadUiTranslations(ctx.db, language, fallback) });
    },
  );
}
