import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Locale } from '../../shared/constants.ts';
import type { EventSummary } from '../../shared/schemas/events.ts';
import { findBySlugOrId, localeOf, notFound, PageQuery, paginate, parseQuery } from '../http.ts';
import { image, type Content } from '../store.ts';

type EventRecord = Content['events'][number];

export const eventRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const summary = (e: EventRecord, locale: Locale): EventSummary => ({
      id: e.id,
      slug: e.slug,
      title: e.title[locale],
      excerpt: e.excerpt[locale],
      starts_at: e.starts_at,
      ends_at: e.ends_at,
      location: e.location[locale],
      image: image(e.image, locale),
    });

    const day = z.iso.date();
    const EventQuery = PageQuery.extend({
      /** events that end (or start) on or after this day */
      from: day.optional(),
      /** events that start before or on this day */
      to: day.optional(),
      order: z.enum(['asc', 'desc']).default('desc'),
    });

    app.get('/api/v1/events', async (request, reply) => {
      const query = parseQuery(EventQuery, request, reply);
      if (!query) return reply;
      const locale = localeOf(request);
      const sign = query.order === 'asc' ? 1 : -1;
      const items = content.events
        .filter((e) => !query.from || (e.ends_at ?? e.starts_at).slice(0, 10) >= query.from)
        .filter((e) => !query.to || e.starts_at.slice(0, 10) <= query.to)
        .sort((a, b) => sign * a.starts_at.localeCompare(b.starts_at))
        .map((e) => summary(e, locale));
      return paginate(items, query.page, query.per_page, request);
    });

    app.get<{ Params: { key: string } }>('/api/v1/events/:key', async (request, reply) => {
      const item = findBySlugOrId(content.events, request.params.key);
      if (!item) return notFound(reply, 'Event');
      const locale = localeOf(request);
      return { data: { ...summary(item, locale), body: item.body[locale], registration_url: item.registration_url } };
    });
  };
