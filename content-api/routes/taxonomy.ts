import type { FastifyPluginAsync } from 'fastify';
import type { Content } from '../store.ts';
import { localeOf } from '../http.ts';

/** Countries, tags, languages, file types and the years that have files. */
export const taxonomyRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/v1/countries/index', async (request) => {
      const locale = localeOf(request);
      return { data: content.countries.map((c) => ({ id: c.id, slug: c.slug, code: c.code, title: c.title[locale] })) };
    });
    app.get('/api/v1/tags/index', async (request) => {
      const locale = localeOf(request);
      return { data: content.tags.map((t) => ({ id: t.id, slug: t.slug, title: t.title[locale] })) };
    });
    app.get('/api/v1/languages/index', async (request) => {
      const locale = localeOf(request);
      return { data: content.languages.map((l) => ({ id: l.id, code: l.code, title: l.title[locale] })) };
    });
    app.get('/api/v1/database-file-types', async (request) => {
      const locale = localeOf(request);
      return { data: content['database-file-types'].map((t) => ({ id: t.id, slug: t.slug, title: t.title[locale] })) };
    });
    app.get('/api/v1/database-files/years', async () => {
      const years = [...new Set(content['database-files'].map((f) => f.year))].sort((a, b) => b - a);
      return { data: years };
    });
  };
