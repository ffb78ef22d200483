/**
 * schema.org JSON-LD (render with <JsonLd data={…} />): the layout's builders (organization + website; the breadcrumbs
 * render breadcrumbList) and what the sections' builders share (`siteUrl`, `SITE_NAME`, `imageOf`, `notInBrowser`).
 * A section's own builders live in its folder (`shared/sections/news/structured-data.ts`, `…/events-jobs/…`,
 * `…/resources/…`), so the layout, which imports this module, reaches none of their imports. Each builder takes the
 * loader data the page already has plus the origin and locale (`useRuntimeConfig().origin`, `useI18n().locale`) and
 * returns a plain object.
 *
 * The builders run on the server only (ADR 0076): the JSON-LD is in the HTML the browser hydrates, and JsonLd keeps
 * it there without rebuilding it. In the browser build every builder is `notInBrowser` (`import.meta.env.SSR` is
 * false there, so the real builders and what only they import are left out of the bundle).
 */
import type { Locale } from '../constants.ts';
import { imageSource, imageUrl, shareImagePath } from '../images.ts';
import { LOCALE_INFO, localizePath } from '../locales.ts';
import type { Image } from '../schemas/common.ts';

export type JsonLdObject = { '@context'?: 'https://schema.org'; '@type': string; [key: string]: unknown };

/** Absolute URL of a locale-free site path in a locale. */
export const siteUrl = (origin: string, locale: Locale, path: string) => origin + localizePath(path, locale);

export const SITE_NAME: Record<Locale, string> = { ru: 'Криосфера Центральной Азии', en: 'Cryosphere of Central Asia' };

/**
 * A page's image as absolute URLs: its content image (1280 px webp through the image endpoint when it can be
 * resized), else the share image of the page at `path` (locale-free).
 */
export function imageOf(origin: string, locale: Locale, image: Image | null | undefined, path: string): string[] {
  if (!image) return [origin + shareImagePath(locale, path)];
  const source = imageSource(image.url);
  return [origin + (source ? imageUrl(source, 1280, 'webp') : image.url)];
}

/** The portal as an Organization: the node every page's layout declares, and what news, events and datasets credit. */
export function thePortal(origin: string, locale: Locale): JsonLdObject {
  return {
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: SITE_NAME[locale],
    url: siteUrl(origin, locale, '/'),
  };
}

function organizationBuilder(origin: string, locale: Locale): JsonLdObject {
  return { '@context': 'https://schema.org', ...thePortal(origin, locale), logo: `${origin}/icon-512.png` };
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

/** The browser's stand-in for every builder: JsonLd renders no data there (the server's JSON stays in the page). */
export const notInBrowser = (): JsonLdObject => ({ '@type': 'Thing' });

export const organization: typeof organizationBuilder = import.meta.env.SSR ? organizationBuilder : notInBrowser;
export const website: typeof websiteBuilder = import.meta.env.SSR ? websiteBuilder : notInBrowser;
export const breadcrumbList: typeof breadcrumbListBuilder = import.meta.env.SSR ? breadcrumbListBuilder : notInBrowser;
