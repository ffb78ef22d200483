import type { Locale } from '../../constants.ts';
import { formatCoordinate, formatElevationChange, formatMassBalance, formatNumber } from '../../i18n/format.server.ts';
import { cumulative, dualAxes } from './charts/scales.ts';
import type { GlacierCounts } from './region-figures.ts';

/** A glacier's latest annual balance with its text, as its table row writes it. */
export const latestText = (latest: { year: number; value: number } | null, locale: Locale) =>
  latest && { ...latest, text: formatMassBalance(locale, latest.value) };

/** A glacier's latitude and longitude as its panel writes them (null: it has none). */
export const coordinatesText = ({ lat, lon }: { lat: number | null; lon: number | null }, locale: Locale) =>
  lat === null || lon === null ? null : { lat: formatCoordinate(locale, lat), lon: formatCoordinate(locale, lon) };

/** The glacier counts (`glacierCounts`) as numbers in the page's language, for the one sentence that states them. */
export const countsText = (counts: GlacierCounts, locale: Locale) => ({
  ...counts,
  text: {
    glaciers: formatNumber(locale, counts.glaciers),
    onMap: formatNumber(locale, counts.onMap),
    withSeries: formatNumber(locale, counts.withSeries),
    reference: formatNumber(locale, counts.reference),
  },
});

/**
 * The region's counts beside its headline balances (which are the comparison's last year): the glaciers in the WGMS
 * list, those with a series, and the reference glaciers compared, with their text.
 */
export function regionText(counts: { glaciers: number; withSeries: number; reference: number }, locale: Locale) {
  return {
    ...counts,
    glaciersText: formatNumber(locale, counts.glaciers),
    withSeriesText: formatNumber(locale, counts.withSeries),
    referenceText: formatNumber(locale, counts.reference),
  };
}

/**
 * A glacier's annual mass balance (in year order, as `publicSeries` gives it) as its chart and data table write it:
 * each year's value and the cumulative balance up to it (`sum`, computed here once for the chart to draw; `valueText`,
 * `sumText`), and the ticks of both value axes from the top grid line down (their values are the chart's own,
 * `dualAxes`, whatever its width).
 */
export function massBalanceText<P extends { year: number; value: number }>(points: readonly P[], locale: Locale) {
  const fmt = (value: number) => formatMassBalance(locale, value);
  const sums = cumulative(points.map((p) => p.value));
  const axes = dualAxes(
    points.map((p) => p.value),
    sums,
  );
  const ticks = (axis: { max: number; step: number }) =>
    Array.from({ length: axes.below + axes.above + 1 }, (_, i) => {
      const value = axis.max - i * axis.step;
      return fmt(value === 0 ? 0 : value);
    });
  return {
    series: points.map((p, i) => {
      const sum = sums[i] ?? 0;
      return { ...p, sum, valueText: fmt(p.value), sumText: fmt(sum) };
    }),
    ticks: { left: ticks(axes.left), right: ticks(axes.right) },
  };
}

/** An elevation-change period's value and uncertainty as the page writes them. */
export const periodText = <P extends { value: number; uncertainty: number | null }>(period: P, locale: Locale) => ({
  ...period,
  valueText: formatElevationChange(locale, period.value),
  uncertaintyText: period.uncertainty === null ? null : formatElevationChange(locale, period.uncertainty),
});
