import type { FastifyPluginAsync } from 'fastify';
import { findBySlugOrId, localeOf, notFound } from '../http.ts';
import { image, type Content } from '../store.ts';

/** About, team, methods, tools and country profiles (the cryosphere section: cryosphere.ts). */
export const sectionRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/v1/about-project/index', async (request) => {
      const locale = localeOf(request);
      const a = content.about;
      return {
        data: {
          title: a.title[locale],
          body: a.body[locale],
          image: image(a.image, locale),
          sample_notice: a.sample_notice[locale],
        },
      };
    });

    app.get('/api/v1/team/index', async (request) => {
      const locale = localeOf(request);
      return {
        data: [...content.team]
          .sort((a, b) => a.position - b.position)
          .map((m) => ({
            id: m.id,
            name: m.name[locale],
            role: m.role[locale],
            organization: m.organization[locale],
            bio: m.bio[locale],
            photo: image(m.photo, locale, 480, 480),
            position: m.position,
          })),
      };
    });

    app.get('/api/v1/methods-and-technologies/index', async (request) => {
      const locale = localeOf(request);
      return {
        data: [...content.methods]
          .sort((a, b) => a.position - b.position)
          .map((m) => ({
            id: m.id,
            slug: m.slug,
            title: m.title[locale],
            excerpt: m.excerpt[locale],
            body: m.body[locale],
            image: image(m.image, locale),
            position: m.position,
          })),
      };
    });

    app.get('/api/v1/interactive-tools/index', async (request) => {
      const locale = localeOf(request);
      return {
        data: [...content.tools]
          .sort((a, b) => a.position - b.position)
          .map((t) => ({
            id: t.id,
            slug: t.slug,
            title: t.title[locale],
            excerpt: t.excerpt[locale],
            url: t.url,
            image: image(t.image, locale),
            position: t.position,
          })),
      };
    });

    const countryCode = (slug: string) => content.countries.find((c) => c.slug === slug)?.code ?? '';
    const profileSummary = (p: Content['country-profiles'][number], locale: 'ru' | 'en') => ({
      id: p.id,
      slug: p.slug,
      title: p.title[locale],
      excerpt: p.excerpt[locale],
      country_code: countryCode(p.slug),
      image: image(p.image, locale),
    });
    app.get('/api/v1/country-profiles', async (request) => {
      const locale = localeOf(request);
      return { data: content['country-profiles'].map((p) => profileSummary(p, locale)) };
    });
    app.get<{ Params: { key: string } }>('/api/v1/country-profiles/:key', async (request, reply) => {
      const p = findBySlugOrId(content['country-profiles'], request.params.key);
      if (!p) return notFound(reply, 'Country profile');
      const locale = localeOf(request);
      return {
        data: {
          ...profileSummary(p, locale),
          body: p.body[locale],
          facts: p.facts.map((f) => ({ label: f.label[locale], value: f.value[locale] })),
        },
      };
    });
  };
