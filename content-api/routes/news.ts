import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { EventDetailSchema, EventSummarySchema } from '../../shared/schemas/events.ts';
import { NewsDetailSchema, NewsSummarySchema } from '../../shared/schemas/news.ts';
import { OpportunityCategorySchema, OpportunitySchema } from '../../shared/schemas/opportunities.ts';
import { byDateDesc, localeOf, PageQuery, parseQuery, serveAll, serveOne, servePage } from '../http.ts';
import { localizers, madeAs } from '../localize.ts';
import type { Content } from '../store.ts';

type NewsRecord = Content['news'][number];

/** The news section: news (by tag and year, the latest, related by tags), events and opportunities. */
export const newsRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const l = localizers(content);
    const news = [...content.news].sort(byDateDesc((n) => n.published_at));
    const withTags = (n: NewsRecord, locale: 'ru' | 'en') => ({ tags: l.tagRefs(n.tags, locale) });
    const summary = madeAs(NewsSummarySchema, withTags);
    servePage(app, '/api/v1/news', {
      query: PageQuery.extend({
        tag: z.enum(content.tags.map((t) => t.slug)).optional(),
        year: z.coerce.number().int().min(1900).max(2100).optional(),
      }),
      records: news,
      select: (records, query) =>
        records.filter(
          (n) =>
            (!query.tag || n.tags.includes(query.tag)) &&
            (!query.year || n.published_at.startsWith(String(query.year))),
        ),
      made: summary,
    });
    app.get('/api/v1/news-latest', async (request, reply) => {
      const query = parseQuery(z.object({ limit: z.coerce.number().int().min(1).max(20).default(3) }), request, reply);
      if (!query) return reply;
      const locale = localeOf(request);
      return { data: news.slice(0, query.limit).map((n) => summary(n, locale)) };
    });
    serveOne(
      app,
      '/api/v1/news',
      'News item',
      content.news,
      madeAs(NewsDetailSchema, (item: NewsRecord, locale) => ({
        ...withTags(item, locale),
        related: news
          .filter((n) => n.id !== item.id && n.tags.some((tag) => item.tags.includes(tag)))
          .slice(0, 3)
          .map((n) => summary(n, locale)),
      })),
    );

    const day = z.iso.date();
    servePage(app, '/api/v1/events', {
      query: PageQuery.extend({
        /** events that end (or start) on or after this day */
        from: day.optional(),
        /** events that start before or on this day */
        to: day.optional(),
        order: z.enum(['asc', 'desc']).default('desc'),
      }),
      records: content.events,
      select: (records, query) =>
        records
          .filter((e) => !query.from || (e.ends_at ?? e.starts_at).slice(0, 10) >= query.from)
          .filter((e) => !query.to || e.starts_at.slice(0, 10) <= query.to)
          .sort((a, b) => (query.order === 'asc' ? 1 : -1) * a.starts_at.localeCompare(b.starts_at)),
      made: madeAs(EventSummarySchema),
    });
    serveOne(app, '/api/v1/events', 'Event', content.events, madeAs(EventDetailSchema));

    const categories = content['opportunity-categories'];
    serveAll(app, '/api/v1/opportunity-categories', categories, madeAs(OpportunityCategorySchema));
    servePage(app, '/api/v1/opportunities', {
      query: PageQuery.extend({
        category: z.enum(categories.map((c) => c.slug)).optional(),
        /** only those whose deadline has not passed (or that have none) */
        open: z.enum(['1', '0']).optional(),
      }),
      records: [...content.opportunities].sort(byDateDesc((o) => o.published_at)),
      select: (records, query) => {
        const today = new Date().toISOString().slice(0, 10);
        return records
          .filter((o) => !query.category || o.category === query.category)
          .filter((o) => query.open !== '1' || o.deadline === null || o.deadline >= today);
      },
      made: madeAs(OpportunitySchema, (o: Content['opportunities'][number], locale) => ({
        category: l.category(o.category, locale),
      })),
    });
  };
