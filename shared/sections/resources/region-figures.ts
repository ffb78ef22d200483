import { hasCoordinates } from '../../ui/map/glacier.ts';
import type { RegionComparison } from './region-comparison.ts';

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
 * The region's headline figures, from the comparison of the reference glaciers the page draws (region-comparison.ts):
 * how many glaciers, the latest mean annual balance of the reference glaciers (the comparison's last year) and their
 * cumulative balance since the first measured year (that year's `sum`).
 */
export function regionFigures(glacierCount: number, withSeries: number, comparison: RegionComparison): RegionFigures {
  const last = comparison.mean.at(-1);
  return {
    glaciers: glacierCount,
    withSeries,
    reference: comparison.glaciers.length,
    latest: last
      ? { year: last.year, value: last.value, glaciers: last.glaciers, preliminary: last.preliminary }
      : null,
    cumulative:
      last && comparison.from !== null
        ? { from: comparison.from, to: last.year, value: last.sum, preliminary: last.preliminary }
        : null,
  };
}

/** What the counts need of a glacier: the content API's glacier list fits as it is. */
export interface CountedGlacier {
  lat: number | null;
  lon: number | null;
  mass_balance_years: number;
  wgms_reference: boolean;
}

/** The one set of glacier counts the home page and the WGMS page state. */
export interface GlacierCounts {
  /** every glacier of the list (the WGMS table's rows) */
  glaciers: number;
  /** with coordinates: a point on the map */
  onMap: number;
  /** with an annual mass-balance series */
  withSeries: number;
  /** WGMS reference glaciers */
  reference: number;
}

/** The glacier counts, computed here once from the glacier list for every page that states them. */
export function glacierCounts(all: readonly CountedGlacier[]): GlacierCounts {
  return {
    glaciers: all.length,
    onMap: all.filter(hasCoordinates).length,
    withSeries: all.filter((g) => g.mass_balance_years > 0).length,
    reference: all.filter((g) => g.wgms_reference).length,
  };
}
