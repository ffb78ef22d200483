import fp from 'fastify-plugin';
import { PAYLOAD_SUFFIX } from '../../shared/payload.ts';
import { CachePolicy } from '../cache-policies.ts';
import { pathOf } from '../logged-url.ts';
import { PAGE_ROUTE } from '../page-route.ts';
import { VITE_PATHS } from '../ssr/dev.ts';
import { bounded } from '../http/error-document.ts';

/** Longest page path and whole URL (path + query) accepted; longer answers 414 (nginx's default line is 8 KiB). */
const MAX_PATH_BYTES = 1024;
const MAX_URL_BYTES = 8192;

export type Canonical =
  | { kind: 'ok' }
  | { kind: 'redirect'; location: string }
  | { kind: 'reject'; status: 404 | 414; reason: 'dot_segment' | 'uri_too_long' };

const isDotSegment = (segment: string) => /^(?:\.|%2e){1,2}$/i.test(segment);

/**
 * A path the rules below leave as it is, in one test: non-empty segments without ASCII capitals or backslashes, none
 * of them `.`/`..` (or `%2e` spellings), the last not `index`/`index.html`; or `/`. Nearly every request's path is
 * one, and skips the five rewrites (ADR 0021).
 */
export const isPlainPath = (path: string) =>
  /^(?:\/|(?:\/(?!(?:\.|%2[eE]){1,2}(?:\/|$))[^/\\A-Z]+)+)$(?<!\/index|\/index\.html)/.test(path);

/** Whether the rules refuse a path outright: a backslash or a `.`/`..` segment. */
export const hasDotSegment = (path: string) => path.includes('\\') || path.split('/').some(isDotSegment);

/** The path the rules rewrite `path` to (runs of `/`, capitals, a trailing `/`, a final `index`). */
export function canonicalPath(path: string): string {
  let next = path.replace(/\/{2,}/g, '/');
  next = next.replace(/(%[0-9a-f]{2})|[A-Z]+/gi, (match, escape: string | undefined) =>
    escape ? match : match.toLowerCase(),
  );
  next = next.replace(/(.)\/+$/, '$1');
  next = next.replace(/\/index(?:\.html)?$/, '/');
  if (next.length > 1) next = next.replace(/\/+$/, '');
  return next === '' ? '/' : next;
}

const OK: Canonical = Object.freeze({ kind: 'ok' });

/**
 * The one URL of a page (ADR 0021), decided on the raw path as the client sent it:
 * - `.`/`..` segments (also `%2e`) and backslashes: 404 — never resolved, so `/assets/..` is not the home page;
 * - runs of `/` collapse to one, a trailing `/` is dropped (`/en/` → `/en`), ASCII letters are lower-cased (escapes
 *   keep their spelling), a final `index` or `index.html` segment is dropped: 301 to the result, query kept;
 * - a path over MAX_PATH_BYTES or a URL over MAX_URL_BYTES: 414.
 * Payload URLs (`…/_payload.json`) are never redirected: a non-canonical one is a 404.
 */
export function canonicalize(url: string): Canonical {
  if (url.length > MAX_URL_BYTES) return { kind: 'reject', status: 414, reason: 'uri_too_long' };
  const cut = url.indexOf('?');
  const path = cut === -1 ? url : url.slice(0, cut);
  const query = cut === -1 ? '' : url.slice(cut);
  if (path.length > MAX_PATH_BYTES) return { kind: 'reject', status: 414, reason: 'uri_too_long' };
  if (isPlainPath(path)) return OK;
  if (hasDotSegment(path)) return { kind: 'reject', status: 404, reason: 'dot_segment' };
  const next = canonicalPath(path);
  if (next === path) return OK;
  if (path.endsWith(PAYLOAD_SUFFIX)) return { kind: 'reject', status: 404, reason: 'dot_segment' };
  return { kind: 'redirect', location: next + query };
}

/** Apply canonicalize() to page GET/HEAD requests: 301 to the canonical URL, or the branded 404/414 page. */
export default fp<{ dev?: boolean }>(
  async (app, opts) => {
    // a callback hook (no promise per request); an answer given here ends the chain, so done is not called
    app.addHook('onRequest', (request, reply, done) => {
      if (
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        // only page paths (the catch-all route) are canonicalized
        request.routeOptions.url !== PAGE_ROUTE ||
        // Vite's dev server owns its module paths (mixed case, dot folders)
        (opts.dev && VITE_PATHS.test(request.url))
      )
        return done();
      // a build asset that does not exist (an old hash, a source map): a plain 404, never a page or a redirect
      if (request.url.startsWith('/assets/')) return void reply.callNotFound();
      const result = canonicalize(request.url);
      if (result.kind === 'ok') return done();
      if (result.kind === 'redirect')
        return void reply.header('cache-control', CachePolicy.canonicalRedirect).redirect(result.location, 301);
      const message = result.status === 414 ? 'URI Too Long' : `Page not found: ${bounded(pathOf(request.url))}`;
      app.edge.reject(request, reply, result.status, result.reason, message).catch(done);
    });
  },
  { name: 'canonical-url', dependencies: ['edge'] },
);
