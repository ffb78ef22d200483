import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GlacierSchema } from '../../shared/schemas/glaciers.ts';
import { localeOf, notFound, parseQuery } from '../http.ts';
import { madeAs } from '../localize.ts';
import type { Content } from '../store.ts';

/** `bounds=south,west,north,east` in degrees. */
const Bounds = z
  .string()
  .transform((raw) => raw.split(',').map(Number))
  .pipe(
    z
      .tuple([
        z.number().min(-90).max(90),
        z.number().min(-180).max(180),
        z.number().min(-90).max(90),
        z.number().min(-180).max(180),
      ])
      .refine(([south, , north]) => south <= north, 'south must not exceed north'),
  );

/**
 * A glacier of the index as the upstream gives it: the BFF's fields and the record's maintainers' notes, which the
 * BFF's schema drops (shared/schemas/glaciers.ts).
 */
const GlacierIndexEntry = GlacierSchema.extend({ notes: z.string() });

/** Glaciers with their WGMS figures, exactly as in glaciers.json. */
export const glacierRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const glaciers = content.glaciers;
    const summary = madeAs(GlacierIndexEntry, (g: (typeof glaciers)[number]) => ({
      mass_balance_years: g.mass_balance.length,
      elevation_change_periods: g.elevation_change.length,
    }));

    app.get('/api/v1/glaciers/index', async (request, reply) => {
      const query = parseQuery(z.object({ bounds: Bounds.optional() }), request, reply);
      if (!query) return reply;
      const locale = localeOf(request);
      const inside = (g: (typeof glaciers)[number]) => {
        if (!query.bounds) return true;
        if (g.lat === null || g.lon === null) return false;
        const [south, west, north, east] = query.bounds;
        const lonInside = west <= east ? g.lon >= west && g.lon <= east : g.lon >= west || g.lon <= east;
        return g.lat >= south && g.lat <= north && lonInside;
      };
      return { data: glaciers.filter(inside).map((g) => summary(g, locale)) };
    });

    const byId = (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const id = Number(request.params.id);
      if (!/^\d+$/.test(request.params.id)) {
        void reply.code(422).send({ message: 'Invalid glacier id', errors: { id: ['must be a positive integer'] } });
        return undefined;
      }
      const g = glaciers.find((x) => x.id === id);
      if (!g) void notFound(reply, 'Glacier');
      return g;
    };

    app.get<{ Params: { id: string } }>('/api/v1/glaciers/:id/mass-balance', async (request, reply) => {
      const g = byId(request, reply);
      if (!g) return reply;
      return {
        data: {
          glacier_id: g.id,
          unit: 'mm w.e.',
          series: g.mass_balance.map((m) => ({ year: m.year, value: m.value_mm_we })),
          sources: g.sources,
        },
      };
    });

    app.get<{ Params: { id: string } }>('/api/v1/glaciers/:id/elevation-change', async (request, reply) => {
      const g = byId(request, reply);
      if (!g) return reply;
      return {
        data: {
          glacier_id: g.id,
          periods: g.elevation_change.map((e) => ({
            period_start: e.period_start,
            period_end: e.period_end,
            value: e.value_m_per_year,
            unit: e.unit,
            uncertainty: e.uncertainty ?? null,
            note: e.note ?? null,
            source: e.source,
          })),
          papers: g.papers,
          findings: g.findings.map((f) => ({ cited_as: f.cited_as, text: f.text[localeOf(request)] })),
        },
      };
    });
  };
