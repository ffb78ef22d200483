import type { Locale } from './constants.ts';

/** Runtime configuration the server hands to the browser (window.__APP_CONFIG__), never secrets. */
export interface RuntimeConfig {
  buildId: string;
  /** when that build was made (ms since the epoch): the service worker updates only for a newer build */
  buildTimestamp: number;
  locale: Locale;
  /** origin for canonical and hreflang URLs */
  origin: string;
  /** how often to look for a new build, ms (clamped to the timer maximum by the client) */
  buildCheckIntervalMs: number;
  /** maps provider settings; null when no API key is configured (the SVG map is used) */
  maps: { apiKey: string; scriptUrl: string } | null;
  /** whether pages register the service worker (`SERVICE_WORKER`; off: the server's worker removes itself) */
  serviceWorker: boolean;
}

export const RUNTIME_CONFIG_GLOBAL = '__APP_CONFIG__';
