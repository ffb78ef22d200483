import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Locale } from '../../shared/constants.ts';
import type { NewsDetail, NewsSummary } from '../../shared/schemas/news.ts';
import { byDateDesc, findBySlugOrId, localeOf, notFound, PageQuery, paginate, parseQuery } from '../http.ts';
import { image, type Content } from '../store.ts';

type NewsRecord = Content['news'][number];

export const newsRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const tagSlugs = content.tags.map((t) => t.slug);
    const sorted = [...content.news].sort(byDateDesc((n) => n.published_at));

    const summary = (n: NewsRecord, locale: Locale): NewsSummary => ({
      id: n.id,
      slug: n.slug,
      title: n.title[locale],
      excerpt: n.excerpt[locale],
      published_at: n.published_at,
      image: image(n.image, locale),
      tags: n.tags.flatMap((slug) => {
        const tag = content.tags.find((t) => t.slug === slug);
        return tag ? [{ id: tag.id, slug: tag.slug, title: tag.title[locale] }] : [];
      }),
    });

    const NewsQuery = PageQuery.extend({
      tag: z.enum(tagSlugs).optional(),
      year: z.coerce.number().int().min(1900).max(2100).optional(),
    });

    app.get('/api/v1/news', async (request, reply) => {
      const query = parseQuery(NewsQuery, request, reply);
      if (!query) return reply;
      const locale = localeOf(request);
      const items = sorted
        .filter((n) => !query.tag || n.tags.includes(query.tag))
        .filter((n) => !query.year || n.published_at.startsWith(String(query.year)))
        .map((n) => summary(n, locale));
      return paginate(items, query.page, query.per_page, request);
    });

    app.get('/api/v1/news-latest', async (request, reply) => {
      const query = parseQuery(z.object({ limit: z.coerce.number().int().min(1).max(20).default(3) }), request, reply);
      if (!query) return reply;
      const locale = localeOf(request);
      return { data: sorted.slice(0, query.limit).map((n) => summary(n, locale)) };
    });

    app.get<{ Params: { key: string } }>('/api/v1/news/:key', async (request, reply) => {
      const item = findBySlugOrId(content.news, request.params.key);
      if (!item) return notFound(reply, 'News item');
      const locale = localeOf(request);
      const related = sorted
        .filter((n) => n.id !== item.id && n.tags.some((tag) => item.tags.includes(tag)))
        .slice(0, 3)
        .map((n) => summary(n, locale));
      const detail: NewsDetail = { ...summary(item, locale), body: item.body[locale], related };
      return { data: detail };
    });
  };
