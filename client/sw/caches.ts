/**
 * The service worker's caches. Every cache is named after the build it belongs to, so a new build drops every cache
 * of an older one.
 */

import { REFUSED_FEEDBACK_CACHE } from '../../shared/offline.ts';

export const CACHE_PREFIX = 'portal';

/** The caches of one build. */
export const cacheNames = (buildId: string) => ({
  /** pages visited, network first */
  documents: `${CACHE_PREFIX}-documents-${buildId}`,
  /** page payloads, network first (as documents: an edit shows at once online) */
  payloads: `${CACHE_PREFIX}-payloads-${buildId}`,
  /** hashed build assets beyond the first load (section chunks, the feedback form) */
  assets: `${CACHE_PREFIX}-assets-${buildId}`,
  /** image renditions */
  images: `${CACHE_PREFIX}-images-${buildId}`,
  /** data files (CSV, JSON) read on the site */
  data: `${CACHE_PREFIX}-data-${buildId}`,
  /** what the reader saved for offline: never expired, dropped with the build */
  saved: `${CACHE_PREFIX}-saved-${buildId}`,
  /** the offline page and the feedback page of the reader's language */
  kit: `${CACHE_PREFIX}-kit-${buildId}`,
});

/**
 * Whether a cache belongs to this site's worker but not to this build (to be dropped on activation). The refused
 * feedback posts belong to no build: they stay until the reader closes their notice.
 */
export const isOldCache = (name: string, buildId: string) =>
  name.startsWith(`${CACHE_PREFIX}-`) && !name.endsWith(`-${buildId}`) && name !== REFUSED_FEEDBACK_CACHE;

/** The runtime caches' bounds (Workbox expiration). */
export const LIMITS = {
  documents: 200,
  payloads: 200,
  images: 400,
  data: 100,
  assets: 150,
  /** a kept page or payload is dropped after this long without a visit */
  maxAgeSeconds: 30 * 24 * 3600,
  /** a document waits this long for the network before the kept copy is shown */
  networkTimeoutSeconds: 3,
} as const;
