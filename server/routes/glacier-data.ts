import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LOCALES } from '../../shared/constants.ts';
import {
  glacierDataPath,
  hasGlacierData,
  publicSeries,
  WGMS_CITATION,
  WGMS_LICENCE,
  WGMS_LICENCE_URL,
} from '../../shared/glacier-data.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import type { Glacier } from '../../shared/schemas/glaciers.ts';
import { CachePolicy } from '../cache-policies.ts';
import { originOf } from '../ssr/to-fetch-request.ts';

const DATA_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The downloadable record of one glacier: identifiers, both series as the upstream gives them, citation, licence. */
export async function glacierRecord(request: FastifyRequest, glacier: Glacier, origin: string) {
  const api = request.server.upstream.apiFor(request);
  const [balance, elevation] = await Promise.all([
    glacier.mass_balance_years > 0 ? api.find('massBalance', { params: { id: glacier.id } }) : null,
    glacier.elevation_change_periods > 0 ? api.find('elevationChange', { params: { id: glacier.id } }) : null,
  ]);
  const { massBalance, elevationChange } = publicSeries(balance?.data ?? null, elevation?.data.periods ?? []);
  return {
    glacier: {
      slug: glacier.slug,
      name: glacier.name,
      country_code: glacier.country_code,
      wgms_id: glacier.wgms_id,
      rgi_id: glacier.rgi_id,
      lat: glacier.lat,
      lon: glacier.lon,
      area_km2: glacier.area_km2,
      area_year: glacier.area_year,
    },
    mass_balance: {
      description: 'Annual glaciological mass balance',
      unit: 'mm w.e.',
      series: massBalance?.series ?? [],
      sources: massBalance?.sources ?? [],
    },
    elevation_change: {
      description: 'Geodetic elevation change, mean rate over the period',
      periods: elevationChange,
    },
    citation: WGMS_CITATION,
    licence: { name: WGMS_LICENCE, url: WGMS_LICENCE_URL },
    url: origin + glacierDataPath(glacier.slug, 'json'),
  };
}
type GlacierRecord = Awaited<ReturnType<typeof glacierRecord>>;

/** RFC 4180 field: quoted when it holds a comma, quote or line break. */
const csvField = (v: string | number | null | undefined) => {
  if (v === null || v === undefined) return '';
  const text = String(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * One CSV table of both series (`series` tells them apart), preceded by `#` comment lines with the glacier, the
 * citation and the licence (read with `comment='#'` in pandas, `comment.char = '#'` in R).
 */
export function glacierCsv(record: GlacierRecord): string {
  const g = record.glacier;
  const head = [
    `# ${g.name} — WGMS id ${g.wgms_id ?? 'n/a'}, RGI id ${g.rgi_id ?? 'n/a'}, ${g.country_code}`,
    `# Citation: ${record.citation}`,
    `# Licence: ${record.licence.name} (${record.licence.url})`,
    `# Source of this file: ${record.url.replace(/\.json$/, '.csv')}`,
  ];
  const rows = [
    ['series', 'year', 'period_start', 'period_end', 'value', 'unit', 'uncertainty', 'source'],
    ...record.mass_balance.series.map((p) => [
      'mass_balance',
      p.year,
      null,
      null,
      p.value,
      record.mass_balance.unit,
      null,
      record.mass_balance.sources.join('; '),
    ]),
    ...record.elevation_change.periods.map((p) => [
      'elevation_change',
      null,
      p.period_start,
      p.period_end,
      p.value,
      p.unit,
      p.uncertainty,
      p.source,
    ]),
  ];
  return [...head, ...rows.map((r) => r.map(csvField).join(','))].join('\r\n') + '\r\n';
}

/**
 * Glacier data for researchers (ADR 0033): `/data/glaciers/{slug}.csv` and `.json` (and under `/en` with English
 * names) with both series of the WGMS record, its citation and licence line; `/data/glaciers.json` lists them all.
 */
export const glacierDataRoutes =
  (options: { publicOrigin?: string } = {}): FastifyPluginAsync =>
  async (app) => {
    for (const locale of LOCALES) {
      const prefix = LOCALE_INFO[locale].basename;

      app.get(`${prefix}/data/glaciers.json`, async (request, reply) => {
        const origin = originOf(request, options.publicOrigin);
        const glaciers = await app.upstream.apiFor(request).get('glaciers');
        reply.header('cache-control', DATA_CACHE);
        return {
          citation: WGMS_CITATION,
          licence: { name: WGMS_LICENCE, url: WGMS_LICENCE_URL },
          glaciers: glaciers.data.filter(hasGlacierData).map((g) => ({
            slug: g.slug,
            name: g.name,
            wgms_id: g.wgms_id,
            mass_balance_years: g.mass_balance_years,
            elevation_change_periods: g.elevation_change_periods,
            csv: origin + prefix + glacierDataPath(g.slug, 'csv'),
            json: origin + prefix + glacierDataPath(g.slug, 'json'),
          })),
        };
      });

      for (const format of ['csv', 'json'] as const) {
        app.get<{ Params: { slug: string } }>(`${prefix}/data/glaciers/:slug.${format}`, async (request, reply) => {
          const { slug } = request.params;
          const glaciers = SLUG.test(slug) ? await app.upstream.apiFor(request).get('glaciers') : null;
          const glacier = glaciers?.data.find((g) => g.slug === slug);
          if (!glacier || !hasGlacierData(glacier))
            return reply
              .code(404)
              .header('cache-control', CachePolicy.none)
              .send({ statusCode: 404, error: 'Not Found', message: `No glacier data for ${slug}` });
          const record = await glacierRecord(request, glacier, originOf(request, options.publicOrigin) + prefix);
          reply
            .header('cache-control', DATA_CACHE)
            .header('content-disposition', `attachment; filename="wgms-${slug}.${format}"`);
          if (format === 'json')
            return reply.type('application/json; charset=utf-8').send(JSON.stringify(record, null, 2));
          return reply.type('text/csv; charset=utf-8; header=present').send(glacierCsv(record));
        });
      }
    }
  };
