import type { FastifyPluginAsync } from 'fastify';
import { byPosition } from '../../shared/schemas/common.ts';
import { CountryProfileSchema, CountryProfileSummarySchema } from '../../shared/schemas/countries.ts';
import {
  CryosphereSchema,
  CryosphereSubpageSchema,
  CryosphereSubpageSummarySchema,
} from '../../shared/schemas/cryosphere.ts';
import { AboutSchema, MethodSchema, TeamMemberSchema, ToolSchema } from '../../shared/schemas/resources.ts';
import { localeOf, serveAll, serveOne } from '../http.ts';
import { madeAs } from '../localize.ts';
import type { Content } from '../store.ts';

/** About, team, methods, tools, country profiles and the cryosphere section (its page, its subpages and their items). */
export const sectionRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const about = madeAs(AboutSchema);
    app.get('/api/v1/about-project/index', async (request) => ({ data: about(content.about, localeOf(request)) }));
    serveAll(app, '/api/v1/team/index', byPosition(content.team), madeAs(TeamMemberSchema));
    serveAll(app, '/api/v1/methods-and-technologies/index', byPosition(content.methods), madeAs(MethodSchema));
    serveAll(app, '/api/v1/interactive-tools/index', byPosition(content.tools), madeAs(ToolSchema));

    const country = (p: { slug: string }) => ({
      country_code: content.countries.find((c) => c.slug === p.slug)?.code ?? '',
    });
    const profiles = content['country-profiles'];
    serveAll(app, '/api/v1/country-profiles', profiles, madeAs(CountryProfileSummarySchema, country));
    serveOne(app, '/api/v1/country-profiles', 'Country profile', profiles, madeAs(CountryProfileSchema, country));

    const cryosphere = madeAs(CryosphereSchema);
    app.get('/api/v1/cryosphere', async (request) => ({ data: cryosphere(content.cryosphere, localeOf(request)) }));
    const subpages = byPosition(content['cryosphere-subpages']);
    serveAll(app, '/api/v1/cryosphere-subpages', subpages, madeAs(CryosphereSubpageSummarySchema));
    serveOne(app, '/api/v1/cryosphere-subpages', 'Cryosphere subpage', subpages, madeAs(CryosphereSubpageSchema));
  };
