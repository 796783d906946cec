import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryFeedParams, feedQuery, topicFeedParams } from '../../../common/api/feeds.js';
import type { AppContext } from '../../context.js';
import { requireLanguage } from '../../http/language.js';
import { PUBLIC_READ, PUBLIC_READ_CHANGED_BY_EVENTS } from '../../http/public-reads.js';
import { fileDownload } from '../../http/responses.js';
import { ATOM_MEDIA_TYPE, FEED_ENTRIES, FeedsService } from './service.js';

/** An Atom document: XML text (RFC 4287). */
const atomDocument = z.string();

/** Atom feeds (decision 034): a topic's podium changes, a category's new topics. */
export async function feedRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const feeds = new FeedsService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/topics/:topicId/feed.atom',
    {
      // The daily snapshot job writes the history without a change event: believed 1 s, like the history.
      config: PUBLIC_READ,
      schema: {
        tags: ['feeds'],
        params: topicFeedParams,
        querystring: feedQuery,
        response: fileDownload(
          'application/atom+xml',
          atomDocument,
          `An Atom 1.0 feed of the topic's podium (its top 3, ties included) in the asked language: one entry ` +
            `per day of its rank history whose podium differs from the day before, and one for the standing ` +
            `now when it differs from the last day, newest first, at most ${FEED_ENTRIES}. 404 for an unknown, ` +
            'inactive or main topic (docs/decisions/034).',
        ),
      },
    },
    async (request, reply) => {
      const xml = await feeds.topicFeed(request.params.topicId, requireLanguage(request.query.lng));
      return reply.type(ATOM_MEDIA_TYPE).send(xml);
    },
  );

  api.get(
    '/categories/:categoryId/feed.atom',
    {
      config: PUBLIC_READ_CHANGED_BY_EVENTS,
      schema: {
        tags: ['feeds'],
        params: categoryFeedParams,
        querystring: feedQuery,
        response: fileDownload(
          'application/atom+xml',
          atomDocument,
          `An Atom 1.0 feed of the category's newest active topics (its subcategories' too, main topics and ` +
            `sub-topics), newest first, at most ${FEED_ENTRIES}, titled in the asked language. 404 for an ` +
            'unknown category (docs/decisions/034).',
        ),
      },
    },
    async (request, reply) => {
      const xml = await feeds.categoryFeed(request.params.categoryId, requireLanguage(request.query.lng));
      return reply.type(ATOM_MEDIA_TYPE).send(xml);
    },
  );
}
