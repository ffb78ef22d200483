import type { Locale } from '../../shared/constants.ts';
import type { RuntimeConfig } from '../../shared/runtime-config.ts';

/** The runtime config components render with in unit tests (no maps, no service worker). */
export const testRuntimeConfig = (locale: Locale): RuntimeConfig => ({
  buildId: 'test',
  buildTimestamp: 0,
  locale,
  origin: 'http://localhost',
  maps: null,
  buildCheckIntervalMs: 3_600_000,
  serviceWorker: false,
});
