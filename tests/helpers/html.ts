import type { Locale } from '../../shared/constants.ts';

/** Both locales, Russian (the default, no prefix) first. */
export const LOCALES: readonly Locale[] = ['ru', 'en'];

/** The path prefix of a locale: '' for Russian, '/en' for English. */
export const prefix = (locale: Locale) => (locale === 'en' ? '/en' : '');

/** Text as React writes it into HTML. */
export const esc = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** A literal string as a regular expression source. */
export const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page's <main>, so that menu, footer and hydration data cannot satisfy an assertion. */
export const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

/** Card titles of a list page (the card links), in order. */
export const cardTitles = (html: string) =>
  [...html.matchAll(/<a class="card__link"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);

/** Newest first by a date field (ISO strings sort as dates). */
export const byDateDesc =
  <T>(date: (item: T) => string) =>
  (a: T, b: T) =>
    date(b).localeCompare(date(a));
