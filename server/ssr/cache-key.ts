import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteObject } from 'react-router';
import type { Locale } from '../../shared/constants.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
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
