import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobIdParams, jobListData, jobListQuery, jobRetryData } from '../../../common/api/jobs.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { JobsAdminService } from './service.js';

/** Recent and failed jobs for administrators. Every route here runs behind requireAdmin (see app.ts). */
export async function adminJobRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = new JobsAdminService(ctx);
  const tags = ['admin'];

  api.get(
    '/admin/jobs',
    { schema: { tags, querystring: jobListQuery, response: answers({ 200: jobListData }) } },
    async (request) => ok(await service.list(request.query.limit)),
  );

  api.post(
    '/admin/jobs/:id/retry',
    { schema: { tags, params: jobIdParams, response: answers({ 200: jobRetryData }) } },
    async (request) => ok({ job: await service.retry(callerOf(request), request.params.id) }),
  );
}
