import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { propositionData } from '../../../common/api/catalogue.js';
import {
  pendingProposalsData,
  proposalParams,
  proposalRejectedData,
  proposalsData,
  proposalsQuery,
  rejectProposalBody,
} from '../../../common/api/proposals.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { ProposalsService } from './service.js';

/** The review queue of held proposals (issue 34). Every route here runs behind requireAdmin (see app.ts). */
export async function adminProposalRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = new ProposalsService(ctx);
  const tags = ['admin'];

  api.get(
    '/admin/proposals',
    { schema: { tags, querystring: proposalsQuery, response: answers({ 200: proposalsData }) } },
    async (request) => ok(await service.list(request.query.topicId)),
  );

  api.get(
    '/admin/proposals/count',
    { schema: { tags, response: answers({ 200: pendingProposalsData }) } },
    async () => ok({ pending: await service.pendingCount() }),
  );

  api.post(
    '/admin/proposals/:id/approve',
    { schema: { tags, params: proposalParams, response: answers({ 200: propositionData }) } },
    async (request) => ok({ proposition: await service.approve(callerOf(request), request.params.id) }),
  );

  api.post(
    '/admin/proposals/:id/reject',
    {
      schema: {
        tags,
        params: proposalParams,
        body: rejectProposalBody,
        response: answers({ 200: proposalRejectedData }),
      },
    },
    async (request) => {
      const ballots = await service.reject(callerOf(request), request.params.id, request.body);
      return ok({ rejected: true as const, ballots });
    },
  );
}
