import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ballotsChangedData, quarantineBody, restoreBody } from '../../../common/api/ballot-counting.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { BallotCounting } from './counting.js';

/** Administrators keep ballots out of the count and let them back in (issue 36). Behind requireAdmin (app.ts). */
export async function adminBallotRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const counting = new BallotCounting(ctx);
  const tags = ['admin'];

  api.post(
    '/admin/ballots/quarantine',
    { schema: { tags, body: quarantineBody, response: answers({ 200: ballotsChangedData }) } },
    async (request) => ok({ changed: await counting.quarantine(callerOf(request), request.body) }),
  );

  api.post(
    '/admin/ballots/restore',
    { schema: { tags, body: restoreBody, response: answers({ 200: ballotsChangedData }) } },
    async (request) => ok({ changed: await counting.restore(callerOf(request), request.body) }),
  );
}
