import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LOCALES } from '../../../shared/constants.ts';
import type { ApiPort } from '../../../shared/api/api-port.ts';
import { escapeHtml } from '../../../shared/html-text.ts';
import { DATABASE_PATH } from '../../../shared/ui/files/paths.ts';
import { CachePolicy } from '../../cache-policies.ts';
import { allPages, feedKit, localeUrl, type FeedRouteOptions } from './shared.ts';

/** sitemaps.org: at most 50,000 URLs per sitemap file. */
const SITEMAP_MAX_URLS = 50_000;

/** One page of the site in both locales: the path without locale prefix and its last modification. */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

const newest = (dates: (string | undefined)[]) =>
  dates.filter((d): d is string => !!d).reduce<string | undefined>((a, b) => (!a || b > a ? b : a), undefined);

/**
 * Every list and detail page of the site (the locale-free path), from the upstream: the sections' overviews and list
 * pages, then each news item, event, gallery, podcast, video, webinar, database file, country profile, cryosphere
 * subpage and article.
 */
async function sitemapEntries(api: ApiPort): Promise<SitemapEntry[]> {
  const q = (page: number) => ({ query: { page, per_page: 100 } });
  const [news, events, galleries, podcasts, videos, webinars, files, countries, subpages] = await Promise.all([
    allPages((p) => api.get('news', q(p))),
    allPages((p) => api.get('events', q(p))),
    allPages((p) => api.get('photoGalleries', q(p))),
    allPages((p) => api.get('podcasts', q(p))),
    allPages((p) => api.get('videos', q(p))),
    allPages((p) => api.get('webinars', q(p))),
    allPages((p) => api.get('databaseFiles', q(p))),
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
    dated(DATABASE_PATH, files, (f) => f.published_at),
  ];
  const fixed = [
    '/',
    '/about',
    '/about/team',
    '/news/jobs',
    '/multimedia',
    '/study',
    '/study/online-courses',
    '/countries',
    '/cryosphere',
    '/resources',
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

/** `<url>` elements: one per page and locale, each naming both locales and x-default (Google's hreflang rules). */
function urlElements(origin: string, entries: SitemapEntry[]): string[] {
  return entries.flatMap((entry) => {
    const alternates =
      LOCALES.map(
        (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(localeUrl(origin, entry.path, l))}"/>`,
      ).join('') +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(localeUrl(origin, entry.path, 'ru'))}"/>`;
    return LOCALES.map(
      (l) =>
        `<url><loc>${escapeHtml(localeUrl(origin, entry.path, l))}</loc>${alternates}` +
        (entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '') +
        '</url>',
    );
  });
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';

/**
 * For search engines (ADR 0031): `/sitemap.xml` (both locales, hreflang alternates, lastmod; a sitemap index over
 * `/sitemap-{n}.xml` when large) and `/robots.txt` naming it.
 */
export const sitemapRoutes =
  (options: FeedRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const { now, send } = feedKit(options);
    const maxUrls = options.sitemapMaxUrls ?? SITEMAP_MAX_URLS;

    app.get('/robots.txt', async (request, reply) =>
      send(
        reply,
        'text/plain; charset=utf-8',
        `User-agent: *\nAllow: /\nDisallow: /search\nDisallow: /*/_payload.json\n\nSitemap: ${request.publicOrigin}/sitemap.xml\n`,
        'public, max-age=86400',
      ),
    );

    async function sitemapChunks(request: FastifyRequest) {
      const urls = urlElements(request.publicOrigin, await sitemapEntries(app.upstream.apiFor(request)));
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
            `<sitemap><loc>${request.publicOrigin}/sitemap-${i + 1}.xml</loc><lastmod>${lastmod}</lastmod></sitemap>`,
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
  };
