import type { Locale } from '../constants.ts';
import { LOCALE_INFO } from '../locales.ts';

/**
 * The dates and figures pages show, formatted where the data is loaded (ADR 0123): loaders return this text next to
 * the raw values, so the browser neither formats nor makes an Intl formatter, during hydration or after it. Server
 * only (the browser build refuses this module). Each formatter is made once per locale and kind, on first use. A day
 * is the locale's long date style (ICU keeps it as a pattern: cheaper to make than the same fields one by one, and
 * the same text). Dates are formatted in UTC; times of day, in UTC and at the region's capitals, in
 * region-time.server.ts. Glacier facts are rounded (ADR 0061): coordinates to 4 decimals (~10 m), areas to 2
 * (0.01 km²).
 */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
/** The locale's day: its long date style, in UTC. */
function dateFormat(locale: Locale): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_INFO[locale].intl, { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** The locale's number format `name`, made on first use from `options` (one name, one set of options). */
function numberFormat(locale: Locale, name = 'plain', options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = numberFormats.get(`${name} ${locale}`);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_INFO[locale].intl, options);
    numberFormats.set(`${name} ${locale}`, format);
  }
  return format;
}

/**
 * What must not wrap apart in a formatted date or a number's label: a figure and the word after it (`14 июля`,
 * `22 September`), the year and «г.», `№` and its figure, the space before a dash between words. A range between two
 * figures is written without spaces (`22–24`), as both locales set it.
 */
export function keepTogether(text: string): string {
  return text
    .replace(/(?<!\d)(\d{1,2})[\s\u2009]*\u2013[\s\u2009]*(\d)/gu, '$1\u2013$2')
    .replace(/(\d)[ \u202f](?=\p{L})/gu, '$1\u00a0')
    .replace(/№\s*(?=\d)/gu, '№\u00a0')
    .replace(/[ \u2009\u202f]\u2013[ \u2009\u202f]?/gu, '\u00a0\u2013 ');
}

/** A formatted figure with a true minus sign (U+2212) in place of its leading hyphen-minus. */
const trueMinus = (text: string) => text.replace(/^-/, '\u2212');

/** A day (`14 июля 2025 г.`, `14 July 2025`), its parts kept together (`keepTogether`). */
export const formatDate = (locale: Locale, iso: string): string =>
  keepTogether(dateFormat(locale).format(new Date(iso)));

/**
 * The days from `start` to `end` as the locale writes a range: `22–24 September 2026`, `28 June – 3 July 2025`,
 * «14–25 июля 2025 г.»; one date when there is no end or it is the same day. With non-breaking spaces where a part
 * must not wrap away (`keepTogether`).
 */
export function formatDateRange(locale: Locale, start: string, end: string | null): string {
  const from = new Date(start);
  const to = end ? new Date(end) : null;
  const format = dateFormat(locale);
  const sameDay = !to || to.toISOString().slice(0, 10) === from.toISOString().slice(0, 10);
  return keepTogether(sameDay ? format.format(from) : format.formatRange(from, to));
}

/** A figure in the locale's notation, a negative one with a true minus sign (U+2212) like every other on the site. */
export const formatNumber = (locale: Locale, value: number): string => trueMinus(numberFormat(locale).format(value));

/** An item with the day it was published, as the locale writes it. */
export type Published<T extends { published_at: string } = { published_at: string }> = T & { publishedText: string };
/** `item` with its `publishedText`. */
export const withPublished = <T extends { published_at: string }>(item: T, locale: Locale): Published<T> => ({
  ...item,
  publishedText: formatDate(locale, item.published_at),
});

/** A list's pagination with its total as the page writes it (`totalText`). */
export const withTotal = <M extends { total: number }>(meta: M, locale: Locale): M & { totalText: string } => ({
  ...meta,
  totalText: formatNumber(locale, meta.total),
});

/** A latitude or longitude in degrees, to 4 decimals. */
export const formatCoordinate = (locale: Locale, value: number): string =>
  trueMinus(numberFormat(locale, 'coordinate', { maximumFractionDigits: 4, useGrouping: false }).format(value));

/** A glacier's area in km², always with 2 decimals (one precision for the quantity). */
export const formatArea = (locale: Locale, value: number): string =>
  trueMinus(numberFormat(locale, 'area', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value));

/** Decimal places of a number as JavaScript writes it (exponent notation included). */
function decimals(value: number): number {
  const [mantissa = '', exponent] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.min(20, Math.max(0, fraction - Number(exponent ?? 0)));
}

/**
 * A measured figure with its quantity's one precision: `digits` decimals, more only when the source gives more (a
 * figure is never rounded), grouped as the locale groups, with a true minus sign.
 */
function formatMeasure(locale: Locale, value: number, digits: number): string {
  const shown = Math.max(digits, decimals(value));
  const format = numberFormat(locale, `measure ${digits} ${shown}`, {
    minimumFractionDigits: digits,
    maximumFractionDigits: shown,
  });
  return trueMinus(format.format(value));
}

/** An annual or cumulative mass balance in mm w.e.: whole millimetres, grouped (`−1 367`). */
export const formatMassBalance = (locale: Locale, mm: number): string => formatMeasure(locale, mm, 0);
/** A geodetic elevation change or its uncertainty, in m or m w.e. per year: two decimals (`−0,40 ± 0,04`). */
export const formatElevationChange = (locale: Locale, m: number): string => formatMeasure(locale, m, 2);
