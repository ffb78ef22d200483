/** Where a glacier is: what placing it on a map needs. */
export interface MapPlace {
  slug: string;
  name: string;
  lat: number | null;
  lon: number | null;
}

/** What the maps need of a glacier: the WGMS rows and the home page's glacier list both fit. */
export interface MapGlacier extends MapPlace {
  /** has a series of measurements to show (annual mass balance or geodetic periods): drawn filled, else hollow */
  hasData: boolean;
  /** one of WGMS's reference glaciers: drawn with a square mark, named so in its point's title and the legend */
  reference: boolean;
}

/** The glacier counts as the pages state them, numbers written in the page's language (`countsText`). */
export type GlacierCountsText = {
  glaciers: string;
  onMap: string;
  withSeries: string;
  reference: string;
};

/**
 * The WGMS page (locale-free): the glacier map, the table and the selected glacier's panel. Here rather than beside
 * glacierDataPath in shared/glacier-data.ts: the home page's map block links to it, and this module is already a
 * chunk the home and the WGMS pages share, where shared/glacier-data.ts would be a second one (0.9 KB gzip with the
 * citations the home page never shows).
 */
export const GLACIER_PAGE = '/resources/tools/wgms';

/** The WGMS page with one glacier selected (`?glacier={slug}`). */
export const glacierPagePath = (slug: string) => `${GLACIER_PAGE}?glacier=${encodeURIComponent(slug)}`;

/** A point's title: `text`, then in brackets the notes that apply to the glacier (none: `text` alone). */
export function pointTitle(text: string, notes: readonly (string | null)[]): string {
  const shown = notes.filter(Boolean);
  return shown.length > 0 ? `${text} (${shown.join(', ')})` : text;
}

/** Kept apart from layout.ts, which pulls in the map's outlines: the home block counts glaciers without them. */
export const hasCoordinates = <G extends Pick<MapPlace, 'lat' | 'lon'>>(g: G): g is G & { lat: number; lon: number } =>
  g.lat !== null && g.lon !== null;
