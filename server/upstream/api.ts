import type { FastifyBaseLogger as Logger } from 'fastify';
import { z } from 'zod';
import type { ApiPort } from '../../shared/api/api-port.ts';
import { calls, type CallName, type CallResult, type OptionalArgs } from '../../shared/api/calls.ts';
import type { Locale } from '../../shared/constants.ts';
import { isUpstreamNotFound, UpstreamError, UpstreamFailure } from '../errors.ts';
import type { UpstreamCache } from './cache.ts';
import type { UpstreamClient } from './client.ts';
import { toSearch } from './query.ts';
import { endSpan, SpanKind, startSpan } from '../tracing/spans.ts';
import type { RequestTiming } from '../tracing/timing.ts';
import { traceparentOf, type TraceContext } from '../../shared/trace-context.ts';
import { queryDigest } from '../query-digest.ts';
import { surrogateKeys } from './surrogate-keys.ts';
import { safeJson } from '../../shared/json.ts';
import { loggedQuery } from '../logged-url.ts';

/**
 * What one render or payload read from the upstream: the surrogate keys of every answer (the page's own keys) and
 * their cache keys. A render for the page cache also names its page: `path`, the page's path tag, which every answer
 * it reads is tagged with as soon as it is read (so a path purge drops it, even while the page is still rendering),
 * and `since`, the upstream cache's purge generation when the render started (an answer read after a purge of the
 * path that came in between is dropped from the cache, not tagged: it may be older than that purge).
 */
export interface Sources {
  readonly tags: Set<string>;
  readonly keys: Set<string>;
  readonly page?: { readonly path: string; readonly since: number };
}
export const newSources = (page?: Sources['page']): Sources => ({ tags: new Set(), keys: new Set(), page });

/** Work done once per response when it enters the cache (e.g. sanitizing rich text), never per request. */
export type PrepareFn = (name: CallName, data: unknown, locale: Locale) => unknown;

/** Metrics of the calls that reach the upstream (cache hits are not calls). */
export interface UpstreamObserver {
  /** one call, its retry included: `result` is `ok`, `status_{code}` or the error code */
  call(name: CallName, seconds: number, result: string): void;
  retry(name: CallName): void;
}

export interface ApiDeps {
  client: UpstreamClient;
  cache: UpstreamCache;
  prepare?: PrepareFn;
  observer?: UpstreamObserver;
}

/** The request an API serves (a FastifyRequest is one): its calls carry its trace and add to its timing. */
export interface CallScope {
  readonly trace: TraceContext;
  readonly timing: RequestTiming;
}

/**
 * Cache key: method + path + a digest of the sorted query + locale. The query may carry what a visitor typed (search
 * words), which never goes into a key Redis stores or a log line names.
 */
export const cacheKey = (method: string, path: string, search: string, locale: Locale) =>
  `${method} ${path}${queryDigest(search)} ${locale}`;

/**
 * One call to the upstream: its client span (carrying the request's trace), its metric and the request's timing; the
 * answer parsed by the call's schema, prepared, with its size and surrogate keys. `onStatus` is told the status.
 */
async function callAndParse<K extends CallName>(
  deps: ApiDeps,
  name: K,
  path: string,
  args: OptionalArgs<K>[0],
  locale: Locale,
  scope: CallScope,
  onStatus: (status: number) => void,
) {
  const def = calls[name];
  const callStarted = performance.now();
  const observe = (result: string) => deps.observer?.call(name, (performance.now() - callStarted) / 1000, result);
  // the call's client span (tracing on) is the parent the upstream sees; else the request's own span
  const span = startSpan(`GET ${name}`, { 'http.request.method': 'GET', 'app.upstream.call': name }, SpanKind.CLIENT);
  let res;
  try {
    res = await deps.client.send({
      method: 'GET',
      path,
      query: args?.query,
      locale,
      headers: { traceparent: traceparentOf(scope.trace, span?.spanContext().spanId) },
      onRetry: () => deps.observer?.retry(name),
    });
    span?.setAttribute('http.response.status_code', res.status);
    endSpan(span, res.status >= 500 ? `status ${res.status}` : undefined);
  } catch (err) {
    observe(err instanceof UpstreamError ? err.code : 'error');
    endSpan(span, err);
    throw err;
  } finally {
    scope.timing.upstreamCalls += 1;
    scope.timing.upstreamMs += performance.now() - callStarted;
  }
  onStatus(res.status);
  observe(res.status >= 200 && res.status < 300 ? 'ok' : `status_${res.status}`);
  if (res.status < 200 || res.status >= 300) {
    throw new UpstreamError('BFF_ERR_UPSTREAM_STATUS', `Upstream ${path} answered ${res.status}`, path, res.status);
  }
  // the function form keeps this call's output type (the method of a generic schema gives every call's union)
  const parsed = z.safeParse(def.response, safeJson(res.text));
  if (!parsed.success) {
    throw new UpstreamError(
      'BFF_ERR_UPSTREAM_SCHEMA',
      `Upstream ${path} returned an unexpected body`,
      path,
      res.status,
      { cause: parsed.error },
    );
  }
  const value = deps.prepare ? deps.prepare(name, parsed.data, locale) : parsed.data;
  return { value, size: res.text.length * 2, tags: surrogateKeys(name, path, args?.params, parsed.data) };
}

