import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { SEARCH_TYPES } from '../../shared/schemas/search.ts';
import { localeOf, PageQuery, paginate, parseQuery } from '../http.ts';
import { createSearchIndex } from '../search-index.ts';
import type { Content } from '../store.ts';

/** `/api/v1/search?q=&type=&page=&per_page=`: ranked hits of every content type in the requested language. */
export const searchRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const indexes = { ru: createSearchIndex(content, 'ru'), en: createSearchIndex(content, 'en') };
    const Query = PageQuery.extend({
      q: z.string().trim().min(1, 'q is required').max(200),
      type: z.enum(SEARCH_TYPES).optional(),
    });
    app.get('/api/v1/search', async (request, reply) => {
      const query = parseQuery(Query, request, reply);
      if (!query) return reply;
      const hits = indexes[localeOf(request)].search(query.q, query.type);
      return paginate(hits, query.page, query.per_page, request);
    });
  };
