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
