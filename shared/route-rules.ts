/**
 * Server route rules, as Nuxt's `routeRules`: published in the build manifest's `matcher`, so the browser applies
 * the same redirects on client navigations. Paths are locale-less and apply under every locale prefix; a path
 * ending in `/**` matches everything below it. A relative target keeps the locale; an absolute one leaves the site.
 */
export interface RouteRule {
  redirect?: { to: string; statusCode: 301 | 302 | 307 | 308 };
}
export type RouteRules = Record<string, RouteRule>;

export const routeRules: RouteRules = {
  // addresses of the previous site, kept working
  '/glacier-map': { redirect: { to: '/resources/tools/wgms', statusCode: 301 } },
  '/about-us': { redirect: { to: '/about', statusCode: 301 } },
  // the WGMS data itself lives with WGMS
  '/wgms': { redirect: { to: 'https://wgms.ch/', statusCode: 302 } },
};

/** The rule for a locale-less path, exact matches first, then the longest `/**` prefix. */
export function matchRouteRule(rules: RouteRules, path: string): RouteRule | undefined {
  const exact = rules[path] ?? rules[path.replace(/\/+$/, '') || '/'];
  if (exact) return exact;
  let best: [number, RouteRule] | undefined;
  for (const [pattern, rule] of Object.entries(rules)) {
    if (!pattern.endsWith('/**')) continue;
    const base = pattern.slice(0, -3);
    if ((path === base || path.startsWith(`${base}/`)) && (!best || base.length > best[0])) best = [base.length, rule];
  }
  return best?.[1];
}

export const isAbsoluteUrl = (to: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(to);

/** Where a redirect rule sends a visitor of `basename + path`. */
export function redirectTarget(rule: RouteRule, basename: string): string | undefined {
  const to = rule.redirect?.to;
  if (!to) return undefined;
  return isAbsoluteUrl(to) ? to : `${basename}${to}` || '/';
}
