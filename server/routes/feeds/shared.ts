import type { FastifyReply } from 'fastify';
import type { Locale } from '../../../shared/constants.ts';
import { LOCALE_INFO } from '../../../shared/locales.ts';

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

export interface FeedRouteOptions {
  /** the clock "upcoming" is measured against (tests pin it) */
  now?: () => Date;
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests lower it) */
  sitemapMaxUrls?: number;
}

/** What every feed route uses: the clock and a reply with its type and caching. */
export function feedKit(options: FeedRouteOptions) {
  return {
    now: options.now ?? (() => new Date()),
    send: (reply: FastifyReply, type: string, body: string, cache: string = FEED_CACHE) =>
      reply.header('cache-control', cache).type(type).send(body),
  };
}

/** Every page of a paginated list call (per_page 100, the content API's cap). */
export async function allPages<T>(fetchPage: (page: number) => Promise<{ data: T[]; meta: { last_page: number } }>) {
  const first = await fetchPage(1);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, i) => fetchPage(i + 2)),
  );
  return [first, ...rest].flatMap((p) => p.data);
}

/** The URL of a locale-free path in a locale. */
export const localeUrl = (origin: string, path: string, locale: Locale) => {
  const base = LOCALE_INFO[locale].basename;
  return origin + (base ? (path === '/' ? base : base + path) : path);
};
