import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type Locale, LOCALES } from '../../shared/constants.ts';
import {
  citationLine,
  glacierDataPath,
  hasGlacierData,
  locationSources,
  PRELIMINARY_FROM_YEAR,
  publicSeries,
  uniqueCitations,
  WGMS_CITATION,
  WGMS_TERMS_TEXT,
  WGMS_TERMS_URL,
} from '../../shared/glacier-data.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import type { Glacier } from '../../shared/schemas/glaciers.ts';
import { CachePolicy } from '../cache-policies.ts';
import { originOf } from '../ssr/to-fetch-request.ts';
import { dataAnswerHeaders } from './data-api.ts';
import {
  CSV_COLUMNS,
  DATA_API_VERSION,
  type GlacierRecord,
  GlacierListSchema,
  GlacierRecordSchema,
  SLUG_PATTERN,
} from './glacier-data-schemas.ts';

/** The terms under which the figures are given: WGMS's, as WGMS states them (no licence of its own). */
const terms = (locale: Locale) => ({ text: WGMS_TERMS_TEXT[locale], url: WGMS_TERMS_URL });

/**
 * The words of a download, in the language of its path (`/data/…` Russian, `/en/data/…` English). Column names,
 * JSON keys, series keys and units are the same in both, for programs; citations stay as their works publish them.
 */
export const FILE_TEXT = {
  ru: {
    apiVersion: 'Версия API данных',
    wgmsId: 'ID WGMS',
    rgiId: 'ID RGI',
    none: 'нет',
    citation: 'Как цитировать',
    terms: 'Условия использования',
    reference: 'Источник',
    coordinates: 'Координаты',
    area: 'Площадь',
    preliminary: (year: number) =>
      `Предварительные значения: с ${year} года; WGMS может уточнить их в следующем выпуске базы`,
    file: 'Адрес этого файла',
    massBalance: 'Годовой гляциологический баланс массы',
    elevationChange: 'Геодезическое изменение высоты поверхности, средняя скорость за период',
  },
  en: {
    apiVersion: 'Data API version',
    wgmsId: 'WGMS id',
    rgiId: 'RGI id',
    none: 'n/a',
    citation: 'Citation',
    terms: 'Terms',
    reference: 'Reference',
    coordinates: 'Coordinates',
    area: 'Area',
    preliminary: (year: number) => `Preliminary: values from ${year} on may be revised in the next WGMS release`,
    file: 'Source of this file',
    massBalance: 'Annual glaciological mass balance',
    elevationChange: 'Geodetic elevation change, mean rate over the period',
  },
} satisfies Record<Locale, Record<string, string | ((year: number) => string)>>;

/**
 * The downloadable record of one glacier: identifiers (coordinates and area each cited to its source), the annual mass balance
 * (each value marked preliminary or not, cited to the WGMS release), each geodetic period with the paper it comes
 * from, the WGMS citation with its DOI and WGMS's terms. No provenance note of the data file goes into it.
 */
