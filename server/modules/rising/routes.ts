import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { risingData, risingParams } from '../../../common/api/rising.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireLanguage } from '../../http/language.js';
import { PUBLIC_READ } from '../../http/public-reads.js';
import { answers } from '../../http/responses.js';
import { RisingService } from './service.js';

/** What is rising this week: the home page's block (docs/decisions/024-rising-this-week.md). */
export async function risingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const rising = new RisingService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/topics/rising/:lang',
    {
      config: PUBLIC_READ,
      schema: { tags: ['topics'], params: risingParams, response: answers({ 200: risingData }) },
    },
    async (request) => ok(await rising.rising(requireLanguage(request.params.lang))),
  );
}
