import { boundedMemo } from '../bounded-memo.ts';
import type { Locale } from '../constants.ts';
import { LOCALE_INFO } from '../locales.ts';
import { formatted } from './format-seed.ts';

/**
 * The Intl formatters every page may use, per locale and kind, each created on its own first use: creating one is
 * costly (the first of a page loads the locale's data: tens of milliseconds in a browser, during hydration), a page
 * without a time or a figure never needs that formatter, and per-render toLocaleDateString made renders 4.8x slower.
 * A day is the locale's long date style, which ICU keeps as a pattern (no pattern generator to build: cheaper than the
 * same fields given one by one, and the same text). Dates are formatted in UTC so server and browser agree during
 * hydration. The glacier figures' formats are in format-measures.ts, loaded with the pages that show them.
 */
const dateOptions = {
  date: { dateStyle: 'long', timeZone: 'UTC' },
  dateTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(kind: keyof typeof dateOptions, locale: Locale): Intl.DateTimeFormat {
  let format = dateFormats.get(`${kind} ${locale}`);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_INFO[locale].intl, dateOptions[kind]);
    dateFormats.set(`${kind} ${locale}`, format);
  }
  return format;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/**
 * The locale's number format `name` (made on first use from `options`): the plain figures here, the glacier measures'
 * precisions in format-measures.ts. One name, one set of options.
 */
export function numberFormat(locale: Locale, name = 'plain', options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = numberFormats.get(`${name} ${locale}`);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_INFO[locale].intl, options);
    numberFormats.set(`${name} ${locale}`, format);
  }
  return format;
}

/**
 * Formatted dates by locale and ISO string: a page shows the same few dozen dates on every render, and formatting one
 * (parse + Intl) costs more than a lookup. Bounded: emptied when it holds 5,000. Through the document's seed
 * (format-seed.ts): what the server formats is what the browser hydrates with.
 */
const memo = boundedMemo<string>(5_000);
const remembered = (key: string, format: () => string): string => formatted(key, () => memo(key, format));

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

/** A day (`14 июля 2025 г.`, `14 July 2025`), its parts kept together (`keepTogether`). */
export function formatDate(locale: Locale, iso: string): string {
  return remembered(`date ${locale} ${iso}`, () => keepTogether(dateFormat('date', locale).format(new Date(iso))));
}

/**
 * The days from `start` to `end` as the locale writes a range: `22–24 September 2026`, `28 June – 3 July 2025`,
 * «14–25 июля 2025 г.»; one date when there is no end or it is the same day. With non-breaking spaces where a part
 * must not wrap away (`keepTogether`).
 */
export function formatDateRange(locale: Locale, start: string, end: string | null): string {
  const key = `range ${locale} ${start} ${end ?? ''}`;
  return remembered(key, () => {
    const from = new Date(start);
    const to = end ? new Date(end) : null;
    const format = dateFormat('date', locale);
    const text =
      !to || to.toISOString().slice(0, 10) === from.toISOString().slice(0, 10)
        ? format.format(from)
        : format.formatRange(from, to);
    return keepTogether(text);
  });
}
/** A day and time in UTC (`8 December 2026 at 09:00`). */
export function formatDateTime(locale: Locale, iso: string): string {
  return remembered(`dateTime ${locale} ${iso}`, () => dateFormat('dateTime', locale).format(new Date(iso)));
}
/** A figure in the locale's notation, a negative one with a true minus sign (U+2212) like every other on the site. */
export function formatNumber(locale: Locale, value: number): string {
  return formatted(`number ${locale} ${value}`, () => trueMinus(numberFormat(locale).format(value)));
}

/** A formatted figure with a true minus sign (U+2212) in place of its leading hyphen-minus. */
export const trueMinus = (text: string) => text.replace(/^-/, '\u2212');
