/** The resources section's JSON-LD (server only, ADR 0076; see shared/ui/structured-data.ts). */
import { type JsonLdObject, notInBrowser, siteUrl, thePortal } from '../../ui/structured-data.ts';
import type { Locale } from '../../constants.ts';
import { glacierPagePath } from '../../ui/map/glacier.ts';
import {
  citationLine,
  glacierDataPath,
  isPreliminary,
  locationSources,
  PRELIMINARY_FROM_YEAR,
  WGMS_CITATION,
  WGMS_FOG_DOI_URL,
  WGMS_TERMS_TEXT,
  WGMS_TERMS_URL,
} from '../../glacier-data.ts';
import { LOCALE_INFO } from '../../locales.ts';
import type { DatabaseFile } from '../../schemas/database-files.ts';
import { DATABASE_PATH, databaseFilePath } from '../../ui/files/paths.ts';

const ENCODING: Record<string, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  geojson: 'application/geo+json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

/** The words of a Dataset's keywords, coverage and sources, in the page's language. */
const WORDS = {
  ru: {
    region: 'Центральная Азия',
    catalog: 'База данных портала «Криосфера Центральной Азии»',
    massBalance: 'баланс массы ледника',
    elevationChange: 'изменение высоты поверхности',
    wgms: 'Всемирная служба мониторинга ледников (WGMS)',
    fog: 'База данных WGMS «Колебания ледников» (FoG)',
  },
  en: {
    region: 'Central Asia',
    catalog: 'Database of the Cryosphere of Central Asia portal',
    massBalance: 'glacier mass balance',
    elevationChange: 'elevation change',
    wgms: 'World Glacier Monitoring Service',
    fog: 'WGMS Fluctuations of Glaciers Database',
  },
} satisfies Record<Locale, Record<string, string>>;

/**
 * Who made a Dataset of the WGMS series and what a reuse owes WGMS, in the page's language: WGMS measured and
 * published the series (the creator), the portal publishes the file made from them (the publisher); no licence, WGMS's
 * terms; the release it is based on.
 */
const wgmsSeries = (origin: string, locale: Locale) => ({
  creator: { '@type': 'Organization', name: WORDS[locale].wgms, alternateName: 'WGMS', url: 'https://wgms.ch/' },
  publisher: thePortal(origin, locale),
  usageInfo: WGMS_TERMS_URL,
  conditionsOfAccess: WGMS_TERMS_TEXT[locale],
  isBasedOn: {
    '@type': 'Dataset',
    name: WORDS[locale].fog,
    identifier: WGMS_FOG_DOI_URL,
    url: WGMS_FOG_DOI_URL,
  },
});

/** A glacier a data file's series come from: its name and coordinates (null: not known), from the glacier index. */
export interface GlacierPlace {
  name: string;
  lat: number | null;
  lon: number | null;
}

/**
 * Where a data file's data are (`area`: its country or the region): a place named `area`, with, where every glacier
 * its series come from has coordinates, the one glacier's point (named after it) or the box around them all (south,
 * west, north, east). A box around only some of them would claim less than the data cover, so none is given then.
 */
function placeOf(area: string, glaciers: readonly GlacierPlace[]): JsonLdObject {
  const points = glaciers.flatMap((g) => (g.lat !== null && g.lon !== null ? [{ lat: g.lat, lon: g.lon }] : []));
  const [only] = glaciers;
  if (points.length === 0 || points.length < glaciers.length) return { '@type': 'Place', name: area };
  if (glaciers.length === 1 && only && points[0])
    return {
      '@type': 'Place',
      name: only.name,
      geo: { '@type': 'GeoCoordinates', latitude: points[0].lat, longitude: points[0].lon },
    };
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  const box = [Math.min(...lats), Math.min(...lons), Math.max(...lats), Math.max(...lons)].join(' ');
  return { '@type': 'Place', name: area, geo: { '@type': 'GeoShape', box } };
}

/**
 * A data file of the database (its landing page and `/resources/database`; samples are not Datasets): one Dataset per file. The data files
 * are made from the glaciers' WGMS series (ADR 0097), so they carry WGMS's citation and terms, not a licence of the
 * portal's, and name WGMS as their creator and the portal as their publisher, as the WGMS page's Datasets do.
 */
