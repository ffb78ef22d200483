import { isPreliminary } from '../../glacier-data.ts';

export interface RegionSeries {
  /** designated by WGMS as a reference glacier (the content API's `wgms_reference`) */
  reference: boolean;
  /** one point per measured year (the content API's mass-balance series), mm w.e. */
  series: readonly { year: number; value: number }[];
}

export interface RegionFigures {
  /** glaciers in the region's WGMS list */
  glaciers: number;
  /** glaciers with an annual mass-balance series */
  withSeries: number;
  /** WGMS reference glaciers with a series: WGMS's designation, not a count of years */
  reference: number;
  /** the reference glaciers' mean annual balance in the newest year any of them was measured, mm w.e. */
  latest: { year: number; value: number; glaciers: number; preliminary: boolean } | null;
  /**
   * the cumulative mean balance of the reference glaciers, mm w.e.: the sum, over every year from the first to the
   * newest, of that year's mean over the reference glaciers measured in it (preliminary when the newest year is)
   */
  cumulative: { from: number; to: number; value: number; preliminary: boolean } | null;
}

/**
 * The region's headline figures, from the same series the glacier table and panel show: how many glaciers, the
 * latest mean annual balance of the reference glaciers and their cumulative balance since the first measured year.
 * Means are rounded to whole millimetres, as the content API gives the values.
 */
export function regionFigures(glacierCount: number, all: readonly RegionSeries[]): RegionFigures {
  const withSeries = all.filter((g) => g.series.length > 0);
  const reference = withSeries.filter((g) => g.reference);
  const byYear = new Map<number, number[]>();
  for (const g of reference)
    for (const p of g.series) {
      const values = byYear.get(p.year);
      if (values) values.push(p.value);
      else byYear.set(p.year, [p.value]);
    }
  const years = [...byYear.keys()].sort((a, b) => a - b);
  const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
  const first = years[0];
  const last = years[years.length - 1];
  if (first === undefined || last === undefined)
    return { glaciers: glacierCount, withSeries: withSeries.length, reference: 0, latest: null, cumulative: null };
  const newest = byYear.get(last) ?? [];
  const total = years.reduce((sum, year) => sum + mean(byYear.get(year) ?? []), 0);
  return {
    glaciers: glacierCount,
    withSeries: withSeries.length,
    reference: reference.length,
    latest: { year: last, value: Math.round(mean(newest)), glaciers: newest.length, preliminary: isPreliminary(last) },
    cumulative: { from: first, to: last, value: Math.round(total), preliminary: isPreliminary(last) },
  };
}

/** What the counts need of a glacier: the content API's glacier list fits as it is. */
export interface CountedGlacier {
  slug: string;
  name: string;
  lat: number | null;
  lon: number | null;
  mass_balance_years: number;
  wgms_reference: boolean;
}

/** The one set of glacier counts the home page and the WGMS page state, and the glaciers the map cannot place. */
export interface GlacierCounts {
  /** every glacier of the list (the WGMS table's rows) */
  glaciers: number;
  /** with coordinates: a point on the map */
  onMap: number;
  /** with an annual mass-balance series */
  withSeries: number;
  /** WGMS reference glaciers */
  reference: number;
  /** the glaciers without coordinates, by name: the WGMS page's «not on the map» list */
  unplaced: { slug: string; name: string }[];
}

/** The glacier counts, computed here once from the glacier list for every page that states them. */
export function glacierCounts(all: readonly CountedGlacier[]): GlacierCounts {
  const placed = (g: CountedGlacier) => g.lat !== null && g.lon !== null;
  return {
    glaciers: all.length,
    onMap: all.filter(placed).length,
    withSeries: all.filter((g) => g.mass_balance_years > 0).length,
    reference: all.filter((g) => g.wgms_reference).length,
    unplaced: all.filter((g) => !placed(g)).map(({ slug, name }) => ({ slug, name })),
  };
}
