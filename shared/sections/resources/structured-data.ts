/** The resources section's JSON-LD (server only, ADR 0076; see shared/ui/structured-data.ts). */
import { type JsonLdObject, notInBrowser, siteUrl, thePortal } from '../../ui/structured-data.ts';
import type { Locale } from '../../constants.ts';
import { glacierPagePath } from '../../ui/map/glacier.ts';
import {
  glacierDataPath,
  PRELIMINARY_FROM_YEAR,
  WGMS_CITATION,
  WGMS_FOG_DOI_URL,
  WGMS_TERMS,
  WGMS_TERMS_URL,
} from '../../glacier-data.ts';
import { LOCALE_INFO } from '../../locales.ts';
import type { DatabaseFile } from '../../schemas/database-files.ts';

const ENCODING: Record<string, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  geojson: 'application/geo+json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

/** The words of a Dataset's keywords and coverage, in the page's language. */
const WORDS = {
  ru: {
    region: 'Центральная Азия',
    massBalance: 'баланс массы ледника',
    elevationChange: 'изменение высоты поверхности',
  },
  en: { region: 'Central Asia', massBalance: 'glacier mass balance', elevationChange: 'elevation change' },
} satisfies Record<Locale, Record<string, string>>;

/** What WGMS asks of a reuse of its figures, as a Dataset says it: no licence, its terms; the release it is based on. */
const WGMS_TERMS_LD = {
  usageInfo: WGMS_TERMS_URL,
  conditionsOfAccess: WGMS_TERMS,
  isBasedOn: {
    '@type': 'Dataset',
    name: 'WGMS Fluctuations of Glaciers Database',
    identifier: WGMS_FOG_DOI_URL,
    url: WGMS_FOG_DOI_URL,
  },
};

/**
 * A data file of the database (`/resources/database`; samples are not Datasets): one Dataset per file. The data files
 * are made from the glaciers' WGMS series (ADR 0097), so they carry WGMS's citation and terms, not a licence of the
 * portal's.
 */
function datasetBuilder(file: DatabaseFile, origin: string, locale: Locale): JsonLdObject {
  const contentUrl = /^https?:\/\//.test(file.file_url) ? file.file_url : origin + file.file_url;
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: file.title,
    description: file.description.length >= 50 ? file.description : `${file.title}. ${file.description}`.trim(),
    // the file's row on the database page carries id="file-{slug}" (FileList; search hits link there too)
    url: `${siteUrl(origin, locale, '/resources/database')}#file-${file.slug}`,
    identifier: file.slug,
    inLanguage: file.language.code,
    datePublished: file.published_at,
    // the years the data cover (ISO 8601 interval), not the file's year; left out where they are not known
    ...(file.series_years ? { temporalCoverage: `${file.series_years.from}/${file.series_years.to}` } : {}),
    keywords: [file.type.title, ...file.tags.map((t) => t.title)],
    spatialCoverage: { '@type': 'Place', name: file.country ? file.country.title : WORDS[locale].region },
    ...WGMS_TERMS_LD,
    citation: WGMS_CITATION,
    isAccessibleForFree: true,
    creator: thePortal(origin, locale),
    distribution: [
      {
        '@type': 'DataDownload',
        encodingFormat: ENCODING[file.format] ?? file.format,
        contentUrl,
        contentSize: `${file.size_bytes} B`,
      },
    ],
  };
}

/** What a glacier's Dataset says of it: the WGMS loader's row fields, and the years of its mass-balance series. */
export interface GlacierRow {
  slug: string;
  name: string;
  wgmsId: number | null;
  rgiId: string | null;
  lat: number | null;
  lon: number | null;
  /** first and last year with a measurement of its mass-balance series (null: it has none) */
  firstYear: number | null;
  lastYear: number | null;
  /** the papers of its geodetic periods, as citations (text and link; none: it has no periods) */
  papers: readonly string[];
}

/**
 * A glacier's series (`/resources/tools/wgms?glacier=…` and the map panel): Dataset with CSV and JSON. Its name and
 * description say what it holds and where each part comes from: the annual mass balance from the WGMS release, the
 * geodetic elevation change from the papers its `citation` lists.
 */
