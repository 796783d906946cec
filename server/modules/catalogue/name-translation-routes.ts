import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  addTranslationBody,
  entityIdParams,
  entityTranslationParams,
  putTranslationBody,
} from '../../../common/api/catalogue.js';
import { ok } from '../../http/envelope.js';
import { requireLanguage } from '../../http/language.js';
import { answers } from '../../http/responses.js';
import type { NameTranslation } from './names.js';

/** What `app.withTypeProvider<ZodTypeProvider>()` gives a route module. */
type ZodApi = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The documented answers, typed loosely: with a generic data schema the type provider cannot resolve the
 * reply type, and the callers' `translate` is typed by `Data` instead.
 */
const answered = (status: 200 | 201, data: z.ZodType): FastifySchema['response'] =>
  answers({ [status]: data });

/**
 * The two routes that give a named entity (category, tag) its name in another language: POST
 * `{path}/:id/translations` adds one (201), PUT `{path}/:id/translations/:lang` sets one. Both answer the
 * entity as `data` describes it.
 */
export function nameTranslationRoutes<Data extends z.ZodType>(
  api: ZodApi,
  options: {
    path: string;
    data: Data;
    translate: (request: FastifyRequest, translation: NameTranslation) => Promise<z.output<Data>>;
  },
) {
  const schema = { tags: ['admin'], security: [{ bearer: [] }] };
  api.post(
    `${options.path}/:id/translations`,
    {
      schema: {
        ...schema,
        params: entityIdParams,
        body: addTranslationBody,
        response: answered(201, options.data),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { name } = request.body;
      const language = requireLanguage(request.body.language);
      const data = await options.translate(request, { id, language, name, mustBeNew: true });
      return reply.status(201).send(ok(data));
    },
  );
  api.put(
    `${options.path}/:id/translations/:lang`,
    {
      schema: {
        ...schema,
        params: entityTranslationParams,
        body: putTranslationBody,
        response: answered(200, options.data),
      },
    },
    async (request) => {
      const { id } = request.params;
      const language = requireLanguage(request.params.lang);
      return ok(
        await options.translate(request, { id, language, name: request.body.name, mustBeNew: false }),
      );
    },
  );
}
