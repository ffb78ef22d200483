import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { SEARCH_TYPES } from '../../shared/schemas/search.ts';
import { localeOf, PageQuery, paginate, parseQuery } from '../http.ts';
import { createSearchIndex, type SearchIndex } from '../search-index.ts';
import type { Locale } from '../../shared/constants.ts';
import type { Content } from '../store.ts';

/**
 * `/api/v1/search?q=&type=&types=&page=&per_page=`: ranked hits of every content type (or of `type`, or of any of
 * `types`, a comma-separated list) in the requested language, with the count of hits of each type.
 */
export const searchRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    // each language's index is built at its first search (about a third of a CPU-second for both, each holding both
    // languages' words): most content APIs a test or a dev server starts are never searched, and a reload's new
    // content is indexed only if someone searches it
    const indexes = new Map<Locale, SearchIndex>();
    const indexOf = (locale: Locale): SearchIndex => {
      let index = indexes.get(locale);
      if (!index) indexes.set(locale, (index = createSearchIndex(content, locale)));
      return index;
    };
    const Query = PageQuery.extend({
      q: z.string().trim().min(1, 'q is required').max(200),
      type: z.enum(SEARCH_TYPES).optional(),
      types: z
        .string()
        .transform((raw) => raw.split(','))
        .pipe(z.array(z.enum(SEARCH_TYPES)))
        .optional(),
    });
    app.get('/api/v1/search', async (request, reply) => {
      const query = parseQuery(Query, request, reply);
      if (!query) return reply;
      const index = indexOf(localeOf(request));
      const { matches, types } = index.search(query.q, query.type ? [query.type] : query.types);
      const page = paginate(matches, query.page, query.per_page, request);
      return { ...page, data: page.data.map(index.hit), types };
    });
  };
