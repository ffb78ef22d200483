import type { FastifyRequest } from 'fastify';
import type { Locale } from '../shared/constants.ts';
import { PAYLOAD_SUFFIX } from '../shared/payload.ts';
import { pathOf } from './logged-url.ts';
import { PAGE_ROUTE } from './page-route.ts';
import { matchedRoute } from './ssr/cache-key.ts';

/**
 * The metrics label of a page or payload URL: the id of the deepest react-router route it matches, e.g.
 * `news-detail`, with `payload:` before it for `…/_payload.json`, `not-found` for the catch-all. Bounded by the
 * route table, whatever the URL; matched as the page cache matches it (`matchedRoute`, remembered per path).
 */
export function routeIdOf(url: string, locale: Locale): string {
  const path = pathOf(url);
  const payload = path.endsWith(PAYLOAD_SUFFIX);
  const pathname = payload ? path.slice(0, -PAYLOAD_SUFFIX.length) || '/' : path;
  const id = matchedRoute(pathname, locale)?.id ?? 'not-found';
  return payload ? `payload:${id}` : id;
}

/**
 * What a request is counted and logged under: Fastify's route, or for the page catch-all the matched react-router
 * route id (`news-detail`, `payload:home`); `unmatched` for a 404 without a route; one label for the hashed build files.
 */
export function routeLabel(request: FastifyRequest): string {
  // the request log and the metrics both ask, at the end of every request: worked out once
  let label = labels.get(request);
  if (label === undefined) labels.set(request, (label = labelOf(request)));
  return label;
}

const labels = new WeakMap<FastifyRequest, string>();

function labelOf(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  if (url === undefined) return 'unmatched';
  if (url === PAGE_ROUTE) return routeIdOf(request.url, request.locale);
  return url.startsWith('/assets/') ? '/assets/*' : url;
}
