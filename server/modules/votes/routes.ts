import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rankingEventDto } from '../../../common/api/topics.js';
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
import { errors } from '../../http/errors.js';
import { answers, eventStream } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { assertMayReadVotesOf, assertVotesAsSelf } from './policies.js';
import { VotesService } from './service.js';
import { streamRankingEvents } from './sse.js';

/** What the live ranking stream sends, for the OpenAPI document (the stream itself is sse.ts). */
const RANKING_STREAM =
  'text/event-stream: a `ranking` event at once, then one per change of the ranking, and a comment line as ' +
  'a heartbeat. The data of each event is a RankingEventDto in JSON.';

/** SPEC 7 "Votes", plus the live ranking stream of DESIGN.md. Identity always comes from the token. */
export async function voteRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const events = ctx.rankingEvents;
  const votes = new VotesService(ctx);
  const streams = ctx.liveStreams;
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
      const list = await votes.userVotes(request.params.topicId, userId);
      return ok({ votes: list, hasVoted: list.length > 0 });
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
      const { firstVote, ...result } = await votes.submit(caller.id, request.body, request.ip);
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

  api.get(
    '/topics/:topicId/events',
    {
      schema: {
        tags: ['votes'],
        params: topicIdParams,
        response: eventStream(rankingEventDto, RANKING_STREAM),
      },
      compress: false,
    },
    async (request, reply) => {
      // The place is taken before the first await, so that a burst of requests cannot pass the caps together.
      const lease = streams.lease(request.ip);
      try {
        const initial = await events.snapshot(request.params.topicId);
        if (!initial) throw errors.notFound('Topic');
        streamRankingEvents(request, reply, {
          events,
          initial,
          lease,
          maxUnsentBytes: streams.limits.maxUnsentBytes,
        });
      } catch (error) {
        lease.release();
        throw error;
      }
    },
  );
}
