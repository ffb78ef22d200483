import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type Locale, LOCALES } from '../../shared/constants.ts';
import {
  glacierDataPath,
  PRELIMINARY_FROM_YEAR,
  WGMS_CITATION,
  WGMS_TERMS_TEXT,
  WGMS_TERMS_URL,
} from '../../shared/glacier-data.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { regionComparison, regionDataPath } from '../../shared/sections/resources/region-comparison.ts';
import { originOf } from '../ssr/to-fetch-request.ts';
import { dataAnswerHeaders } from './data-api.ts';
import { csvDocument, FILE_TEXT as GLACIER_FILE_TEXT } from './glacier-data.ts';
import { DATA_API_VERSION } from './glacier-data-schemas.ts';
import { REGION_CSV_COLUMNS, RegionComparisonSchema } from './region-data-schemas.ts';

/**
 * The words of the comparison's files, in the language of their path (with those of the glaciers' files: the
 * citation, the terms, the preliminary values); columns and keys are the same in both.
 */
const FILE_TEXT = {
  ru: {
    title: 'Накопленный баланс массы опорных ледников WGMS в Центральной Азии',
    glacier:
      'glacier: накопленный баланс ледника — сумма годовых гляциологических балансов его измеренных лет с первого года ряда',
    mean: 'reference_mean: среднее по опорным ледникам, измеренным в тот год (их число — glaciers_averaged), и сумма этих средних; обе величины округлены до миллиметра',
    meanName: 'Среднее по опорным ледникам',
  },
  en: {
    title: 'Cumulative mass balance of the WGMS reference glaciers in Central Asia',
    glacier:
      'glacier: the cumulative balance of a glacier, the sum of the annual glaciological balances of its measured years from the first year of its series',
    mean: 'reference_mean: the mean of the reference glaciers measured in that year (how many: glaciers_averaged) and the sum of those means; both rounded to the millimetre',
    meanName: 'Mean of the reference glaciers',
  },
} satisfies Record<Locale, Record<string, string>>;

/**
 * The comparison of the reference glaciers as a download: each glacier's annual balance and cumulative balance by
 * year, and the region's mean with the number of glaciers it averages each year, every value marked preliminary or
 * not, with the WGMS citation and terms. The same figures as the WGMS page's chart (`regionComparison`).
 */
export async function regionRecord(request: FastifyRequest, origin: string, locale: Locale) {
  const api = request.server.upstream.apiFor(request);
  const glaciers = await api.get('glaciers');
  const reference = glaciers.data.filter((g) => g.wgms_reference && g.mass_balance_years > 0);
  const balances = await Promise.all(reference.map((g) => api.get('massBalance', { params: { id: g.id } })));
  const comparison = regionComparison(
    reference.map((g, i) => ({
      slug: g.slug,
      name: g.name,
      wgmsId: g.wgms_id,
      series: balances[i]?.data.series ?? [],
    })),
  );
  const text = FILE_TEXT[locale];
  return RegionComparisonSchema.parse({
    api_version: DATA_API_VERSION,
    description: text.title,
    unit: 'mm w.e.',
    preliminary_from_year: PRELIMINARY_FROM_YEAR,
    first_year: comparison.from,
    last_year: comparison.to,
    glaciers: comparison.glaciers.map((g) => ({
      slug: g.slug,
      name: g.name,
      wgms_id: g.wgmsId,
      data: origin + glacierDataPath(g.slug, 'json'),
      series: g.points.map((p) => ({
        year: p.year,
        annual_balance: p.value,
        cumulative_balance: p.sum,
        preliminary: p.preliminary,
      })),
    })),
    reference_mean: {
      description: text.mean,
      series: comparison.mean.map((m) => ({
        year: m.year,
        glaciers_averaged: m.glaciers,
        annual_balance: m.value,
        cumulative_balance: m.sum,
        preliminary: m.preliminary,
      })),
    },
    citation: WGMS_CITATION,
    license: { text: WGMS_TERMS_TEXT[locale], url: WGMS_TERMS_URL },
    url: origin + regionDataPath('json'),
  });
}
type RegionRecord = Awaited<ReturnType<typeof regionRecord>>;

/**
 * One CSV table, a row per glacier and year and per year of the mean (`series`: `glacier` or `reference_mean`),
 * after `#` comment lines with what the columns hold, the citation and WGMS's terms.
 */
export function regionCsv(record: RegionRecord, locale: Locale): string {
  const text = { ...GLACIER_FILE_TEXT[locale], ...FILE_TEXT[locale] };
  const head = [
    `# ${text.title}, ${record.first_year}–${record.last_year}, ${record.unit}`,
    `# ${text.apiVersion}: ${record.api_version}`,
    `# ${text.glacier}`,
    `# ${text.mean}`,
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

/**
 * The reference glaciers compared, for researchers: `/data/region/reference-cumulative.csv` and `.json` (under `/en`
 * with English names and notes), the data of the WGMS page's comparison chart.
 */
export const regionDataRoutes =
  (options: { publicOrigin?: string } = {}): FastifyPluginAsync =>
  async (app) => {
    const paths = LOCALES.flatMap((locale) =>
      (['csv', 'json'] as const).map((format) => ({ locale, format, prefix: LOCALE_INFO[locale].basename })),
    );
    for (const { locale, format, prefix } of paths)
      app.get(prefix + regionDataPath(format), async (request, reply) => {
        const origin = originOf(request, options.publicOrigin);
        const record = await regionRecord(request, origin + prefix, locale);
        reply
          .headers(dataAnswerHeaders(origin))
          .header('content-disposition', `attachment; filename="wgms-reference-cumulative.${format}"`);
        if (format === 'json')
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(record, null, 2));
        return reply.type('text/csv; charset=utf-8; header=present').send(regionCsv(record, locale));
      });
  };
