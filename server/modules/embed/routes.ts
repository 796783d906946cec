import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { oembedDto, oembedQuery } from '../../../common/api/oembed.js';
import type { AppContext } from '../../context.js';
import { PUBLIC_READ } from '../../http/public-reads.js';
import { fileDownload } from '../../http/responses.js';
import { OEmbeds } from './oembed.js';

/** oEmbed (oembed.com) for topic pages: how another site turns a pasted link into the live embed. */
export async function embedRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const oembeds = new OEmbeds(ctx);

  api.get(
    '/oembed',
    {
      config: PUBLIC_READ,
      schema: {
        tags: ['embed'],
        querystring: oembedQuery,
        // The one success answer outside the envelope: oEmbed consumers read the spec's object itself.
        response: fileDownload(
          'application/json',
          oembedDto,
          'The oEmbed object itself, not in the envelope (the spec fixes its shape). Refusals are in the ' +
            'envelope: 400 bad input, 404 a URL that is no topic page of this site, 501 format=xml.',
        ),
      },
    },
    async (request, reply) => {
      const answer = await oembeds.of(request.query);
      return reply.type('application/json; charset=utf-8').send(answer);
    },
  );
}
