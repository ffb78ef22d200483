import { DEFAULT_LOCALE, LOCALES, type Locale } from './constants.ts';

export interface LocaleInfo {
  code: Locale;
  codeName: string;
  name: string;
  /** react-router basename: '' for the default locale, '/en' otherwise */
  basename: string;
  /** BCP 47 tag for Intl */
  intl: string;
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  ru: { code: 'ru', codeName: 'РУ', name: 'Русский', basename: '', intl: 'ru-RU' },
  en: { code: 'en', codeName: 'EN', name: 'English', basename: '/en', intl: 'en-GB' },
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && LOCALES.some((locale) => locale === value);

/** Locale of a URL path: '/en' or '/en/...' is English, everything else Russian. */
export function localeFromPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : DEFAULT_LOCALE;
}

/** The path without its locale prefix, always starting with '/'. */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === 'en') return pathname.slice(3) || '/';
  return pathname || '/';
}

/** The same page in another locale. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  const base = LOCALE_INFO[locale].basename;
  if (!base) return bare;
  return bare === '/' ? base : base + bare;
}

/**
 * Languages of the region whose readers read Russian rather than English (ADR 0130): Kyrgyz, Kazakh, Tajik, Uzbek and
 * Turkmen, by primary subtag, so regional forms (uz-Latn-UZ, kk-KZ, ky-KG, tg-TJ, tk-TM) count too. `*` ("any
 * language") stands for the default locale, as the negotiator packages read it. Used at `/` only.
 */
export const ROOT_LANGUAGE_ALIASES: Readonly<Record<string, Locale>> = {
  ky: 'ru',
  kk: 'ru',
  tg: 'ru',
  uz: 'ru',
  tk: 'ru',
  '*': DEFAULT_LOCALE,
};

/**
 * Best supported locale for an Accept-Language header (q-values honoured, then order), or undefined when none matches.
 * `aliases` maps further primary subtags to a locale, each at its own rank.
 */
export function matchAcceptLanguage(
  header: string | undefined,
  aliases: Readonly<Record<string, Locale>> = {},
): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        lang: tag.trim().toLowerCase().split('-')[0] ?? '',
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => (Object.hasOwn(aliases, entry.lang) ? aliases[entry.lang] : entry.lang)).find(isLocale);
}