/**
 * The server's ApiPort for one request: cached, zod-parsed upstream calls in the request's locale; each answer's
 * surrogate keys and cache key are added to `sources` when given. A call this request makes (not an answer from the
 * cache) carries the request's `traceparent` and adds its duration to the request's timing.
 */
export function createApi(deps: ApiDeps, locale: Locale, log: Logger, scope: CallScope, sources?: Sources): ApiPort {
  async function get<K extends CallName>(name: K, ...rest: OptionalArgs<K>): Promise<CallResult<K>> {
    const path = calls[name].path(...rest);
    const [args] = rest;
    const search = toSearch(args?.query);
    /** what the log lines of this call name: never the query's values (server/logged-url.ts) */
    const logged = () => ({ path, search: loggedQuery(search), locale });
    const started = performance.now();
    let status: number | undefined;
    let loadError: unknown;
    const fetchAndParse = () => callAndParse(deps, name, path, args, locale, scope, (answered) => (status = answered));
    // runs once per upstream call (coalesced waiters share it), so a failure is logged once, not per waiter
    const load = async () => {
      try {
        return await fetchAndParse();
      } catch (err) {
        loadError = err;
        const ms = Math.round(performance.now() - started);
        const upstream = { ...logged(), status: err instanceof UpstreamError ? err.upstreamStatus : status, ms };
        if (isUpstreamNotFound(err)) log.debug({ upstream }, 'upstream not found');
        else if (err instanceof UpstreamError && err.code === 'BFF_ERR_UPSTREAM_CIRCUIT_OPEN')
          log.debug({ upstream }, 'upstream not called: circuit open');
        else log.error({ err, upstream }, 'upstream call failed');
        throw err;
      }
    };
    try {
      const key = cacheKey('GET', path, search, locale);
      // what goes into a stored page is fresh: an answer a soft purge made stale is refreshed first
      const { value, outcome, tags } = await deps.cache.fetch(key, load, { fresh: sources !== undefined });
      if (sources) {
        sources.keys.add(key);
        for (const tag of tags) sources.tags.add(tag);
        const { page } = sources;
        if (page && deps.cache.purgedSince(page.since, key, [page.path])) await deps.cache.drop([key]);
        else if (page) await deps.cache.tag([key], [page.path]);
      }
      const ms = Math.round(performance.now() - started);
      if (outcome === 'stale') {
        const open = loadError instanceof UpstreamError && loadError.code === 'BFF_ERR_UPSTREAM_CIRCUIT_OPEN';
        log[open ? 'debug' : 'warn'](
          { upstream: { ...logged(), cache: outcome } },
          'upstream refresh failed; served stale',
        );
      } else log.debug({ upstream: { ...logged(), status: status ?? 200, ms, cache: outcome } }, 'upstream call');
      // the cache holds what this function stored under the key: the parsed answer of this call
      return value as CallResult<K>;
    } catch (err) {
      // a 404 stays an UpstreamError (find() answers null); other failures carry their status to the response
      if (err instanceof UpstreamError && !isUpstreamNotFound(err)) throw new UpstreamFailure(err);
      throw err;
    }
  }

  return {
    locale,
    get,
    find: async (name, ...args) => {
      try {
        return await get(name, ...args);
      } catch (err) {
        if (isUpstreamNotFound(err)) return null;
        throw err;
      }
    },
  };
}
