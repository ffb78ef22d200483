import { useLocation } from 'react-router';
import { LOCALES, SHARE_IMAGE_SIZE, type Locale } from '../constants.ts';
import { shareImagePath } from '../images.ts';
import { LOCALE_INFO, localizePath } from '../locales.ts';
import { useRuntimeConfig } from './runtime-config.tsx';
import { useI18n } from '../i18n/use-i18n.ts';

export interface SeoProps {
  title: string;
  description?: string;
  /** Open Graph type: `article` for news, events and other dated items; `website` otherwise */
  type?: 'website' | 'article';
  /** ISO date-time of publication (article:published_time), for `type="article"` */
  publishedTime?: string;
  /** pages that must not be indexed (search results, error pages); their share image is the home page's */
  noindex?: boolean;
}

const ogLocale = (locale: Locale) => LOCALE_INFO[locale].intl.replace('-', '_');

/**
 * <title>, description, canonical, hreflang alternates, Open Graph (title, description, url, type, site_name, image
 * with its size and alt, locale and its alternate) and the Twitter card; React 19 hoists them into <head>. The
 * image is the page's generated share image: its title on the site's artwork (server/routes/share-images.ts).
 */
export function Seo({ title, description, type = 'website', publishedTime, noindex = false }: SeoProps) {
  const { origin } = useRuntimeConfig();
  const { locale, t } = useI18n();
  const { pathname, search } = useLocation();
  const page = new URLSearchParams(search).get('page');
  const query = page && page !== '1' ? `?page=${encodeURIComponent(page)}` : '';
  const siteTitle = t('site.title');
  const text = description || t('site.description');
  const url = origin + localizePath(pathname, locale) + query;
  // a page not to be indexed (search results, errors) shares the home page's image
  const image = origin + (noindex ? shareImagePath(locale, '/') : shareImagePath(locale, pathname, page));
  return (
    <>
      <title>{title === siteTitle ? siteTitle : `${title} — ${siteTitle}`}</title>
      <meta name="description" content={text} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      <link rel="canonical" href={url} />
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={origin + localizePath(pathname, l) + query} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + localizePath(pathname, 'ru') + query} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={siteTitle} />
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(SHARE_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE_SIZE.height)} />
      <meta property="og:image:alt" content={title} />
      <meta property="og:locale" content={ogLocale(locale)} />
      {LOCALES.filter((l) => l !== locale).map((l) => (
        <meta key={l} property="og:locale:alternate" content={ogLocale(l)} />
      ))}
      {type === 'article' && publishedTime ? <meta property="article:published_time" content={publishedTime} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={text} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={title} />
    </>
  );
}
