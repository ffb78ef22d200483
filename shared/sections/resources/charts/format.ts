import type { Locale } from '../../../constants.ts';
import { trueMinus } from '../../../i18n/format.ts';
import { LOCALE_INFO } from '../../../locales.ts';

const cache = new Map<string, Intl.NumberFormat>();

/** Decimal places of a number as JavaScript writes it (exponent notation included). */
function decimals(value: number): number {
  const [mantissa = '', exponent] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.min(20, Math.max(0, fraction - Number(exponent ?? 0)));
}

/**
 * A figure in the locale's notation with every decimal it has (Intl's default would round 2.234812 to 2.235):
 * the data are shown exactly as the content API gives them. Negative values get a true minus sign (U+2212).
 */
export function formatExact(locale: Locale, value: number, { grouping = true }: { grouping?: boolean } = {}): string {
  const digits = decimals(value);
  const key = `${locale}:${digits}:${grouping}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_INFO[locale].intl, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: grouping,
    });
    cache.set(key, format);
  }
  return trueMinus(format.format(value));
}
