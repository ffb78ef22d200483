import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Feed } from 'feed';
import { LOCALES } from '../../../shared/constants.ts';
import { LOCALE_INFO } from '../../../shared/locales.ts';
import { FEED_TEXT, feedKit, localeUrl, type FeedRouteOptions } from './shared.ts';

const NEWS_FEED_ITEMS = 30;

/** For feed readers (ADR 0031): `/news/rss.xml` and `/news/atom.xml` per locale, the newest news. */
export const newsFeedRoutes =
  (options: FeedRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const { send } = feedKit(options);
    for (const locale of LOCALES) {
      const prefix = LOCALE_INFO[locale].basename;
      const text = FEED_TEXT[locale];

      const newsFeed = async (request: FastifyRequest) => {
        const base = request.publicOrigin;
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
    }
  };
