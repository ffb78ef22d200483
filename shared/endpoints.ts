/** The BFF's own JSON endpoints that the browser calls (besides payloads and build manifests). */

/** Glaciers in the visible box of the interactive map (server/routes/glaciers.ts). */
export const GLACIERS_API_PATH = '/api/glaciers';
