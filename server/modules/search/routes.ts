import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogueSearchQuery,
  searchCategoriesData,
  searchQuery,
  searchResponseDto,
  searchTagsData,
} from '../../../common/api/search.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireLanguage } from '../../http/language.js';
import { PUBLIC_READ, PUBLIC_READ_CHANGED_BY_EVENTS } from '../../http/public-reads.js';
import { answers } from '../../http/responses.js';
import type { SearchMode } from './candidates.js';

/**
 * Public search: suggestions as you type (predictive), full search (smart), and the category and
 * tag lists of the search page. No guard: anyone may search.
 */
export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { search } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const mode of ['predictive', 'smart'] as const satisfies SearchMode[]) {
    api.get(
      `/search/${mode}`,
      {
        config: PUBLIC_READ,
        schema: { tags: ['search'], querystring: searchQuery, response: answers({ 200: searchResponseDto }) },
      },
      async (request) => {
        const { q, lang, category, tag } = request.query;
        return ok(
          await search.search(mode, {
            q: q ?? '',
            language: requireLanguage(lang),
            ...(category && { category }),
            ...(tag && { tag }),
          }),
        );
      },
    );
  }

  api.get(
    '/search/categories',
    {
      config: PUBLIC_READ_CHANGED_BY_EVENTS,
      schema: {
        tags: ['search'],
        querystring: catalogueSearchQuery,
        response: answers({ 200: searchCategoriesData }),
      },
    },
    async (request) => {
      const { q, lang } = request.query;
      return ok({ categories: await search.categories(requireLanguage(lang), q) });
    },
  );

  api.get(
    '/search/tags',
    {
      config: PUBLIC_READ_CHANGED_BY_EVENTS,
      schema: {
        tags: ['search'],
        querystring: catalogueSearchQuery,
        response: answers({ 200: searchTagsData }),
      },
    },
    async (request) => {
      const { q, lang } = request.query;
      return ok({ tags: await search.tags(requireLanguage(lang), q) });
    },
  );
}
