import type { Locale } from '../constants.ts';
import { isRecord } from '../json.ts';
import { localizePath, stripLocale } from '../locales.ts';

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

/**
 * Route rules read from JSON (the build manifest's `matcher`, which the browser fetches), checked rule by rule;
 * undefined when one is malformed.
 */
export function toRouteRules(value: unknown): RouteRules | undefined {
  if (!isRecord(value)) return undefined;
  const rules: [string, RouteRule][] = [];
  for (const [path, rule] of Object.entries(value)) {
    if (!isRecord(rule)) return undefined;
    const { redirect } = rule;
    if (redirect === undefined) {
      rules.push([path, {}]);
      continue;
    }
    if (!isRecord(redirect)) return undefined;
    const { to, statusCode } = redirect;
    if (typeof to !== 'string') return undefined;
    if (statusCode !== 301 && statusCode !== 302 && statusCode !== 307 && statusCode !== 308) return undefined;
    rules.push([path, { redirect: { to, statusCode } }]);
  }
  return Object.fromEntries(rules);
}

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

export interface ResolvedRedirect {
  /** where to go: the locale's own path for a relative target, the target itself for an absolute one */
  location: string;
  statusCode: 301 | 302 | 307 | 308;
  /** an absolute target leaves the site: the browser loads it as a document */
  reloadDocument: boolean;
}

/**
 * The redirect a route rule makes for a visitor of `pathname` (locale prefix included) in `locale`: the one place
 * where rules are resolved, used by the server's document hook, the payload handler and the browser's runtime.
 */
export function resolveRedirect(rules: RouteRules, pathname: string, locale: Locale): ResolvedRedirect | undefined {
  const redirect = matchRouteRule(rules, stripLocale(pathname))?.redirect;
  if (!redirect) return undefined;
  const absolute = isAbsoluteUrl(redirect.to);
  return {
    location: absolute ? redirect.to : localizePath(redirect.to, locale),
    statusCode: redirect.statusCode,
    reloadDocument: absolute,
  };
}