export async function glacierRecord(
  request: FastifyRequest,
  glacier: Glacier,
  origin: string,
  locale: Locale,
): Promise<GlacierRecord> {
  const api = request.server.upstream.apiFor(request);
  const [balance, elevation] = await Promise.all([
    glacier.mass_balance_years > 0 ? api.find('massBalance', { params: { id: glacier.id } }) : null,
    glacier.elevation_change_periods > 0 ? api.find('elevationChange', { params: { id: glacier.id } }) : null,
  ]);
  const { massBalance, elevationChange } = publicSeries(
    balance?.data ?? null,
    elevation?.data.periods ?? [],
    elevation?.data.papers,
  );
  const papers = uniqueCitations(elevationChange.map((p) => p.citation));
  const located = locationSources({
    rgiId: glacier.rgi_id,
    lat: glacier.lat,
    lon: glacier.lon,
    areaKm2: glacier.area_km2,
    coordinatesSource: glacier.coordinates_source,
  });
  return GlacierRecordSchema.parse({
    api_version: DATA_API_VERSION,
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
      // where the coordinates and the area come from (null where the glacier has none)
      coordinates_source: located.coordinates,
      area_source: located.area,
    },
    mass_balance: {
      description: FILE_TEXT[locale].massBalance,
      unit: 'mm w.e.',
      series: massBalance?.series ?? [],
      preliminary_from_year: PRELIMINARY_FROM_YEAR,
      source: massBalance?.citation ?? null,
    },
    elevation_change: {
      description: FILE_TEXT[locale].elevationChange,
      periods: elevationChange.map(({ citation, ...period }) => ({ ...period, source: citation })),
    },
    citation: WGMS_CITATION,
    references: uniqueCitations(
      [massBalance?.citation, ...papers, located.coordinates, located.area].filter((c) => c != null),
    ),
    license: terms(locale),
    url: origin + glacierDataPath(glacier.slug, 'json'),
  });
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break. */
const csvField = (v: string | number | boolean | null | undefined) => {
  if (v === null || v === undefined) return '';
  const text = String(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A CSV document: `#` comment lines, then the rows (the first its header), lines ended by CRLF. */
export const csvDocument = (
  comments: readonly string[],
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
) => [...comments, ...rows.map((r) => r.map(csvField).join(','))].join('\r\n') + '\r\n';

/**
 * One CSV table of both series (`series` tells them apart; `preliminary` flags the values WGMS may revise; `source`
 * names the work each row comes from), preceded by `#` comment lines with the glacier, the citation, WGMS's terms and
 * the references (read with `comment='#'` in pandas, `comment.char = '#'` in R).
 */
export function glacierCsv(record: GlacierRecord, locale: Locale): string {
  const g = record.glacier;
  const text = FILE_TEXT[locale];
  const head = [
    `# ${g.name} — ${text.wgmsId} ${g.wgms_id ?? text.none}, ${text.rgiId} ${g.rgi_id ?? text.none}, ${g.country_code}`,
    `# ${text.apiVersion}: ${record.api_version}`,
    `# ${text.citation}: ${record.citation}`,
    `# ${text.terms}: ${record.license.text} (${record.license.url})`,
    ...record.references.map((r) => `# ${text.reference}: ${citationLine(r)}`),
    ...(g.coordinates_source ? [`# ${text.coordinates}: ${citationLine(g.coordinates_source)}`] : []),
    ...(g.area_source ? [`# ${text.area}: ${citationLine(g.area_source)}`] : []),
    // only where the series holds a value WGMS may still revise
    ...(record.mass_balance.series.some((p) => p.preliminary)
      ? [`# ${text.preliminary(record.mass_balance.preliminary_from_year)}`]
      : []),
    `# ${text.file}: ${record.url.replace(/\.json$/, '.csv')}`,
  ];
  const rows = [
    CSV_COLUMNS,
    ...record.mass_balance.series.map((p) => [
      'mass_balance',
      p.year,
      null,
      null,
      p.value,
      record.mass_balance.unit,
      null,
      p.preliminary,
      record.mass_balance.source ? citationLine(record.mass_balance.source) : null,
    ]),
    ...record.elevation_change.periods.map((p) => [
      'elevation_change',
      null,
      p.period_start,
      p.period_end,
      p.value,
      p.unit,
      p.uncertainty,
      false,
      citationLine(p.source),
    ]),
  ];
  return csvDocument(head, rows);
}

/**
 * Glacier data for researchers (ADR 0033): `/data/glaciers/{slug}.csv` and `.json` (and under `/en` with English
 * names) with both series, each value's source, the WGMS citation and terms; `/data/glaciers.json` lists every glacier
 * (the files of those with a series).
 */
export const glacierDataRoutes =
  (options: { publicOrigin?: string } = {}): FastifyPluginAsync =>
  async (app) => {
    for (const locale of LOCALES) {
      const prefix = LOCALE_INFO[locale].basename;

      app.get(`${prefix}/data/glaciers.json`, async (request, reply) => {
        const origin = originOf(request, options.publicOrigin);
        const glaciers = await app.upstream.apiFor(request).get('glaciers');
        reply.headers(dataAnswerHeaders(origin));
        return GlacierListSchema.parse({
          api_version: DATA_API_VERSION,
          citation: WGMS_CITATION,
          license: terms(locale),
          // every glacier of the map; one with no series says so and offers no file
          glaciers: glaciers.data.map((g) => ({
            slug: g.slug,
            name: g.name,
            wgms_id: g.wgms_id,
            mass_balance_years: g.mass_balance_years,
            elevation_change_periods: g.elevation_change_periods,
            has_series: hasGlacierData(g),
            csv: hasGlacierData(g) ? origin + prefix + glacierDataPath(g.slug, 'csv') : null,
            json: hasGlacierData(g) ? origin + prefix + glacierDataPath(g.slug, 'json') : null,
          })),
        });
      });

      for (const format of ['csv', 'json'] as const) {
        app.get<{ Params: { slug: string } }>(`${prefix}/data/glaciers/:slug.${format}`, async (request, reply) => {
          const { slug } = request.params;
          const glaciers = SLUG_PATTERN.test(slug) ? await app.upstream.apiFor(request).get('glaciers') : null;
          const glacier = glaciers?.data.find((g) => g.slug === slug);
          if (!glacier || !hasGlacierData(glacier))
            return reply
              .code(404)
              .header('cache-control', CachePolicy.none)
              .send({ statusCode: 404, error: 'Not Found', message: `No glacier data for ${slug}` });
          const origin = originOf(request, options.publicOrigin);
          const record = await glacierRecord(request, glacier, origin + prefix, locale);
          reply
            .headers(dataAnswerHeaders(origin))
            .header('content-disposition', `attachment; filename="wgms-${slug}.${format}"`);
          if (format === 'json')
            return reply.type('application/json; charset=utf-8').send(JSON.stringify(record, null, 2));
          return reply.type('text/csv; charset=utf-8; header=present').send(glacierCsv(record, locale));
        });
      }
    }
  };
