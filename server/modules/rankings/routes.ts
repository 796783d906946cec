import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type RankingData,
  rankingData,
  rankingEventDto,
  rankingParams,
  rankingQuery,
} from '../../../common/api/topics.js';
import { topicIdParams } from '../../../common/api/votes.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { errors } from '../../http/errors.js';
import { requireLanguage } from '../../http/language.js';
import { PUBLIC_READ, weakETag } from '../../http/public-reads.js';
import { answers, eventStream } from '../../http/responses.js';
import { rankingServicesByOrder } from './service.js';
import { streamRankingEvents } from './sse.js';

/** What the live ranking stream sends, for the OpenAPI document (the stream itself is sse.ts). */
const RANKING_STREAM =
  'text/event-stream: a `ranking` event at once, then one per change of the ranking, and a comment line as ' +
  'a heartbeat. The data of each event is a RankingEventDto in JSON.';

/** A topic's ranking (SPEC 7), and its live stream of DESIGN.md. */
export async function rankingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const rankings = rankingServicesByOrder(ctx.db);
  /**
   * Each cached ranking's answer as JSON, made once: the ranking cache hands every reader the same object
   * until a change replaces it, and serializing its 60 rows with their figures (13 KB) was a good part of
   * each read. Kept only as long as the cache keeps the ranking, and never bigger than it.
   */
  const answered = new WeakMap<RankingData, { json: string; etag: string }>();
  const answerOf = (ranking: RankingData) => {
    let answer = answered.get(ranking);
    if (answer === undefined) {
      const json = JSON.stringify(ok(ranking));
      // Its ETag is made with it, so that a revalidation (a 304) costs a lookup and a comparison.
      answer = { json, etag: weakETag(json) };
      answered.set(ranking, answer);
    }
    return answer;
  };
  const { events, streams } = ctx.rankings;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rankings'];

  api.get(
    '/search/rankings/topic/:topicId',
    {
      config: PUBLIC_READ,
      schema: {
        tags,
        params: rankingParams,
        querystring: rankingQuery,
        response: answers({ 200: rankingData }),
      },
      preHandler: ctx.guards.optionalUser,
    },
    async (request, reply) => {
      // Proposition names are not translated; the language is still checked so a bad one is refused alike.
      requireLanguage(request.query.language ?? request.query.lang);
      // Administrators (a token is optional here) also see inactive topics, to check them before activating.
      const ranking = await rankings[request.query.order].ranking(
        request.params.topicId,
        request.query.limit,
        { includeInactive: request.authUser?.isAdmin === true, window: request.query.window },
      );
      // A serializer of its own leaves the type to the route (the default one says JSON by itself).
      const { json, etag } = answerOf(ranking);
      return reply
        .type('application/json; charset=utf-8')
        .header('etag', etag)
        .serializer(() => json)
        .send(ok(ranking));
    },
  );

  api.get(
    '/topics/:topicId/events',
    {
      schema: { tags, params: topicIdParams, response: eventStream(rankingEventDto, RANKING_STREAM) },
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
