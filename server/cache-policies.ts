/** Cache-Control policies, named once (house style rule 12). */
export const CachePolicy = {
  /** never stored: redirects and pages that depend on cookie or Accept-Language, health, metrics */
  none: 'private, no-store',
  /** must revalidate every time (build id poll) */
  revalidate: 'no-cache',
  /** pages and payloads: browsers revalidate; shared caches keep them a minute, serve stale while refreshing, and for a day when the app fails */
  page: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400',
  /** hashed build assets and manifests of a given build id */
  immutable: 'public, max-age=31536000, immutable',
  /** media proxied from the upstream */
  media: 'public, max-age=86400',
  /** permanent redirects to a page's canonical URL (an hour: a rule change reaches caches soon) */
  canonicalRedirect: 'public, max-age=3600',
} as const;

/**
 * How long nginx in front (`npm run stack`) may keep a page or payload before it revalidates with the ETag: about a
 * second, so the BFF, which is purged when editors publish, stays the one authority on freshness (ADR 0091).
 * `X-Accel-Expires` is read by nginx only, which never passes it on; it must come before `Cache-Control`.
 */
export const EDGE_TTL_SECONDS = 1;
export const EDGE_TTL_HEADER = { 'x-accel-expires': String(EDGE_TTL_SECONDS) } as const;
