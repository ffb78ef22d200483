import type { Locale } from '../../constants.ts';
import { formatMassBalance, formatNumber } from '../../i18n/format.server.ts';
import { niceStep } from './charts/scales.ts';
import type { RegionComparison } from './region-comparison.ts';

/** About as many grid lines as the value axis of the per-glacier chart. */
const TICKS = 8;

/** A run of years as the page writes it: `1999–2010`, or one year. */
const yearsText = (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`);

/**
 * The comparison of the reference glaciers as the page shows it (RegionComparisonChart.tsx): one row per year with
 * each glacier's cumulative balance (null in a year it was not measured), the number of glaciers the region's mean
 * averages and the cumulative mean, every figure with its text; the value axis's ticks, from the top grid line down
 * (their values depend on the data only, not on the chart's width); and the runs of years the mean is one glacier's.
 */
export function regionComparisonText(comparison: RegionComparison, locale: Locale) {
  const fmt = (value: number) => formatMassBalance(locale, value);
  const { glaciers, mean } = comparison;
  const sums = [...glaciers.flatMap((g) => g.points.map((p) => p.sum)), ...mean.map((m) => m.sum)];
  const low = Math.min(0, ...sums);
  const high = Math.max(0, ...sums);
  const step = niceStep(high - low, TICKS);
  const top = Math.ceil(high / step - 1e-9) * step;
  const bottom = Math.floor(low / step + 1e-9) * step;
  const ticks = Array.from({ length: Math.round((top - bottom) / step) + 1 }, (_, i) => {
    const value = top - i * step;
    return { value: value === 0 ? 0 : value, text: fmt(value === 0 ? 0 : value) };
  });
  const bySlugYear = glaciers.map((g) => new Map(g.points.map((p) => [p.year, p])));
  return {
    from: comparison.from,
    to: comparison.to,
    glaciers: glaciers.map((g) => {
      const last = g.points.at(-1);
      return {
        slug: g.slug,
        name: g.name,
        wgmsId: g.wgmsId,
        first: g.points[0]?.year ?? null,
        last: last?.year ?? null,
        lastSumText: last ? fmt(last.sum) : null,
      };
    }),
    rows: mean.map((m) => ({
      year: m.year,
      preliminary: m.preliminary,
      cells: bySlugYear.map((points) => {
        const point = points.get(m.year);
        return point ? { sum: point.sum, text: fmt(point.sum) } : null;
      }),
      glaciers: m.glaciers,
      glaciersText: formatNumber(locale, m.glaciers),
      value: m.value,
      valueText: fmt(m.value),
      sum: m.sum,
      sumText: fmt(m.sum),
    })),
    ticks,
    averaged: comparison.averaged && {
      ...comparison.averaged,
      minText: formatNumber(locale, comparison.averaged.min),
      maxText: formatNumber(locale, comparison.averaged.max),
    },
    alone: comparison.alone.map((run) => ({
      ...run,
      single: run.from === run.to,
      yearsText: yearsText(run.from, run.to),
    })),
    preliminaryYears: mean.filter((m) => m.preliminary).map((m) => m.year),
    /** whether a glacier was not measured in a year between its first and its last */
    gaps: glaciers.some((g) => {
      const first = g.points[0]?.year ?? 0;
      return g.points.length < (g.points.at(-1)?.year ?? first) - first + 1;
    }),
  };
}
