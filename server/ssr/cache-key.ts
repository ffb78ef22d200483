import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteObject } from 'react-router';
import type { Locale } from '../../shared/constants.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { pageOfPayload, PAYLOAD_SUFFIX } from '../../shared/payload.ts';
import { NOT_FOUND_ROUTE_ID, routeNodes, toRouteObjects, type RouteNode } from '../../shared/router/route-tree.ts';

const routeObjects: RouteObject[] = [toRouteObjects(() => ({}))];
/** matchRoutes flattens and ranks the whole table on every call: remember the answer per path */
const matched = new LRUCache<string, { node: RouteNode | undefined }>({ max: 10_000 });

/**
 * The deepest route a path matches, or undefined for the catch-all 404 (whose message echoes the whole query, so it
 * is never cached). Its `query` (shared/sections/<name>/section.ts) lists the parameters its loader reads.
 */
export function matchedRoute(pathname: string, locale: Locale): RouteNode | undefined {
  const memoKey = `${locale}\u0000${pathname}`;
  const known = matched.get(memoKey);
  if (known) return known.node;
  const id = matchRoutes(routeObjects, pathname, LOCALE_INFO[locale].basename || '/')?.at(-1)?.route.id;
  const node = id && id !== NOT_FOUND_ROUTE_ID ? routeNodes.get(id) : undefined;
  matched.set(memoKey, { node });
  return node;
}

export interface PageKey {
  /** the cache key: build id, locale, path and the normalized query */
  key: string;
  /** path plus the normalized query: what the page is rendered from, so every request sharing the key gets the same bytes */
  url: string;
}

/**
 * Key of a page, or undefined when the page is not cacheable. Only the parameters the route reads count: first value
 * each, sorted by name; every other parameter is ignored (and left out of the URL the page is rendered from).
 */
export function pageKey(
  kind: 'doc' | 'payload',
  buildId: string,
  locale: Locale,
  pathname: string,
  search: string,
): PageKey | undefined {
  const route = matchedRoute(pathname, locale);
  if (!route) return undefined;
  const allowed = route.query ?? [];
  let query = '';
  if (allowed.length > 0 && search.length > 1) {
    const params = new URLSearchParams(search);
    const kept = new URLSearchParams();
    for (const name of [...allowed].sort()) {
      const value = params.get(name);
      if (value !== null) kept.append(name, value);
    }
    const normalized = kept.toString();
    if (normalized) query = `?${normalized}`;
  }
  return { key: `${kind}\u0000${buildId}\u0000${locale}\u0000${pathname}${query}`, url: pathname + query };
}

/** The doc key's build part: a document also depends on the origin it was rendered for (canonical, hreflang). */
export const docKeyPrefix = (buildId: string, origin: string) => `${buildId}\u0000${origin}`;

/** Request URL (with its origin) → its cache key, or null: the early hit path derives each key once (bounded). */
const requestKeys = new LRUCache<string, { key: string } | { key: null }>({ max: 10_000 });

/**
 * The cache key a GET of `url` (path and query as sent) would be stored under by the page route: a document's or a
 * payload's; undefined when the route would not look it up in the cache.
 */
export function requestKey(url: string, locale: Locale, origin: string, buildId: string): string | undefined {
  const memoKey = `${origin}\u0000${url}`;
  const known = requestKeys.get(memoKey);
  if (known) return known.key ?? undefined;
  const at = url.indexOf('?');
  const pathname = at === -1 ? url : url.slice(0, at);
  const search = at === -1 ? '' : url.slice(at);
  let key: PageKey | undefined;
  if (pathname.endsWith(PAYLOAD_SUFFIX)) {
    const page = pageOfPayload(pathname, search, buildId);
    key = page && pageKey('payload', buildId, locale, page.pathname, page.search);
  } else key = pageKey('doc', docKeyPrefix(buildId, origin), locale, pathname, search);
  // long URLs (query strings up to 8 KiB) are derived each time rather than filling memory
  if (memoKey.length <= 1024) requestKeys.set(memoKey, { key: key?.key ?? null });
  return key?.key;
}
