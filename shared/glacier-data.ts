/**
 * Glacier data downloads (server/routes/glacier-data.ts): the link the map panel and the WGMS page show, and the
 * citation and licence every file carries.
 */
export const GLACIER_DATA_BASE = '/data/glaciers';

/** `/data/glaciers/{slug}.csv` (locale-free; prefix `/en` for English names). */
export const glacierDataPath = (slug: string, format: 'csv' | 'json') =>
  `${GLACIER_DATA_BASE}/${encodeURIComponent(slug)}.${format}`;

/** The citation WGMS asks for, with the database release the figures were taken from. */
export const WGMS_CITATION =
  'WGMS (2026): Fluctuations of Glaciers Database. World Glacier Monitoring Service (WGMS), Zurich, Switzerland. Release DOI-WGMS-FoG-2026-02-10.';
export const WGMS_LICENCE = 'CC BY 4.0';
export const WGMS_LICENCE_URL = 'https://creativecommons.org/licenses/by/4.0/';
