import type { FastifyPluginAsync } from 'fastify';
import ical, { type ICalEventData } from 'ical-generator';
import { LOCALES, type Locale } from '../../../shared/constants.ts';
import { LOCALE_INFO } from '../../../shared/locales.ts';
import type { EventSummary } from '../../../shared/schemas/events.ts';
import type { WebinarSummary } from '../../../shared/schemas/study.ts';
import type { ApiPort } from '../../../shared/api/api-port.ts';
import { isSlug } from '../../../shared/router/params.ts';
import { CachePolicy } from '../../cache-policies.ts';
import { allPages, FEED_TEXT, feedKit, localeUrl, type FeedRouteOptions } from './shared.ts';

/** A calendar event of the site's event, with the page as URL. */
function calendarEvent(event: EventSummary, origin: string, locale: Locale): ICalEventData {
  const url = localeUrl(origin, `/news/events/${event.slug}`, locale);
  const start = new Date(event.starts_at);
  return {
    id: `${event.slug}@${new URL(origin).host}`,
    start,
    // an event without an end is shown as two hours long, as calendar apps do for a meeting without one
    end: event.ends_at ? new Date(event.ends_at) : new Date(start.getTime() + 2 * 3600_000),
    summary: event.title,
    description: `${event.excerpt}\n\n${url}`,
    location: event.location,
    url,
  };
}

/** A calendar entry of a webinar: its start and planned length, the page as URL. */
function calendarWebinar(webinar: WebinarSummary, origin: string, locale: Locale): ICalEventData {
  const url = localeUrl(origin, `/study/webinars/${webinar.slug}`, locale);
  const start = new Date(webinar.starts_at);
  return {
    id: `webinar-${webinar.slug}@${new URL(origin).host}`,
    start,
    end: new Date(start.getTime() + webinar.duration_min * 60_000),
    summary: webinar.title,
    description: `${webinar.excerpt}\n\n${url}`,
    url,
  };
}

/**
 * For calendars (ADR 0031): `/news/events/{slug}.ics` (one event), `/study/webinars/{slug}.ics` (one webinar) and
 * `/news/events/calendar.ics` (the upcoming events) per locale.
 */
export const calendarRoutes =
  (options: FeedRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const { now, send } = feedKit(options);
    for (const locale of LOCALES) {
      const prefix = LOCALE_INFO[locale].basename;
      const text = FEED_TEXT[locale];

      app.get(`${prefix}/news/events/calendar.ics`, async (request, reply) => {
        const base = request.publicOrigin;
        const today = now().toISOString().slice(0, 10);
        const api = app.upstream.apiFor(request);
        const events = await allPages((page) =>
          api.get('events', { query: { page, per_page: 100, from: today, order: 'asc' } }),
        );
        const calendar = ical({
          name: text.events,
          description: text.description,
          prodId: { company: 'cryoportal', product: 'events', language: locale.toUpperCase() },
          url: localeUrl(base, '/news/events', locale),
          ttl: 3600,
          events: events.map((e) => calendarEvent(e, base, locale)),
        });
        return send(reply, 'text/calendar; charset=utf-8', calendar.toString());
      });

      /** `{path}/{slug}.ics`: one entry as a downloaded calendar file, or 404. */
      const oneEntry = (
        path: string,
        find: (api: ApiPort, slug: string, base: string) => Promise<ICalEventData | null>,
      ) =>
        app.get<{ Params: { slug: string } }>(`${prefix}${path}/:slug.ics`, async (request, reply) => {
          const { slug } = request.params;
          const entry = isSlug(slug) ? await find(app.upstream.apiFor(request), slug, request.publicOrigin) : null;
          if (!entry) return reply.code(404).header('cache-control', CachePolicy.none).send({ message: 'Not found' });
          const calendar = ical({
            name: String(entry.summary),
            prodId: { company: 'cryoportal', product: 'events', language: locale.toUpperCase() },
            events: [entry],
          });
          reply.header('content-disposition', `attachment; filename="${slug}.ics"`);
          return send(reply, 'text/calendar; charset=utf-8', calendar.toString());
        });
      oneEntry('/news/events', async (api, slug, base) => {
        const found = await api.find('eventItem', { params: { slug } });
        return found ? calendarEvent(found.data, base, locale) : null;
      });
      oneEntry('/study/webinars', async (api, slug, base) => {
        const found = await api.find('webinar', { params: { slug } });
        return found ? calendarWebinar(found.data, base, locale) : null;
      });
    }
  };
