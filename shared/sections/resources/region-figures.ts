import { hasCoordinates } from '../../ui/map/glacier.ts';

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
