import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { byPosition } from '../../shared/schemas/common.ts';
import { OnlineCourseSchema, WebinarSchema, WebinarSummarySchema } from '../../shared/schemas/study.ts';
import { PageQuery, serveOne, servePage } from '../http.ts';
import { localizers, madeAs } from '../localize.ts';
import type { Content } from '../store.ts';

/** Online courses and webinars. */
export const studyRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const l = localizers(content);
    const withLanguage = (record: { language: string }, locale: 'ru' | 'en') => ({
      language: l.language(record.language, locale),
    });

    servePage(app, '/api/v1/online-courses', {
      query: PageQuery.extend({
        language: z.enum(content.languages.map((x) => x.code)).optional(),
        level: z.enum(['beginner', 'intermediate', 'advanced']).optional(),
      }),
      records: byPosition(content['online-courses']),
      select: (records, query) =>
        records.filter(
          (c) => (!query.language || c.language === query.language) && (!query.level || c.level === query.level),
        ),
      made: madeAs(OnlineCourseSchema, withLanguage),
    });

    servePage(app, '/api/v1/webinars', {
      query: PageQuery.extend({
        /** upcoming: starting now or later (soonest first); past: already started (latest first) */
        when: z.enum(['upcoming', 'past']).optional(),
      }),
      records: content.webinars,
      select: (records, query) => {
        const now = new Date().toISOString();
        const upcoming = query.when === 'upcoming';
        return records
          .filter((w) => !query.when || (upcoming ? w.starts_at >= now : w.starts_at < now))
          .sort((a, b) => (upcoming ? a.starts_at.localeCompare(b.starts_at) : b.starts_at.localeCompare(a.starts_at)));
      },
      made: madeAs(WebinarSummarySchema, withLanguage),
    });
    serveOne(app, '/api/v1/webinars', 'Webinar', content.webinars, madeAs(WebinarSchema, withLanguage));
  };
