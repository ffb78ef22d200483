import type { FastifyPluginAsync } from 'fastify';
import { calendarRoutes } from './feeds/ical.ts';
import { newsFeedRoutes } from './feeds/rss.ts';
import type { FeedRouteOptions } from './feeds/shared.ts';
import { sitemapRoutes } from './feeds/sitemap.ts';

/**
 * Feeds for readers, calendars and search engines (ADR 0031), all read through the cached upstream client, one
 * module per format in `feeds/`: the sitemap and robots.txt (`sitemap.ts`), the news in RSS and Atom (`rss.ts`), the
 * events in iCalendar (`ical.ts`); what they share is in `shared.ts`.
 */
export const feedRoutes =
  (options: FeedRouteOptions = {}): FastifyPluginAsync =>
  async (app) => {
    await app.register(sitemapRoutes(options));
    await app.register(newsFeedRoutes(options));
    await app.register(calendarRoutes(options));
  };
