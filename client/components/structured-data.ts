/**
 * schema.org builders for JSON-LD (render with <JsonLd data={…} />). Each takes the loader data the page already has
 * plus the origin and locale (`useRuntimeConfig().origin`, `useI18n().locale`) and returns a plain object. Pages render:
 *   news detail → newsArticle(item, …); event detail → event(item, …); database list → dataset(file, …) per file;
 *   WGMS page and glacier panel → glacierDataset(glacier, …). The layout renders organization + website; the
 *   breadcrumbs render breadcrumbList.
 *
 * The builders run on the server only (ADR 0076): the JSON-LD is in the HTML the browser hydrates, and JsonLd keeps
 * it there without rebuilding it. In the browser build every builder is `notInBrowser` (`import.meta.env.SSR` is
 * false there, so the real builders and what only they import are left out of the bundle).
 */
import type { Locale } from '../../shared/constants.ts';
import { glacierDataPath, WGMS_CITATION, WGMS_LICENCE_URL } from '../../shared/glacier-data.ts';
import { imageSource, imageUrl, shareImagePath } from '../../shared/images.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import type { Image } from '../../shared/schemas/common.ts';
import type { DatabaseFile } from '../../shared/schemas/database-files.ts';
import type { EventDetail } from '../../shared/schemas/events.ts';
import type { NewsDetail } from '../../shared/schemas/news.ts';

export type JsonLdObject = { '@context'?: 'https://schema.org'; '@type': string; [key: string]: unknown };

/** Absolute URL of a locale-free site path in a locale. */
export const siteUrl = (origin: string, locale: Locale, path: string) => {
  const base = LOCALE_INFO[locale].basename;
  return origin + (base ? (path === '/' ? base : base + path) : path);
};

const SITE_NAME: Record<Locale, string> = { ru: 'Криосфера Центральной Азии', en: 'Cryosphere of Central Asia' };

/** A content image as an absolute URL (1280 px webp through the image endpoint when it can be resized). */
function imageOf(origin: string, image: Image | null | undefined): string[] | undefined {
  if (!image) return undefined;
  const source = imageSource(image.url);
  return [origin + (source ? imageUrl(source, 1280, 'webp') : image.url)];
}

function organizationBuilder(origin: string, locale: Locale): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: SITE_NAME[locale],
    url: siteUrl(origin, locale, '/'),
    logo: `${origin}/icon-512.png`,
  };
}

/** The site, with the search page as its SearchAction (`/search?q=`). */
function websiteBuilder(origin: string, locale: Locale): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${origin}${LOCALE_INFO[locale].basename}/#website`,
    name: SITE_NAME[locale],
    url: siteUrl(origin, locale, '/'),
    inLanguage: locale,
    publisher: { '@id': `${origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl(origin, locale, '/search')}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** Breadcrumbs as shown: `to` is a locale-free site path; the last crumb (the page itself) may have none. */
function breadcrumbListBuilder(
  origin: string,
  locale: Locale,
  crumbs: { title: string; to?: string }[],
  currentPath: string,
): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.title,
      item: siteUrl(origin, locale, c.to ?? currentPath),
    })),
  };
}

/** `/news/{slug}`: NewsDetailLoader's `item`. */
function newsArticleBuilder(item: NewsDetail, origin: string, locale: Locale): JsonLdObject {
  const url = siteUrl(origin, locale, `/news/${item.slug}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: item.title.slice(0, 110),
    description: item.excerpt,
    datePublished: item.published_at,
    inLanguage: locale,
    url,
    mainEntityOfPage: url,
    image: imageOf(origin, item.image) ?? [origin + shareImagePath(item.title, locale)],
    keywords: item.tags.map((t) => t.title).join(', ') || undefined,
    author: { '@type': 'Organization', name: SITE_NAME[locale], url: siteUrl(origin, locale, '/') },
    publisher: {
      '@type': 'Organization',
      name: SITE_NAME[locale],
      logo: { '@type': 'ImageObject', url: `${origin}/icon-512.png` },
    },
  };
}

