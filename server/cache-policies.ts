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
  /** share images: drawn from a page's title, which an editor may change (the ETag tells a revalidation) */
  shareImage: 'public, max-age=3600, stale-while-revalidate=86400',
  /**
   * media proxied from the upstream and their image renditions: shared caches keep them a day and are purged by their
   * keys when a file is replaced (ADR 0109), serve stale while refreshing, and for a week when the app fails; browsers
   * keep them an hour
   */
  media: 'public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400, stale-if-error=604800',
  /** permanent redirects to a page's canonical URL (an hour: a rule change reaches caches soon) */
  canonicalRedirect: 'public, max-age=3600',
} as const;

/**
 * What nginx in front (`npm run stack`) may keep of a page or payload: its copy ends with the current second
 * (`X-Accel-Expires: @<epoch second>`), then nginx revalidates it with its ETag (the BFF answers 304). A purge of the
 * BFF thus reaches every visitor through nginx within a second, and the BFF stays the one authority on freshness
 * (ADR 0091). nginx reads the header only from the BFF and never passes it on; it must come before Cache-Control,
 * which nginx then leaves to browsers and CDNs.
 */
export function edgeExpiry(now = Date.now()): { 'x-accel-expires': string } {
  const second = Math.floor(now / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastExpiry = { 'x-accel-expires': `@${second}` };
  }
  return lastExpiry;
}
let lastSecond = -1;
let lastExpiry = { 'x-accel-expires': '@0' };