function glacierDatasetBuilder(glacier: GlacierRow, origin: string, locale: Locale): JsonLdObject {
  const base = origin + LOCALE_INFO[locale].basename;
  const annual = glacier.firstYear !== null;
  const geodetic = glacier.papers.length > 0;
  const ru = locale === 'ru';
  const held = ru
    ? [annual ? 'баланс массы' : null, geodetic ? 'изменение высоты поверхности' : null]
    : [annual ? 'mass balance' : null, geodetic ? 'elevation change' : null];
  const name = `${glacier.name}: ${held.filter(Boolean).join(ru ? ' и ' : ' and ')}${annual ? ' (WGMS)' : ''}`;
  const description = [
    annual
      ? ru
        ? `Ежегодный гляциологический баланс массы ледника ${glacier.name} по базе данных «Колебания ледников» (FoG) Всемирной службы мониторинга ледников (WGMS), выпуск 2026 года; значения ${PRELIMINARY_FROM_YEAR} года предварительные.`
        : `Annual glaciological mass balance of ${glacier.name} from the Fluctuations of Glaciers database of the World Glacier Monitoring Service (WGMS), 2026 release; values for ${PRELIMINARY_FROM_YEAR} are preliminary.`
      : null,
    geodetic
      ? ru
        ? `Геодезическое изменение высоты поверхности ледника ${glacier.name} за периоды — по опубликованным работам, указанным в цитатах.`
        : `Geodetic elevation change of ${glacier.name} over periods, from the published papers cited.`
      : null,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name,
    description,
    url: siteUrl(origin, locale, glacierPagePath(glacier.slug)),
    identifier: [glacier.wgmsId !== null ? `WGMS:${glacier.wgmsId}` : null, glacier.rgiId].filter(Boolean),
    keywords: [
      annual ? WORDS[locale].massBalance : null,
      geodetic ? WORDS[locale].elevationChange : null,
      'WGMS',
      WORDS[locale].region,
    ].filter(Boolean),
    // WGMS gives no licence: its terms are open access under the requirement of correct citation
    ...WGMS_TERMS_LD,
    citation: [...(annual ? [WGMS_CITATION] : []), ...glacier.papers],
    isAccessibleForFree: true,
    ...(glacier.firstYear && glacier.lastYear ? { temporalCoverage: `${glacier.firstYear}/${glacier.lastYear}` } : {}),
    creator: { '@type': 'Organization', name: 'World Glacier Monitoring Service', url: 'https://wgms.ch/' },
    spatialCoverage:
      glacier.lat !== null && glacier.lon !== null
        ? {
            '@type': 'Place',
            name: glacier.name,
            geo: { '@type': 'GeoCoordinates', latitude: glacier.lat, longitude: glacier.lon },
          }
        : { '@type': 'Place', name: glacier.name },
    distribution: (['csv', 'json'] as const).map((format) => ({
      '@type': 'DataDownload',
      encodingFormat: format === 'csv' ? 'text/csv' : 'application/json',
      contentUrl: base + glacierDataPath(glacier.slug, format),
    })),
  };
}

export const dataset: typeof datasetBuilder = import.meta.env.SSR ? datasetBuilder : notInBrowser;
export const glacierDataset: typeof glacierDatasetBuilder = import.meta.env.SSR ? glacierDatasetBuilder : notInBrowser;

/**
 * The WGMS page's glaciers that get a Dataset (those with downloadable data, with their series' years), by the
 * loader's row list. Only the server's render reads them (JSON-LD is built on the server only, ADR 0076), so they are
 * not in the loader data the browser hydrates with: the loader keeps them here, keyed by the `glaciers` array it
 * returns, which the server's render receives as it was returned.
 */
const datasetGlaciers = new WeakMap<object, readonly GlacierRow[]>();

/** Loader: the glaciers that get a Dataset on the page rendered from `rows`. */
export function keepGlacierDatasets(rows: object, glaciers: readonly GlacierRow[]) {
  datasetGlaciers.set(rows, glaciers);
}

/** Page: the Datasets of the glaciers kept for `rows` (none in the browser, which never builds JSON-LD). */
export const glacierDatasets = (rows: object, origin: string, locale: Locale): JsonLdObject[] =>
  import.meta.env.SSR ? (datasetGlaciers.get(rows) ?? []).map((g) => glacierDatasetBuilder(g, origin, locale)) : [];