function datasetBuilder(
  file: DatabaseFile,
  origin: string,
  locale: Locale,
  glaciers: readonly GlacierPlace[] = [],
): JsonLdObject {
  const contentUrl = /^https?:\/\//.test(file.file_url) ? file.file_url : origin + file.file_url;
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: file.title,
    description: file.description.length >= 50 ? file.description : `${file.title}. ${file.description}`.trim(),
    // the file's landing page (ADR 0126)
    url: siteUrl(origin, locale, databaseFilePath(file.slug)),
    identifier: file.slug,
    inLanguage: file.language.code,
    datePublished: file.published_at,
    // the years the data cover (ISO 8601 interval), not the file's year; left out where they are not known
    ...(file.series_years ? { temporalCoverage: `${file.series_years.from}/${file.series_years.to}` } : {}),
    keywords: [file.type.title, ...file.tags.map((t) => t.title)],
    spatialCoverage: placeOf(file.country ? file.country.title : WORDS[locale].region, glaciers),
    ...wgmsSeries(origin, locale),
    citation: WGMS_CITATION,
    isAccessibleForFree: true,
    // the database it is listed in
    includedInDataCatalog: {
      '@type': 'DataCatalog',
      name: WORDS[locale].catalog,
      url: siteUrl(origin, locale, DATABASE_PATH),
    },
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
  areaKm2: number | null;
  /** where the coordinates come from (null: RGI with an RGI id, else Wikidata) */
  coordinatesSource: 'rgi' | 'wikidata' | 'glims' | null;
  /** first and last year with a measurement of its mass-balance series (null: it has none) */
  firstYear: number | null;
  lastYear: number | null;
  /** the papers of its geodetic periods, as citations (text and link; none: it has no periods) */
  papers: readonly string[];
}

/**
 * A glacier's series (`/resources/tools/wgms?glacier=…` and the map panel): Dataset with CSV and JSON. Its name and
 * description say what it holds and where each part comes from: the annual mass balance from the WGMS release (its
 * preliminary values named only where the series has some), the geodetic elevation change from the papers its
 * `citation` lists, which also gives the sources of the coordinates and the area, as the panel and the files do. The
 * name leads, as in the chart's caption («Ледник Абрамова: …»): Russian names already hold the word «ледник».
 */
function glacierDatasetBuilder(glacier: GlacierRow, origin: string, locale: Locale): JsonLdObject {
  const base = origin + LOCALE_INFO[locale].basename;
  const annual = glacier.firstYear !== null;
  const geodetic = glacier.papers.length > 0;
  const preliminary = glacier.lastYear !== null && isPreliminary(glacier.lastYear);
  const ru = locale === 'ru';
  const held = ru
    ? [annual ? 'баланс массы' : null, geodetic ? 'изменение высоты поверхности' : null]
    : [annual ? 'mass balance' : null, geodetic ? 'elevation change' : null];
  const name = `${glacier.name}: ${held.filter(Boolean).join(ru ? ' и ' : ' and ')}${annual ? ' (WGMS)' : ''}`;
  const parts = [
    annual
      ? ru
        ? `ежегодный гляциологический баланс массы по базе данных «Колебания ледников» (FoG) Всемирной службы мониторинга ледников (WGMS), выпуск 2026 года${preliminary ? ` (значения ${PRELIMINARY_FROM_YEAR} года предварительные)` : ''}`
        : `annual glaciological mass balance from the Fluctuations of Glaciers database of the World Glacier Monitoring Service (WGMS), 2026 release${preliminary ? ` (values for ${PRELIMINARY_FROM_YEAR} are preliminary)` : ''}`
      : null,
    geodetic
      ? ru
        ? 'геодезическое изменение высоты поверхности за периоды — по опубликованным работам, указанным в цитатах'
        : 'geodetic elevation change over periods, from the published papers cited'
      : null,
  ];
  const description = `${glacier.name}: ${parts.filter(Boolean).join('; ')}.`;
  const located = locationSources(glacier);
  const citation = [
    ...(annual ? [WGMS_CITATION] : []),
    ...glacier.papers,
    ...[located.coordinates, located.area].filter((c) => c !== null).map(citationLine),
  ];
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
    ...wgmsSeries(origin, locale),
    citation: [...new Set(citation)],
    isAccessibleForFree: true,
    ...(glacier.firstYear && glacier.lastYear ? { temporalCoverage: `${glacier.firstYear}/${glacier.lastYear}` } : {}),
    spatialCoverage: placeOf(glacier.name, [glacier]),
    distribution: (['csv', 'json'] as const).map((format) => ({
      '@type': 'DataDownload',
      encodingFormat: format === 'csv' ? 'text/csv' : 'application/json',
      contentUrl: base + glacierDataPath(glacier.slug, format),
    })),
  };
}

export const dataset: typeof datasetBuilder = import.meta.env.SSR ? datasetBuilder : notInBrowser;

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
