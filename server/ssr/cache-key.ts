import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteObject } from 'react-router';
import type { Locale } from '../../shared/constants.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { toRouteObjects } from '../../shared/routes/table.ts';

/**
 * The query parameters each page's loaders read, by the route's path pattern (below the locale basename). A page
 * whose pattern is not listed (the catch-all 404, whose message echoes the whole query) is never cached. Keep this
 * ONE table: it moves into the section registry later.
 */
export const CACHE_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '': [],
  news: ['page'],
  'news/:slug': [],
  feedback: ['status'],
  about: [],
  'about/team': [],
  'content/privacy-policy': [],
  'content/terms-and-conditions': [],
  ':product': ['page'],
  ':product/:slug': [],
  'countries/:slug': ['page'],
  'news/events': ['page'],
  'news/events/:slug': [],
  'news/jobs': ['page', 'category'],
  'multimedia/photo-gallery': ['page'],
  'multimedia/photo-gallery/:slug': [],
  'multimedia/podcasts': ['page'],
  'multimedia/podcasts/:slug': [],
  'multimedia/video': ['page'],
  'multimedia/video/:slug': [],
  'study/online-courses': ['page', 'language', 'level'],
  'study/webinars': ['page'],
  'study/webinars/:slug': [],
  'resources/database': ['page', 'q', 'type', 'year', 'country', 'tag', 'language'],
  'resources/monitoring-methods': [],
  'resources/tools': [],
  'resources/tools/wgms': ['glacier'],
  search: ['page', 'q'],
};

const routeObjects: RouteObject[] = toRouteObjects();
/** matchRoutes flattens and ranks the whole table on every call: remember the answer per path */
const patterns = new LRUCache<string, { pattern: string | undefined }>({ max: 10_000 });

/** The matched route's full path pattern (`news/:slug`, `''` for home), or undefined when nothing but `*` matched. */
export function routePattern(pathname: string, locale: Locale): string | undefined {
  const memoKey = `${locale}\u0000${pathname}`;
  const known = patterns.get(memoKey);
  if (known) return known.pattern;
  const pattern = matchPattern(pathname, locale);
  patterns.set(memoKey, { pattern });
  return pattern;
}

function matchPattern(pathname: string, locale: Locale): string | undefined {
  const matches = matchRoutes(routeObjects, pathname, LOCALE_INFO[locale].basename || '/');
  if (!matches) return undefined;
  const parts: string[] = [];
  for (const match of matches) {
    const path = match.route.path;
    if (path === '*') return undefined;
    if (path && path !== '/') parts.push(path);
  }
  return parts.join('/');
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
  const pattern = routePattern(pathname, locale);
  if (pattern === undefined) return undefined;
  const allowed = CACHE_QUERY_PARAMS[pattern];
  if (!allowed) return undefined;
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
