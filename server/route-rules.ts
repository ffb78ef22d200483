/**
 * Server route rules, as Nuxt's `routeRules`: published in the build manifest's `matcher` so the client applies the
 * same redirects on client-side navigations. Paths are locale-less; they apply under every locale prefix.
 */
export interface RouteRule {
  redirect?: { to: string; statusCode: 301 | 302 | 307 | 308 };
  headers?: Record<string, string>;
}

export const routeRules: Record<string, RouteRule> = {};
