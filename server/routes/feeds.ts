import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Feed } from 'feed';
import ical, { type ICalEventData } from 'ical-generator';
import { LOCALES, type Locale } from '../../shared/constants.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import type { ApiPort } from '../../shared/api/api-port.ts';
import type { EventSummary } from '../../shared/schemas/events.ts';
import { CachePolicy } from '../cache-policies.ts';
import { originOf } from '../ssr/to-fetch-request.ts';

/** Texts of the feeds themselves (channel titles), kept here: they are not UI strings of any page. */
export const FEED_TEXT = {
  ru: {
    site: 'Криосфера Центральной Азии',
    description: 'Ледники, снег и вечная мерзлота Центральной Азии: новости, данные и исследования.',
    news: 'Новости — Криосфера Центральной Азии',
    events: 'События — Криосфера Центральной Азии',
  },
  en: {
    site: 'Cryosphere of Central Asia',
    description: 'Glaciers, snow and permafrost of Central Asia: news, data and research.',
    news: 'News — Cryosphere of Central Asia',
    events: 'Events — Cryosphere of Central Asia',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** Feeds and calendars are re-read from the cached upstream; shared caches may keep them ten minutes. */
const FEED_CACHE = 'public, max-age=600, stale-while-revalidate=3600';
/** sitemaps.org: at most 50,000 URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
const NEWS_FEED_ITEMS = 30;

export interface FeedRouteOptions {
  publicOrigin?: string;
  /** the clock "upcoming" is measured against (tests pin it) */
  now?: () => Date;
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests lower it) */
  sitemapMaxUrls?: number;
}

/** One page of the site in both locales: the path without locale prefix and its last modification. */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** Every page of a paginated list call (per_page 100, the content API's cap). */
async function allPages<T>(fetchPage: (page: number) => Promise<{ data: T[]; meta: { last_page: number } }>) {
  const first = await fetchPage(1);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, i) => fetchPage(i + 2)),
  );
  return [first, ...rest].flatMap((p) => p.data);
}

const newest = (dates: (string | undefined)[]) =>
  dates.filter((d): d is string => !!d).reduce<string | undefined>((a, b) => (!a || b > a ? b : a), undefined);

/**
 * Every list and detail page of the site (the locale-free path), from the upstream: the sections' list pages, then
 * each news item, event, gallery, podcast, video, webinar, country profile, cryosphere subpage and article.
 */
export async function sitemapEntries(api: ApiPort): Promise<SitemapEntry[]> {
  const q = (page: number) => ({ query: { page, per_page: 100 } });
  const [news, events, galleries, podcasts, videos, webinars, countries, subpages] = await Promise.all([
    allPages((p) => api.get('news', q(p))),
    allPages((p) => api.get('events', q(p))),
    allPages((p) => api.get('photoGalleries', q(p))),
    allPages((p) => api.get('podcasts', q(p))),
    allPages((p) => api.get('videos', q(p))),
    allPages((p) => api.get('webinars', q(p))),
    api.get('countryProfiles').then((r) => r.data),
    api.get('cryosphereSubpages').then((r) => r.data),
  ]);
  const articles = await Promise.all(
    subpages.map(async (s) => (await api.find('cryosphereSubpage', { params: { slug: s.slug } }))?.data.items ?? []),
  );
  const day = (iso: string | undefined) => iso?.slice(0, 10);
  const site = day(newest([...news, ...galleries, ...podcasts, ...videos].map((i) => i.published_at)));
  const dated = <T extends { slug: string }>(base: string, items: T[], date: (i: T) => string | undefined) => ({
    list: { path: base, lastmod: day(newest(items.map(date))) },
    details: items.map((i) => ({ path: `${base}/${i.slug}`, lastmod: day(date(i)) })),
  });
  const sections = [
    dated('/news', news, (n) => n.published_at),
    dated('/news/events', events, (e) => e.starts_at),
    dated('/multimedia/photo-gallery', galleries, (g) => g.published_at),
    dated('/multimedia/podcasts', podcasts, (p) => p.published_at),
    dated('/multimedia/video', videos, (v) => v.published_at),
    dated('/study/webinars', webinars, (w) => w.starts_at),
  ];
  const fixed = [
    '/',
    '/about',
    '/about/team',
    '/news/jobs',
    '/study/online-courses',
    '/resources/database',
    '/resources/monitoring-methods',
    '/resources/tools',
    '/resources/tools/wgms',
    '/feedback',
    '/content/privacy-policy',
    '/content/terms-and-conditions',
  ].map((path) => ({ path, lastmod: site }));
  return [
    ...fixed,
    ...sections.flatMap((s) => [s.list, ...s.details]),
    ...countries.map((c) => ({ path: `/countries/${c.slug}`, lastmod: site })),
    ...subpages.flatMap((s, i) => [
      { path: `/${s.slug}`, lastmod: site },
      ...(articles[i] ?? []).map((a) => ({ path: `/${s.slug}/${a.slug}`, lastmod: site })),
    ]),
  ];
}

