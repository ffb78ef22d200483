import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { byPosition } from '../../shared/schemas/common.ts';
import { FeedbackTypeSchema } from '../../shared/schemas/feedback.ts';
import { FooterPartnerSchema, SocialNetworkSchema } from '../../shared/schemas/footer.ts';
import { FileTypeSchema } from '../../shared/schemas/database-files.ts';
import { MenuItemSchema } from '../../shared/schemas/menu.ts';
import { PartnerSchema } from '../../shared/schemas/partners.ts';
import { SliderSchema } from '../../shared/schemas/sliders.ts';
import { CountrySchema, LanguageSchema, TagSchema } from '../../shared/schemas/taxonomy.ts';
import { localeOf, PageQuery, serveAll, servePage } from '../http.ts';
import { localized, madeAs } from '../localize.ts';
import { mediaUrl, type Content } from '../store.ts';

/**
 * Site-wide calls: translations, menu, footer, feedback types, sliders, partners; and the taxonomies: countries,
 * tags, languages, file types and the years that have files.
 */
export const siteRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    app.get('/api/v1/translations', async (request) => ({ data: localized(content.translations, localeOf(request)) }));
    serveAll(app, '/api/v1/main-menu', content.menu, madeAs(MenuItemSchema));
    serveAll(app, '/api/v1/feedback-types', content['feedback-types'], madeAs(FeedbackTypeSchema));
    const withImageUrl = (record: { image: string }) => ({ image: mediaUrl(record.image) });
    serveAll(
      app,
      '/api/v1/footer-partners/index',
      content['footer-partners'],
      madeAs(FooterPartnerSchema, withImageUrl),
    );
    serveAll(
      app,
      '/api/v1/social-networks/index',
      content['social-networks'],
      madeAs(SocialNetworkSchema, withImageUrl),
    );
    serveAll(app, '/api/v1/sliders', content.sliders, madeAs(SliderSchema));
    servePage(app, '/api/v1/partners', {
      query: PageQuery.extend({ per_page: z.coerce.number().int().min(1).max(100).default(50) }),
      records: byPosition(content.partners),
      made: madeAs(PartnerSchema, withImageUrl),
    });

    serveAll(app, '/api/v1/countries/index', content.countries, madeAs(CountrySchema));
    serveAll(app, '/api/v1/tags/index', content.tags, madeAs(TagSchema));
    serveAll(app, '/api/v1/languages/index', content.languages, madeAs(LanguageSchema));
    serveAll(app, '/api/v1/database-file-types', content['database-file-types'], madeAs(FileTypeSchema));
    app.get('/api/v1/database-files/years', async () => {
      const years = [...new Set(content['database-files'].map((f) => f.year))].sort((a, b) => b - a);
      return { data: years };
    });
  };
