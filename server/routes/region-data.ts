import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../shared/constants.ts';
import { glacierDataPath, PRELIMINARY_FROM_YEAR, WGMS_CITATION } from '../../shared/glacier-data.ts';
import { referenceComparison, regionDataPath } from '../../shared/sections/resources/region-comparison.ts';
import { csvDocument, FILE_TEXT, terms } from './glacier-data.ts';
import { DATA_API_VERSION } from './glacier-data-schemas.ts';
import { REGION_CSV_COLUMNS, RegionComparisonSchema } from './region-data-schemas.ts';

/**
 * The comparison of the reference glaciers as a download: each glacier's annual balance and cumulative balance by
 * year, and the region's mean with the number of glaciers it averages each year, every value marked preliminary or
 * not, with the WGMS citation and terms. The same figures as the WGMS page's chart (`referenceComparison`).
 */
export async function regionRecord(request: FastifyRequest, locale: Locale, base: string) {
  const api = request.server.upstream.apiFor(request);
  const glaciers = await api.get('glaciers');
  const reference = glaciers.data.filter((g) => g.wgms_reference && g.mass_balance_years > 0);
  const balances = await Promise.all(reference.map((g) => api.get('massBalance', { params: { id: g.id } })));
  const comparison = referenceComparison(reference, balances);
  const text = FILE_TEXT[locale];
  return RegionComparisonSchema.parse({
    api_version: DATA_API_VERSION,
    description: text.comparison,
    unit: 'mm w.e.',
    preliminary_from_year: PRELIMINARY_FROM_YEAR,
    first_year: comparison.from,
    last_year: comparison.to,
    glaciers: comparison.glaciers.map((g) => ({
      slug: g.slug,
      name: g.name,
      wgms_id: g.wgmsId,
      data: base + glacierDataPath(g.slug, 'json'),
      series: g.points.map((p) => ({
        year: p.year,
        annual_balance: p.value,
        cumulative_balance: p.sum,
        preliminary: p.preliminary,
      })),
    })),
    reference_mean: {
      description: text.comparisonMean,
      series: comparison.mean.map((m) => ({
        year: m.year,
        glaciers_averaged: m.glaciers,
        annual_balance: m.value,
        cumulative_balance: m.sum,
        preliminary: m.preliminary,
      })),
    },
    citation: WGMS_CITATION,
    license: terms(locale),
    url: base + regionDataPath('json'),
  });
}
type RegionRecord = Awaited<ReturnType<typeof regionRecord>>;

/**
 * One CSV table, a row per glacier and year and per year of the mean (`series`: `glacier` or `reference_mean`),
 * after `#` comment lines with what the columns hold, the citation and WGMS's terms.
 */
export function regionCsv(record: RegionRecord, locale: Locale): string {
  const text = FILE_TEXT[locale];
  const head = [
    `# ${text.comparison}, ${record.first_year}–${record.last_year}, ${record.unit}`,
    `# ${text.apiVersion}: ${record.api_version}`,
    `# ${text.comparisonGlacier}`,
    `# ${text.comparisonMean}`,
    `# ${text.citation}: ${record.citation}`,
    `# ${text.terms}: ${record.license.text} (${record.license.url})`,
    `# ${text.preliminary(record.preliminary_from_year)}`,
    `# ${text.file}: ${record.url.replace(/\.json$/, '.csv')}`,
  ];
  const rows = [
    [...REGION_CSV_COLUMNS],
    ...record.glaciers.flatMap((g) =>
      g.series.map((p) => [
        'glacier',
        g.slug,
        g.name,
        g.wgms_id,
        p.year,
        p.annual_balance,
        p.cumulative_balance,
        null,
        record.unit,
        p.preliminary,
      ]),
    ),
    ...record.reference_mean.series.map((m) => [
      'reference_mean',
      null,
      text.meanName,
      null,
      m.year,
      m.annual_balance,
      m.cumulative_balance,
      m.glaciers_averaged,
      record.unit,
      m.preliminary,
    ]),
  ];
  return csvDocument(head, rows);
}
