import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noticesDismissedData } from '../../../common/api/proposals.js';
import {
  submitVotesBody,
  submitVotesDto,
  topicIdParams,
  userVotesDto,
  userVotesQuery,
  withdrawVotesData,
} from '../../../common/api/votes.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { assertMayReadVotesOf, assertVotesAsSelf } from './policies.js';
import { VotesService } from './service.js';

/** SPEC 7 "Votes" (the live ranking stream is the rankings module's). Identity always comes from the token. */
export async function voteRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const votes = new VotesService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/search/user-votes/:topicId',
    {
      schema: {
        tags: ['votes'],
        params: topicIdParams,
        querystring: userVotesQuery,
        response: answers({ 200: userVotesDto }),
      },
      preHandler: ctx.guards.requireUser,
      config: { access: "own ballots; another voter's, administrators only" },
    },
    async (request) => {
      const userId = assertMayReadVotesOf(callerOf(request), request.query.userId);
      const [list, notices, counting] = await Promise.all([
        votes.userVotes(request.params.topicId, userId),
        votes.noticesOf(userId, request.params.topicId),
        votes.countingOf(userId, request.params.topicId),
      ]);
      return ok({ votes: list, hasVoted: list.length > 0, notices, counting });
    },
  );

  api.delete(
    '/search/user-votes/:topicId/notices',
    {
      schema: {
        tags: ['votes'],
        params: topicIdParams,
        response: answers({ 200: noticesDismissedData }),
      },
      preHandler: ctx.guards.requireUser,
      config: { access: 'own notices' },
    },
    async (request) => {
      const dismissed = await votes.dismissNotices(callerOf(request).id, request.params.topicId);
      return ok({ dismissed });
    },
  );

  api.post(
    '/search/propositions',
    {
      schema: {
        tags: ['votes'],
        body: submitVotesBody,
        response: answers({ 200: submitVotesDto, 201: submitVotesDto }),
      },
      preHandler: ctx.guards.requireUser,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      assertVotesAsSelf(
        caller,
        request.body.propositions.map((entry) => entry.userId),
      );
      const { firstVote, ...result } = await votes.submit(caller, request.body, request.ip);
      return reply.status(firstVote ? 201 : 200).send(ok(result));
    },
  );

  api.delete(
    '/search/user-votes/:topicId',
    {
      schema: {
        tags: ['votes'],
        params: topicIdParams,
        querystring: userVotesQuery,
        response: answers({ 200: withdrawVotesData }),
      },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => {
      const caller = callerOf(request);
      assertVotesAsSelf(caller, [request.query.userId]);
      const withdrawn = await votes.withdraw(caller.id, request.params.topicId);
      return ok({ withdrawn });
    },
  );
}