const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c] ?? c);

/** The URL of a locale-free path in a locale. */
export const localeUrl = (origin: string, path: string, locale: Locale) => {
  const base = LOCALE_INFO[locale].basename;
  return origin + (base ? (path === '/' ? base : base + path) : path);
};

/** `<url>` elements: one per page and locale, each naming both locales and x-default (Google's hreflang rules). */
function urlElements(origin: string, entries: SitemapEntry[]): string[] {
  return entries.flatMap((entry) => {
    const alternates =
      LOCALES.map(
        (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(localeUrl(origin, entry.path, l))}"/>`,
      ).join('') +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(localeUrl(origin, entry.path, 'ru'))}"/>`;
    return LOCALES.map(
      (l) =>
        `<url><loc>${xmlEscape(localeUrl(origin, entry.path, l))}</loc>${alternates}` +
        (entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '') +
        '</url>',
    );
  });
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';

/** A calendar event of the site's event, with the page as URL. */
export function calendarEvent(event: EventSummary, origin: string, locale: Locale): ICalEventData {
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

/**
 * Feeds for readers, calendars and search engines (ADR 0031), all read through the cached upstream client:
 * `/sitemap.xml` (both locales, hreflang alternates, lastmod; a sitemap index over `/sitemap-{n}.xml` when large),
 * `/robots.txt` naming it, `/news/rss.xml` and `/news/atom.xml` per locale, `/news/events/{slug}.ics` and
 * `/news/events/calendar.ics` (upcoming events) per locale.
 */
export const feedRoutes =
  (options: FeedRouteOptions = {}): FastifyPluginAsync =>
  async (app) => {
    const now = options.now ?? (() => new Date());
    const maxUrls = options.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
    const origin = (request: FastifyRequest) => originOf(request, options.publicOrigin);
    const send = (reply: FastifyReply, type: string, body: string, cache: string = FEED_CACHE) =>
      reply.header('cache-control', cache).type(type).send(body);

    app.get('/robots.txt', async (request, reply) =>
      send(
        reply,
        'text/plain; charset=utf-8',
        `User-agent: *\nAllow: /\nDisallow: /search\nDisallow: /*/_payload.json\n\nSitemap: ${origin(request)}/sitemap.xml\n`,
        'public, max-age=86400',
      ),
    );

    async function sitemapChunks(request: FastifyRequest) {
      const urls = urlElements(origin(request), await sitemapEntries(app.upstream.apiFor(request)));
      const chunks: string[][] = [];
      for (let i = 0; i < urls.length; i += maxUrls) chunks.push(urls.slice(i, i + maxUrls));
      return chunks;
    }

    app.get('/sitemap.xml', async (request, reply) => {
      const chunks = await sitemapChunks(request);
      if (chunks.length <= 1)
        return send(
          reply,
          'application/xml; charset=utf-8',
          `${XML_HEAD}${URLSET_OPEN}${(chunks[0] ?? []).join('')}</urlset>\n`,
        );
      const lastmod = now().toISOString().slice(0, 10);
      const index = chunks
        .map(
          (_, i) =>
            `<sitemap><loc>${origin(request)}/sitemap-${i + 1}.xml</loc><lastmod>${lastmod}</lastmod></sitemap>`,
        )
        .join('');
      return send(
        reply,
        'application/xml; charset=utf-8',
        `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${index}</sitemapindex>\n`,
      );
    });

    app.get<{ Params: { n: string } }>('/sitemap-:n.xml', async (request, reply) => {
      const n = /^[1-9]\d{0,4}$/.test(request.params.n) ? Number(request.params.n) : 0;
      const chunks = await sitemapChunks(request);
      const chunk = chunks.length > 1 ? chunks[n - 1] : undefined;
      if (!chunk) return reply.code(404).header('cache-control', CachePolicy.none).send({ message: 'No such sitemap' });
      return send(reply, 'application/xml; charset=utf-8', `${XML_HEAD}${URLSET_OPEN}${chunk.join('')}</urlset>\n`);
    });

    for (const locale of LOCALES) {
      const prefix = LOCALE_INFO[locale].basename;
      const text = FEED_TEXT[locale];

      const newsFeed = async (request: FastifyRequest) => {
        const base = origin(request);
        const api = app.upstream.apiFor(request);
        const list = await api.get('news', { query: { page: 1, per_page: NEWS_FEED_ITEMS } });
        const feed = new Feed({
          id: localeUrl(base, '/news', locale),
          title: text.news,
          description: text.description,
          link: localeUrl(base, '/news', locale),
          language: locale,
          favicon: `${base}/favicon.ico`,
          image: `${base}/apple-touch-icon.png`,
          copyright: text.site,
          updated: list.data[0] ? new Date(list.data[0].published_at) : undefined,
          generator: text.site,
          feedLinks: { rss: `${base}${prefix}/news/rss.xml`, atom: `${base}${prefix}/news/atom.xml` },
        });
        for (const item of list.data) {
          const link = localeUrl(base, `/news/${item.slug}`, locale);
          feed.addItem({
            id: link,
            guid: link,
            link,
            title: item.title,
            description: item.excerpt,
            date: new Date(item.published_at),
            published: new Date(item.published_at),
            category: item.tags.map((t) => ({ name: t.title, term: t.slug })),
          });
        }
        return feed;
      };

      app.get(`${prefix}/news/rss.xml`, async (request, reply) =>
        send(reply, 'application/rss+xml; charset=utf-8', (await newsFeed(request)).rss2()),
      );
      app.get(`${prefix}/news/atom.xml`, async (request, reply) =>
        send(reply, 'application/atom+xml; charset=utf-8', (await newsFeed(request)).atom1()),
      );

      app.get(`${prefix}/news/events/calendar.ics`, async (request, reply) => {
        const base = origin(request);
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

      app.get<{ Params: { slug: string } }>(`${prefix}/news/events/:slug.ics`, async (request, reply) => {
        const { slug } = request.params;
        const found = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)
          ? await app.upstream.apiFor(request).find('eventItem', { params: { slug } })
          : null;
        if (!found) return reply.code(404).header('cache-control', CachePolicy.none).send({ message: 'No such event' });
        const calendar = ical({
          name: found.data.title,
          prodId: { company: 'cryoportal', product: 'events', language: locale.toUpperCase() },
          events: [calendarEvent(found.data, origin(request), locale)],
        });
        return reply
          .header('content-disposition', `attachment; filename="${slug}.ics"`)
          .header('cache-control', FEED_CACHE)
          .type('text/calendar; charset=utf-8')
          .send(calendar.toString());
      });
    }
  };
