import type { Locale } from '../../../shared/constants.ts';
import { LOCALE_INFO } from '../../../shared/locales.ts';

/** Rounding of the glacier facts (ADR 0061): coordinates to 4 decimals (~10 m), areas to 2 (0.01 km²). */
function formatters(locale: Locale) {
  const tag = LOCALE_INFO[locale].intl;
  return {
    coordinate: new Intl.NumberFormat(tag, { maximumFractionDigits: 4, useGrouping: false }),
    area: new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }),
  };
}

/** Created once per locale, not per render. */
const byLocale: Record<Locale, ReturnType<typeof formatters>> = { ru: formatters('ru'), en: formatters('en') };

const minus = (text: string) => text.replace(/^-/, '\u2212');

export const formatCoordinate = (locale: Locale, value: number) => minus(byLocale[locale].coordinate.format(value));
export const formatArea = (locale: Locale, value: number) => minus(byLocale[locale].area.format(value));
