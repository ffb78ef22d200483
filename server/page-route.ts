/**
 * The catch-all page route's path (`routes/pages.ts` registers it): hooks that act on page requests only
 * (`plugins/canonical-url.ts`, the metrics label in `route-id.ts`) test `request.routeOptions.url` against it.
 */
export const PAGE_ROUTE = '/*';
