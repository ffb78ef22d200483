import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../shared/constants.ts';
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
import {
  CSV_COLUMNS,
  DATA_API_VERSION,
  type GlacierRecord,
  GlacierListSchema,
  GlacierRecordSchema,
  SLUG_PATTERN,
} from './glacier-data-schemas.ts';

/** The terms under which the figures are given: WGMS's, as WGMS states them (no licence of its own). */
export const terms = (locale: Locale) => ({ text: WGMS_TERMS_TEXT[locale], url: WGMS_TERMS_URL });

/**
 * The words of the downloads, the glaciers' and the comparison's, in the language of their path (`/data/…` Russian,
 * `/en/data/…` English). Column names, JSON keys, series keys and units are the same in both, for programs; citations
 * stay as their works publish them.
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
    comparison: 'Накопленный баланс массы опорных ледников WGMS в Центральной Азии',
    comparisonGlacier:
      'glacier: накопленный баланс ледника — сумма годовых гляциологических балансов его измеренных лет с первого года ряда',
    comparisonMean:
      'reference_mean: среднее по опорным ледникам, измеренным в тот год (их число — glaciers_averaged), и сумма этих средних; обе величины округлены до миллиметра',
    meanName: 'Среднее по опорным ледникам',
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
    comparison: 'Cumulative mass balance of the WGMS reference glaciers in Central Asia',
    comparisonGlacier:
      'glacier: the cumulative balance of a glacier, the sum of the annual glaciological balances of its measured years from the first year of its series',
    comparisonMean:
      'reference_mean: the mean of the reference glaciers measured in that year (how many: glaciers_averaged) and the sum of those means; both rounded to the millimetre',
    meanName: 'Mean of the reference glaciers',
  },
} satisfies Record<Locale, Record<string, string | ((year: number) => string)>>;

/**
 * The downloadable record of the glacier `slug` names, its URLs under `base` (the origin and the locale's prefix), null
 * where no glacier with a series has that slug: identifiers (coordinates and area each cited to its source), the annual
 * mass balance (each value marked preliminary or not, cited to the WGMS release), each geodetic period with the paper
 * it comes from, the WGMS citation with its DOI and WGMS's terms. No provenance note of the data file goes into it.
 */
export async function glacierRecord(
  request: FastifyRequest,
  locale: Locale,
  base: string,
  slug: string,
): Promise<GlacierRecord | null> {
  const api = request.server.upstream.apiFor(request);
  const glaciers = SLUG_PATTERN.test(slug) ? await api.get('glaciers') : null;
  const glacier = glaciers?.data.find((g) => g.slug === slug);
  if (!glacier || !hasGlacierData(glacier)) return null;
  const [balance, elevation] = await Promise.all([
    glacier.mass_balance_years > 0 ? api.find('massBalance', { params: { id: glacier.id } }) : null,
    glacier.elevation_change_periods > 0 ? api.find('elevationChange', { params: { id: glacier.id } }) : null,
  ]);
  const { massBalance, elevationChange, elevationCitations } = publicSeries(
    balance?.data ?? null,
    elevation?.data.periods ?? [],
    elevation?.data.papers,
  );
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
      [massBalance?.citation, ...elevationCitations, located.coordinates, located.area].filter((c) => c != null),
    ),
    license: terms(locale),
    url: base + glacierDataPath(glacier.slug, 'json'),
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
 * `/data/glaciers.json` (ADR 0033): every glacier of the map, with the URLs under `base` (the origin and the locale's
 * prefix) of the files of those with a series.
 */
export async function glacierList(request: FastifyRequest, locale: Locale, base: string) {
  const glaciers = await request.server.upstream.apiFor(request).get('glaciers');
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
      csv: hasGlacierData(g) ? base + glacierDataPath(g.slug, 'csv') : null,
      json: hasGlacierData(g) ? base + glacierDataPath(g.slug, 'json') : null,
    })),
  });
}
