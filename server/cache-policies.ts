/** Cache-Control policies, named once (house style rule 12). */
export const CachePolicy = {
  /** never stored: redirects and pages that depend on cookie or Accept-Language, health, metrics */
  none: 'private, no-store',
  /** must revalidate every time (build id poll) */
  revalidate: 'no-cache',
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

declare module 'fastify' {
  interface FastifyInstance {
    /** what pages and payloads announce, from PAGE_CACHE_TTL_MS (`pagePolicies`) */
    pagePolicies: PagePolicies;
  }
}

export interface PagePolicies {
  /** documents: browsers revalidate every time; shared caches keep them the page cache's lifetime, stale 10 min */
  document: string;
  /**
   * payloads: browsers and shared caches keep them the page cache's lifetime, then revalidate them with their ETag
   * (the URL carries the build id). No stale-while-revalidate: a browser would show a stale payload and fetch it again
   * behind it, so a long-open tab would show a purged edit one navigation late.
   */
  payload: string;
}

/**
 * The lifetimes a page or payload announces follow the page cache's (`PAGE_CACHE_TTL_MS`, whole seconds): with a
 * 4-second page cache, a browser and a CDN keep a payload 4 seconds, not a minute.
 */
export function pagePolicies(pageCacheTtlMs: number): PagePolicies {
  const seconds = Math.floor(pageCacheTtlMs / 1000);
  return {
    document: `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=600, stale-if-error=86400`,
    payload: `public, max-age=${seconds}, s-maxage=${seconds}, stale-if-error=86400`,
  };
}
