import type { Locale } from '../constants.ts';
import { numberFormat, trueMinus } from './format.ts';
import { formatted } from './format-seed.ts';

// The formats of measured glacier figures, with the pages that show them (not every page's first load). Glacier
// facts are rounded (ADR 0061): coordinates to 4 decimals (~10 m), areas to 2 (0.01 km²).

/** A latitude or longitude in degrees, to 4 decimals. */
export const formatCoordinate = (locale: Locale, value: number) =>
  formatted(`coordinate ${locale} ${value}`, () =>
    trueMinus(numberFormat(locale, 'coordinate', { maximumFractionDigits: 4, useGrouping: false }).format(value)),
  );
/** A glacier's area in km², always with 2 decimals (one precision for the quantity). */
export const formatArea = (locale: Locale, value: number) =>
  formatted(`area ${locale} ${value}`, () =>
    trueMinus(numberFormat(locale, 'area', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)),
  );

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
  return formatted(`measure ${locale} ${digits} ${value}`, () => {
    const shown = Math.max(digits, decimals(value));
    const format = numberFormat(locale, `measure ${digits} ${shown}`, {
      minimumFractionDigits: digits,
      maximumFractionDigits: shown,
    });
    return trueMinus(format.format(value));
  });
}

/** An annual or cumulative mass balance in mm w.e.: whole millimetres, grouped (`−1 367`). */
export const formatMassBalance = (locale: Locale, mm: number) => formatMeasure(locale, mm, 0);
/** A geodetic elevation change or its uncertainty, in m or m w.e. per year: two decimals (`−0,40 ± 0,04`). */
export const formatElevationChange = (locale: Locale, m: number) => formatMeasure(locale, m, 2);
