import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rankingParams, shareCardQuery } from '../../../common/api/topics.js';
import type { AppContext } from '../../context.js';
import { requireLanguage } from '../../http/language.js';
import { PUBLIC_READ } from '../../http/public-reads.js';
import { fileDownload } from '../../http/responses.js';
import { shareCardsOf } from './service.js';
import { CARD_HEIGHT, CARD_WIDTH } from './template.js';

/** A topic's share card: the image a shared link's preview shows (og:image, twitter:image). */
export async function shareCardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cards = shareCardsOf(ctx);
  app.addHook('onClose', () => cards.close());

  api.get(
    '/topics/:topicId/card.png',
    {
      config: PUBLIC_READ,
      schema: {
        tags: ['topics'],
        params: rankingParams,
        querystring: shareCardQuery,
        response: fileDownload(
          'image/png',
          z.string().meta({ format: 'binary' }),
          `The topic's share card, a ${CARD_WIDTH}x${CARD_HEIGHT} PNG: its title in the asked language, its ` +
            "podium (the three places by points, with medals and points) and the brand; a main topic's card " +
            "shows its sub-topics' leaders. Renewed at most every 10 s while ballots arrive: it shows the " +
            'figures as they stood at most 10 s ago (docs/decisions/028). 404 for a topic not shown.',
        ),
      },
    },
    async (request, reply) => {
      const card = await cards.card(request.params.topicId, requireLanguage(request.query.lng));
      // An image any site may show (a preview, a post embedding it): the app's same-origin policy is for the rest.
      return reply
        .type('image/png')
        .header('etag', card.etag)
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(card.png);
    },
  );
}
