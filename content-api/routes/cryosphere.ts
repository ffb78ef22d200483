import type { FastifyPluginAsync } from 'fastify';
import { findBySlugOrId, localeOf, notFound } from '../http.ts';
import { image, type Content } from '../store.ts';

/** The cryosphere section: its page and its subpages with their items. */
export const cryosphereRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/v1/cryosphere', async (request) => {
      const locale = localeOf(request);
      const c = content.cryosphere;
      return { data: { title: c.title[locale], intro: c.intro[locale], image: image(c.image, locale) } };
    });

    type Subpage = Content['cryosphere-subpages'][number];
    const subpageSummary = (s: Subpage, locale: 'ru' | 'en') => ({
      id: s.id,
      slug: s.slug,
      title: s.title[locale],
      excerpt: s.excerpt[locale],
      image: image(s.image, locale),
      position: s.position,
    });
    const subpages = [...content['cryosphere-subpages']].sort((a, b) => a.position - b.position);
    app.get('/api/v1/cryosphere-subpages', async (request) => {
      const locale = localeOf(request);
      return { data: subpages.map((s) => subpageSummary(s, locale)) };
    });
    app.get<{ Params: { key: string } }>('/api/v1/cryosphere-subpages/:key', async (request, reply) => {
      const s = findBySlugOrId(subpages, request.params.key);
      if (!s) return notFound(reply, 'Cryosphere subpage');
      const locale = localeOf(request);
      return {
        data: {
          ...subpageSummary(s, locale),
          body: s.body[locale],
          items: s.items.map((i) => ({
            id: i.id,
            slug: i.slug,
            title: i.title[locale],
            excerpt: i.excerpt[locale],
            body: i.body[locale],
            image: image(i.image, locale),
          })),
        },
      };
    });
  };
