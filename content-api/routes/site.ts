import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Content } from '../store.ts';
import { image, localize } from '../store.ts';
import { localeOf, PageQuery, paginate, parseQuery } from '../http.ts';
import { mediaUrl } from '../store.ts';

/** Site-wide calls: translations, menu, footer, feedback types, sliders, partners. */
export const siteRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/v1/translations', async (request) => {
      const locale = localeOf(request);
      return {
        data: Object.fromEntries(Object.entries(content.translations).map(([key, text]) => [key, text[locale]])),
      };
    });

    app.get('/api/v1/main-menu', async (request) => {
      const locale = localeOf(request);
      return {
        data: content.menu.map((item) => ({
          id: item.id,
          title: localize(item.title, locale),
          url: item.url,
          subitems: item.subitems.map((sub) => ({ id: sub.id, title: localize(sub.title, locale), url: sub.url })),
        })),
      };
    });

    app.get('/api/v1/feedback-types', async (request) => {
      const locale = localeOf(request);
      return {
        data: content['feedback-types'].map((t) => ({ id: t.id, title: t.title[locale], position: t.position })),
      };
    });

    const links = (file: 'footer-partners' | 'social-networks') => async (request: Parameters<typeof localeOf>[0]) => {
      const locale = localeOf(request);
      return {
        data: content[file].map((l) => ({
          id: l.id,
          title: l.title[locale],
          url: l.url,
          image: mediaUrl(l.image),
          position: l.position,
        })),
      };
    };
    app.get('/api/v1/footer-partners/index', links('footer-partners'));
    app.get('/api/v1/social-networks/index', links('social-networks'));

    app.get('/api/v1/sliders', async (request) => {
      const locale = localeOf(request);
      return {
        data: content.sliders.map((s) => ({
          id: s.id,
          title: s.title[locale],
          subtitle: s.subtitle[locale],
          url: s.url,
          image: image(s.image, locale, 1600, 700),
          position: s.position,
        })),
      };
    });

    app.get('/api/v1/partners', async (request, reply) => {
      const query = parseQuery(
        PageQuery.extend({ per_page: z.coerce.number().int().min(1).max(100).default(50) }),
        request,
        reply,
      );
      if (!query) return reply;
      const locale = localeOf(request);
      const items = [...content.partners]
        .sort((a, b) => a.position - b.position)
        .map((p) => ({
          id: p.id,
          title: p.title[locale],
          description: p.description[locale],
          url: p.url,
          image: mediaUrl(p.image),
          position: p.position,
        }));
      return paginate(items, query.page, query.per_page, request);
    });
  };
