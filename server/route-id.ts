import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteObject } from 'react-router';
import { stripLocale } from '../shared/locales.ts';
import { PAYLOAD_SUFFIX } from '../shared/payload.ts';
import { toRouteObjects } from '../shared/router/route-tree.ts';

/** The route tree's ids and paths only (no loaders): enough for matchRoutes. */
let paths: RouteObject[] | undefined;

/**
 * The metrics label of a page or payload URL: the id of the deepest react-router route it matches, e.g.
 * `news-detail`, with `payload:` before it for `…/_payload.json`. Bounded by the route table, whatever the URL.
 */
export function routeIdOf(url: string): string {
  const pathname = url.split('?', 1)[0] ?? '/';
  const known = labels.get(pathname);
  if (known !== undefined) return known;
  const label = matchLabel(pathname);
  labels.set(pathname, label);
  return label;
}

/** matchRoutes flattens and ranks the whole table on every call: labels are remembered per path (bounded) */
const labels = new LRUCache<string, string>({ max: 10_000 });

function matchLabel(path: string): string {
  paths ??= [toRouteObjects(() => ({}))];
  let pathname = path;
  const payload = pathname.endsWith(PAYLOAD_SUFFIX);
  if (payload) pathname = pathname.slice(0, -PAYLOAD_SUFFIX.length) || '/';
  let bare: string;
  try {
    bare = stripLocale(decodeURIComponent(pathname));
  } catch {
    bare = stripLocale(pathname);
  }
  const matches = matchRoutes(paths, bare);
  const id = matches?.at(-1)?.route.id ?? 'not-found';
  return payload ? `payload:${id}` : id;
}
