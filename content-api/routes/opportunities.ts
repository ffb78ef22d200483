import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { byDateDesc, localeOf, PageQuery, paginate, parseQuery } from '../http.ts';
import type { Content } from '../store.ts';

export const opportunityRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const categories = content['opportunity-categories'];
    const category = (slug: string, locale: 'ru' | 'en') => {
      const c = categories.find((x) => x.slug === slug);
      return c ? { id: c.id, slug: c.slug, title: c.title[locale] } : { id: 0, slug, title: slug };
    };
    const sorted = [...content.opportunities].sort(byDateDesc((o) => o.published_at));

    app.get('/api/v1/opportunity-categories', async (request) => {
      const locale = localeOf(request);
      return { data: categories.map((c) => ({ id: c.id, slug: c.slug, title: c.title[locale] })) };
    });

    const Query = PageQuery.extend({
      category: z.enum(categories.map((c) => c.slug)).optional(),
      /** only those whose deadline has not passed (or that have none) */
      open: z.enum(['1', '0']).optional(),
    });
    app.get('/api/v1/opportunities', async (request, reply) => {
      const query = parseQuery(Query, request, reply);
      if (!query) return reply;
      const locale = localeOf(request);
      const today = new Date().toISOString().slice(0, 10);
      const items = sorted
        .filter((o) => !query.category || o.category === query.category)
        .filter((o) => query.open !== '1' || o.deadline === null || o.deadline >= today)
        .map((o) => ({
          id: o.id,
          slug: o.slug,
          title: o.title[locale],
          excerpt: o.excerpt[locale],
          body: o.body[locale],
          category: category(o.category, locale),
          organization: o.organization[locale],
          location: o.location[locale],
          deadline: o.deadline,
          published_at: o.published_at,
        }));
      return paginate(items, query.page, query.per_page, request);
    });
  };
