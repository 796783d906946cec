import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityIdParams } from '../../../common/api/catalogue.js';
import {
  notificationDto,
  notificationsData,
  notificationsQuery,
  streamTicketData,
  unreadCountData,
} from '../../../common/api/notifications.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireLanguage } from '../../http/language.js';
import { answers, eventStream } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';

/** The stream's query: the ticket minted just before (never an access token: addresses end up in logs). */
const streamQuery = z.object({
  ticket: z.string().max(4_000).optional(),
  /** Checked by the route (400 UNSUPPORTED_LANGUAGE). */
  lang: z.string().max(20).optional(),
});

/**
 * Tickets a client address may mint a minute: a stream reconnecting with its back-off takes a few, a household
 * with many tabs open a few dozen.
 */
export const STREAM_TICKETS_PER_MINUTE = 60;

const NOTIFICATION_STREAM =
  'text/event-stream: an `unread` event at once (data `{unread}`), then a `notification` event (data: a ' +
  'NotificationDto in `lang`) for each notification written or updated for the caller, and an `unread` event ' +
  'after each change of the count (new ones, read in another tab); a comment line as a heartbeat.';

/** The caller's own notifications (every route signed in; the stream by its single-use ticket). */
export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { notifications, notificationStreams: streams } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  api.get(
    '/notifications',
    {
      schema: { tags, querystring: notificationsQuery, response: answers({ 200: notificationsData }) },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => {
      const { lang, limit, offset } = request.query;
      return ok(
        await notifications.list(callerOf(request).id, { language: requireLanguage(lang), limit, offset }),
      );
    },
  );

  api.get(
    '/notifications/unread-count',
    { schema: { tags, response: answers({ 200: unreadCountData }) }, preHandler: ctx.guards.requireUser },
    async (request) => ok({ unread: await notifications.unread(callerOf(request).id) }),
  );

  api.post(
    '/notifications/read-all',
    { schema: { tags, response: answers({ 200: unreadCountData }) }, preHandler: ctx.guards.requireUser },
    async (request) => ok({ unread: await notifications.markAllRead(callerOf(request).id) }),
  );

  api.post(
    '/notifications/:id/read',
    {
      schema: { tags, params: entityIdParams, response: answers({ 200: unreadCountData }) },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => ok({ unread: await notifications.markRead(callerOf(request).id, request.params.id) }),
  );

  api.post(
    '/notifications/stream-tickets',
    {
      schema: { tags, response: answers({ 200: streamTicketData }) },
      preHandler: ctx.guards.requireUser,
      // Each writes a row: a loop minting them is refused long before it weighs on the database.
      config: { rateLimit: { max: STREAM_TICKETS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request) => ok(await notifications.mintTicket(callerOf(request).id)),
  );

  api.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        querystring: streamQuery,
        response: eventStream(z.union([unreadCountData, notificationDto]), NOTIFICATION_STREAM),
      },
      compress: false,
    },
    async (request, reply) => {
      const language = requireLanguage(request.query.lang);
      // The place is taken before the first await, so that a burst of requests cannot pass the caps together.
      const lease = streams.caps.lease(request.ip);
      try {
        const userId = await notifications.redeemTicket(request.query.ticket);
        await streams.open(request, reply, { userId, language, lease });
      } catch (error) {
        lease.release();
        throw error;
      }
    },
  );
}
