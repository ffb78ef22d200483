import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Locale } from '../../shared/constants.ts';
import { findBySlugOrId, localeOf, notFound, PageQuery, paginate, parseQuery } from '../http.ts';
import { localizers } from '../localize.ts';
import { image, type Content } from '../store.ts';

/** Online courses and webinars. */
export const studyRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const l = localizers(content);
    const languageCodes = content.languages.map((x) => x.code);

    const CourseQuery = PageQuery.extend({
      language: z.enum(languageCodes).optional(),
      level: z.enum(['beginner', 'intermediate', 'advanced']).optional(),
    });
    app.get('/api/v1/online-courses', async (request, reply) => {
      const query = parseQuery(CourseQuery, request, reply);
      if (!query) return reply;
      const locale = localeOf(request);
      const items = [...content['online-courses']]
        .sort((a, b) => a.position - b.position)
        .filter((c) => (!query.language || c.language === query.language) && (!query.level || c.level === query.level))
        .map((c) => ({
          id: c.id,
          slug: c.slug,
          title: c.title[locale],
          excerpt: c.excerpt[locale],
          provider: c.provider[locale],
          language: l.language(c.language, locale),
          level: c.level,
          duration: c.duration[locale],
          url: c.url,
          image: image(c.image, locale),
          position: c.position,
        }));
      return paginate(items, query.page, query.per_page, request);
    });

    type WebinarRecord = Content['webinars'][number];
    const webinar = (w: WebinarRecord, locale: Locale) => ({
      id: w.id,
      slug: w.slug,
      title: w.title[locale],
      excerpt: w.excerpt[locale],
      starts_at: w.starts_at,
      duration_min: w.duration_min,
      language: l.language(w.language, locale),
      image: image(w.image, locale),
    });
    const WebinarQuery = PageQuery.extend({
      /** upcoming: starting now or later (soonest first); past: already started (latest first) */
      when: z.enum(['upcoming', 'past']).optional(),
    });
    app.get('/api/v1/webinars', async (request, reply) => {
      const query = parseQuery(WebinarQuery, request, reply);
      if (!query) return reply;
      const locale = localeOf(request);
      const now = new Date().toISOString();
      const upcoming = query.when === 'upcoming';
      const items = content.webinars
        .filter((w) => !query.when || (upcoming ? w.starts_at >= now : w.starts_at < now))
        .sort((a, b) => (upcoming ? a.starts_at.localeCompare(b.starts_at) : b.starts_at.localeCompare(a.starts_at)))
        .map((w) => webinar(w, locale));
      return paginate(items, query.page, query.per_page, request);
    });
    app.get<{ Params: { key: string } }>('/api/v1/webinars/:key', async (request, reply) => {
      const w = findBySlugOrId(content.webinars, request.params.key);
      if (!w) return notFound(reply, 'Webinar');
      const locale = localeOf(request);
      return {
        data: {
          ...webinar(w, locale),
          body: w.body[locale],
          speakers: w.speakers.map((s) => s[locale]),
          registration_url: w.registration_url,
          recording_url: w.recording_url,
        },
      };
    });
  };
