import { LRUCache } from 'lru-cache';
import { queryDigest } from '../query-digest.ts';
import { matchRoutes, type RouteObject } from 'react-router';
import type { Locale } from '../../shared/constants.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { pageOfPayload, PAYLOAD_SUFFIX } from '../../shared/payload.ts';
import { NOT_FOUND_ROUTE_ID, routeNodes, toRouteObjects, type RouteNode } from '../../shared/router/route-tree.ts';

const routeObjects: RouteObject[] = [toRouteObjects(() => ({}))];
/**
 * matchRoutes flattens and ranks the whole table on every call: remember the answer per path, within 1 MB of keys
 * (a flood of distinct paths evicts only memo entries)
 */
const matched = new LRUCache<string, { node: RouteNode | undefined }>({
  maxSize: 1 << 20,
  sizeCalculation: (_value, key) => key.length + 64,
});

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
  /** the cache key: build id, locale, path and a digest of the normalized query (server/query-digest.ts) */
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
  return {
    key: `${kind}\u0000${buildId}\u0000${locale}\u0000${pathname}${queryDigest(query)}`,
    url: pathname + query,
  };
}

/** The doc key's build part: a document also depends on the origin it was rendered for (canonical, hreflang). */
export const docKeyPrefix = (buildId: string, origin: string) => `${buildId}\u0000${origin}`;

/** The page a payload stands for: its path and query (`search` starts with `?`, or is empty). */
export interface PageUrl {
  readonly pathname: string;
  readonly search: string;
}

/**
 * What the page route makes of a GET/HEAD of `url` (path and query as sent): a document, or a payload of the page
 * `page` (undefined when the URL is not one), with the cache key it is stored under (undefined: never cached). Both
 * handlers derive it here, so a key looked up is the key stored.
 */
export type PageRequest = DocRequest | PayloadRequest;
export interface DocRequest {
  readonly kind: 'doc';
  readonly key: PageKey | undefined;
  /** false when the route is a document without the client app (`clientApp: false` in its section) */
  readonly clientApp: boolean;
}
export interface PayloadRequest {
  readonly kind: 'payload';
  readonly page: PageUrl | undefined;
  readonly key: PageKey | undefined;
}

/** The PageRequest of a GET of `url` for this locale, origin and build. */
export function pageRequest(url: string, locale: Locale, origin: string, buildId: string): PageRequest {
  const at = url.indexOf('?');
  const pathname = at === -1 ? url : url.slice(0, at);
  const search = at === -1 ? '' : url.slice(at);
  if (pathname.endsWith(PAYLOAD_SUFFIX)) {
    // a fragment sent in the request target is not part of the query (as the WHATWG URL parser reads it)
    const hash = search.indexOf('#');
    const page = pageOfPayload(pathname, hash === -1 ? search : search.slice(0, hash), buildId);
    const key = page && pageKey('payload', buildId, locale, page.pathname, page.search);
    return { kind: 'payload', page, key };
  }
  return {
    kind: 'doc',
    key: pageKey('doc', docKeyPrefix(buildId, origin), locale, pathname, search),
    clientApp: matchedRoute(pathname, locale)?.clientApp !== false,
  };
}
