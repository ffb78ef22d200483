/** What the maps need of a glacier; the WGMS rows and the upstream's glacier list both fit. */
export interface MapGlacier {
  slug: string;
  name: string;
  lat: number | null;
  lon: number | null;
}

/** Kept apart from layout.ts, which pulls in the map's outlines: the home block counts glaciers without them. */
export const hasCoordinates = <G extends MapGlacier>(g: G): g is G & { lat: number; lon: number } =>
  g.lat !== null && g.lon !== null;
