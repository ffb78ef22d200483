import type { Locale } from '../constants.ts';
import { LOCALE_INFO } from '../locales.ts';
import { formatDateRange } from './format.server.ts';

/**
 * Times of day for the region (ADR 0132): an online event's or webinar's hours in UTC and at the region's capitals,
 * each read from its IANA zone through Intl for the instant in question (no offset is written down here, so a zone's
 * change reaches the page with the ICU data). Server only, as format.server.ts (ADR 0123).
 */
export const REGION_ZONES = [
  { zone: 'Asia/Almaty', city: { ru: 'Алматы', en: 'Almaty' } },
  { zone: 'Asia/Tashkent', city: { ru: 'Ташкент', en: 'Tashkent' } },
  { zone: 'Asia/Dushanbe', city: { ru: 'Душанбе', en: 'Dushanbe' } },
  { zone: 'Asia/Ashgabat', city: { ru: 'Ашхабад', en: 'Ashgabat' } },
  { zone: 'Asia/Bishkek', city: { ru: 'Бишкек', en: 'Bishkek' } },
] as const;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: Locale, zone: string, kind: 'clock' | 'day' | 'iso'): Intl.DateTimeFormat {
  const key = `${kind} ${zone} ${locale}`;
  let made = formats.get(key);
  if (!made) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'clock'
        ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : kind === 'day'
          ? { day: 'numeric', month: 'long' }
          : { year: 'numeric', month: '2-digit', day: '2-digit' };
    made = new Intl.DateTimeFormat(kind === 'iso' ? 'en-CA' : LOCALE_INFO[locale].intl, { ...options, timeZone: zone });
    formats.set(key, made);
  }
  return made;
}

/** The day of `iso` in `zone` as YYYY-MM-DD. */
export const dayIn = (iso: string, zone: string): string => format('en', zone, 'iso').format(new Date(iso));

/** `09:00`, or `09:00–18:00` with an end: the hours in `zone`. */
export function formatHours(locale: Locale, start: string, end: string | null, zone: string): string {
  const clock = format(locale, zone, 'clock');
  const from = clock.format(new Date(start));
  return end ? `${from}\u2013${clock.format(new Date(end))}` : from;
}

/**
 * The days and hours as one compact text, in `zone`: `8 December 2026, 09:00`, «14–25 июля 2025 г., 09:00–18:00»
 * (the days as the lists write them, `formatDateRange`; the hours of each day after them).
 */
export function formatWhen(locale: Locale, start: string, end: string | null, zone = 'UTC'): string {
  const days = formatDateRange(locale, `${dayIn(start, zone)}T00:00:00Z`, end ? `${dayIn(end, zone)}T00:00:00Z` : null);
  return `${days}, ${formatHours(locale, start, end, zone)}`;
}

/** The region's hours for one time: cities whose clocks agree, grouped (`14:00 Алматы, Ташкент, Душанбе`). */
export interface RegionTime {
  /** the hours, with the local day in brackets when it is not the UTC day: `00:30 (9 декабря)` */
  time: string;
  cities: string;
}

/**
 * The hours at the region's capitals, grouped by equal local time for these instants, the earliest clock first:
 * `[{ time: '14:00', cities: 'Алматы, Ташкент, Душанбе, Ашхабад' }, { time: '15:00', cities: 'Бишкек' }]`.
 */
export function regionTimes(locale: Locale, start: string, end: string | null): RegionTime[] {
  const utcDay = dayIn(start, 'UTC');
  const groups = new Map<string, { order: string; cities: string[] }>();
  for (const { zone, city } of REGION_ZONES) {
    const hours = formatHours(locale, start, end, zone);
    const day = dayIn(start, zone);
    const note = day === utcDay ? '' : ` (${format(locale, zone, 'day').format(new Date(start))})`;
    const time = `${hours}${note}`.replace(/ /g, '\u00a0');
    const group = groups.get(time) ?? {
      order: `${day} ${format('en', zone, 'clock').format(new Date(start))}`,
      cities: [],
    };
    groups.set(time, { ...group, cities: [...group.cities, city[locale]] });
  }
  return [...groups]
    .sort(([, a], [, b]) => a.order.localeCompare(b.order))
    .map(([time, { cities }]) => ({ time, cities: cities.join(', ') }));
}

/** The region's hours as one line, after UTC: `14:00 Алматы, Ташкент, Душанбе, Ашхабад · 15:00 Бишкек`. */
export const regionTimesText = (locale: Locale, start: string, end: string | null): string =>
  regionTimes(locale, start, end)
    .map(({ time, cities }) => `${time}\u00a0${cities}`)
    .join(' · ');
