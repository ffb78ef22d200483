import { useLocation } from 'react-router';
import { LOCALES, type Locale } from '../../shared/constants.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { useRuntimeConfig } from '../runtime-config.tsx';
import { useI18n } from '../i18n.ts';

/** Path of the current page in a locale (pathname is relative to the router's basename). */
export function localePath(pathname: string, locale: Locale): string {
  const base = LOCALE_INFO[locale].basename;
  if (pathname === '/' || pathname === '') return base || '/';
  return base + pathname;
}

interface SeoProps {
  title: string;
  description?: string;
}

/** <title>, description, canonical and hreflang alternates; React 19 hoists them into <head>. */
export function Seo({ title, description }: SeoProps) {
  const { origin } = useRuntimeConfig();
  const { locale, t } = useI18n();
  const { pathname, search } = useLocation();
  const page = new URLSearchParams(search).get('page');
  const query = page && page !== '1' ? `?page=${encodeURIComponent(page)}` : '';
  const siteTitle = t('site.title');
  return (
    <>
      <title>{title === siteTitle ? siteTitle : `${title} — ${siteTitle}`}</title>
      <meta name="description" content={description || t('site.description')} />
      <meta property="og:title" content={title} />
      <meta property="og:locale" content={LOCALE_INFO[locale].intl.replace('-', '_')} />
      <link rel="canonical" href={origin + localePath(pathname, locale) + query} />
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={origin + localePath(pathname, l) + query} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + localePath(pathname, 'ru') + query} />
    </>
  );
}
