import type { Locale } from './constants.ts';

/** Runtime configuration the server hands to the browser (window.__APP_CONFIG__), never secrets. */
export interface AppConfig {
  buildId: string;
  locale: Locale;
  /** origin for canonical and hreflang URLs */
  origin: string;
  /** maps provider settings; null when no API key is configured (the SVG map is used) */
  maps: { apiKey: string; scriptUrl: string } | null;
}

export const APP_CONFIG_GLOBAL = '__APP_CONFIG__';