/** `/news/events/{slug}`: the event detail loader's event. Online events have "online" in their location. */
function eventBuilder(item: EventDetail, origin: string, locale: Locale): JsonLdObject {
  const url = siteUrl(origin, locale, `/news/events/${item.slug}`);
  const online = /online|онлайн/i.test(item.location);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: item.title,
    description: item.excerpt,
    startDate: item.starts_at,
    endDate: item.ends_at ?? undefined,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: online
      ? { '@type': 'VirtualLocation', url }
      : { '@type': 'Place', name: item.location, address: item.location },
    image: imageOf(origin, item.image) ?? [origin + shareImagePath(item.title, locale)],
    url,
    inLanguage: locale,
    organizer: { '@type': 'Organization', name: SITE_NAME[locale], url: siteUrl(origin, locale, '/') },
  };
}

const ENCODING: Record<string, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  geojson: 'application/geo+json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

/** A file of the database (`/resources/database`, cryosphere and country pages): one Dataset per file. */
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
    temporalCoverage: String(file.year),
    keywords: [file.type.title, ...file.tags.map((t) => t.title)],
    spatialCoverage: file.country ? { '@type': 'Place', name: file.country.title } : 'Central Asia',
    // the portal's terms: reuse with a reference to the portal and the page (no separate licence per file)
    license: siteUrl(origin, locale, '/content/terms-and-conditions'),
    isAccessibleForFree: true,
    creator: { '@type': 'Organization', '@id': `${origin}/#organization`, name: SITE_NAME[locale] },
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

/** The glacier fields the WGMS page's rows and the map panel have (WgmsData['glaciers'][number]). */
export interface GlacierRow {
  slug: string;
  name: string;
  wgmsId: number | null;
  rgiId: string | null;
  lat: number | null;
  lon: number | null;
  massBalanceYears: number;
  /** first and last year with a measurement (the mass-balance series), when known */
  firstYear?: number | null;
  lastYear?: number | null;
}

/** A glacier's WGMS series (`/resources/tools/wgms?glacier=…` and the map panel): Dataset with CSV and JSON. */
function glacierDatasetBuilder(glacier: GlacierRow, origin: string, locale: Locale): JsonLdObject {
  const base = origin + LOCALE_INFO[locale].basename;
  const name =
    locale === 'ru'
      ? `${glacier.name}: баланс массы и изменение высоты поверхности (WGMS)`
      : `${glacier.name}: mass balance and elevation change (WGMS)`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name,
    description:
      locale === 'ru'
        ? `Ежегодный гляциологический баланс массы и геодезическое изменение высоты поверхности ледника ${glacier.name} по базе данных Fluctuations of Glaciers Всемирной службы мониторинга ледников (WGMS).`
        : `Annual glaciological mass balance and geodetic elevation change of ${glacier.name} from the Fluctuations of Glaciers database of the World Glacier Monitoring Service (WGMS).`,
    url: `${siteUrl(origin, locale, '/resources/tools/wgms')}?glacier=${encodeURIComponent(glacier.slug)}`,
    identifier: [glacier.wgmsId !== null ? `WGMS:${glacier.wgmsId}` : null, glacier.rgiId].filter(Boolean),
    keywords: ['glacier mass balance', 'elevation change', 'WGMS', 'Central Asia'],
    license: WGMS_LICENCE_URL,
    citation: WGMS_CITATION,
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

/** The browser's stand-in for every builder: JsonLd renders no data there (the server's JSON stays in the page). */
const notInBrowser = (): JsonLdObject => ({ '@type': 'Thing' });

export const organization: typeof organizationBuilder = import.meta.env.SSR ? organizationBuilder : notInBrowser;
export const website: typeof websiteBuilder = import.meta.env.SSR ? websiteBuilder : notInBrowser;
export const breadcrumbList: typeof breadcrumbListBuilder = import.meta.env.SSR ? breadcrumbListBuilder : notInBrowser;
export const newsArticle: typeof newsArticleBuilder = import.meta.env.SSR ? newsArticleBuilder : notInBrowser;
export const event: typeof eventBuilder = import.meta.env.SSR ? eventBuilder : notInBrowser;
export const dataset: typeof datasetBuilder = import.meta.env.SSR ? datasetBuilder : notInBrowser;
export const glacierDataset: typeof glacierDatasetBuilder = import.meta.env.SSR ? glacierDatasetBuilder : notInBrowser;
