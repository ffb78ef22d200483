import { isPreliminary } from '../../glacier-data.ts';
import type { Glacier } from '../../schemas/glaciers.ts';
import { cumulative } from './charts/scales.ts';

/** A reference glacier with its annual mass-balance series (mm w.e., the content API's values). */
export interface ComparedGlacier {
  slug: string;
  name: string;
  wgmsId: number | null;
  series: readonly { year: number; value: number }[];
}

/**
 * The reference glaciers side by side (WGMS's comparison of cumulative balances): each glacier's cumulative balance
 * from its own first measured year (the sum of its measured years; a year without a measurement adds nothing and
 * breaks its line), and the region's mean, year by year, with the number of glaciers each year's mean averages. The
 * region's headline figures beside the map (WgmsPage.tsx) are the last year's `value` and `sum`.
 */
export function regionComparison(reference: readonly ComparedGlacier[]) {
  const glaciers = reference
    .filter((g) => g.series.length > 0)
    .map(({ series, ...g }) => {
      const sorted = [...series].sort((a, b) => a.year - b.year);
      const sums = cumulative(sorted.map((p) => p.value));
      const points = sorted.map((p, i) => ({
        year: p.year,
        value: p.value,
        sum: sums[i] ?? 0,
        preliminary: isPreliminary(p.year),
      }));
      return { ...g, points };
    });
  const byYear = new Map<number, { value: number; slug: string; name: string }[]>();
  for (const g of glaciers)
    for (const p of g.points) byYear.set(p.year, [...(byYear.get(p.year) ?? []), { ...g, value: p.value }]);
  const years = [...byYear.keys()].sort((a, b) => a - b);
  let total = 0;
  const mean = years.map((year) => {
    const measured = byYear.get(year) ?? [];
    const value = measured.reduce((s, m) => s + m.value, 0) / measured.length;
    total += value;
    return {
      year,
      glaciers: measured.length,
      value: Math.round(value),
      sum: Math.round(total),
      preliminary: isPreliminary(year),
    };
  });
  const counts = mean.map((m) => m.glaciers);
  const alone: { from: number; to: number; slug: string; name: string }[] = [];
  for (const year of years) {
    const [only, ...others] = byYear.get(year) ?? [];
    if (!only || others.length > 0) continue;
    const run = alone.at(-1);
    if (run && run.slug === only.slug && run.to === year - 1) run.to = year;
    else alone.push({ from: year, to: year, slug: only.slug, name: only.name });
  }
  return {
    /** the first and the last year any reference glacier was measured in (null without any) */
    from: years[0] ?? null,
    to: years.at(-1) ?? null,
    /** each glacier's measured years: its annual balance and the sum of its measured years up to it */
    glaciers,
    /**
     * each year of the region's mean: how many reference glaciers were measured in it, their mean annual balance and
     * the cumulative mean up to it (the sum of each year's unrounded mean), both rounded to whole millimetres
     */
    mean,
    /** the fewest and the most glaciers a year's mean averages */
    averaged: counts.length > 0 ? { min: Math.min(...counts), max: Math.max(...counts) } : null,
    /** runs of consecutive years whose mean is one glacier's value alone, with that glacier */
    alone,
  };
}

export type RegionComparison = ReturnType<typeof regionComparison>;

/**
 * The comparison of the reference glaciers among `glaciers` (the content API's; `balances[i]`, the mass-balance answer
 * of `glaciers[i]`): the one the WGMS page draws and `/data/region/reference-cumulative` gives.
 */
export const referenceComparison = (
  glaciers: readonly Pick<Glacier, 'slug' | 'name' | 'wgms_id' | 'wgms_reference'>[],
  balances: readonly { data: { series: ComparedGlacier['series'] } }[],
) =>
  regionComparison(
    glaciers.flatMap((g, i) =>
      g.wgms_reference
        ? [{ slug: g.slug, name: g.name, wgmsId: g.wgms_id, series: balances[i]?.data.series ?? [] }]
        : [],
    ),
  );

/** `/data/region/reference-cumulative.csv` and `.json` (locale-free; prefix `/en` for English names and notes). */
export const regionDataPath = (format: 'csv' | 'json') => `/data/region/reference-cumulative.${format}`;
