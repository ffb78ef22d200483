import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { ApiPort } from '../../shared/api/api-port.ts';
import type { Config } from '../config.ts';
import { createApi, type Sources, type UpstreamObserver } from '../upstream/api.ts';
import { createUpstreamCache, type UpstreamCache } from '../upstream/cache.ts';
import { createUpstreamClient, type UpstreamClient } from '../upstream/client.ts';
import { prepareResponse } from '../upstream/sanitize.ts';

export interface Upstream {
  client: UpstreamClient;
  cache: UpstreamCache;
  /** call metrics; no-ops until the metrics plugin sets them */
  observer: UpstreamObserver;
  /**
   * The cached, parsed upstream in the request's locale, logging through the request's logger; what it reads is
   * added to `sources` when given (the surrogate keys of a page); its calls carry the request's trace.
   */
  apiFor(request: FastifyRequest, sources?: Sources): ApiPort;
}

declare module 'fastify' {
  interface FastifyInstance {
    upstream: Upstream;
  }
}

export interface UpstreamPluginOptions {
  config: Config;
  upstreamUrl: string;
  retryDelayMs?: number;
}

/** One undici pool for the upstream origin and the one-hour LRU cache in front of it; closed with the app. */
export default fp<UpstreamPluginOptions>(
  async (app, opts) => {
    const client = createUpstreamClient({
      baseUrl: opts.upstreamUrl,
      timeoutMs: opts.config.UPSTREAM_TIMEOUT_MS,
      log: app.log,
      retryDelayMs: opts.retryDelayMs,
      maxBytes: opts.config.UPSTREAM_MAX_BYTES,
      breaker: {
        threshold: opts.config.UPSTREAM_BREAKER_THRESHOLD,
        openMs: opts.config.UPSTREAM_BREAKER_OPEN_SECONDS * 1000,
      },
    });
    const cache = createUpstreamCache({
      ttlMs: opts.config.CACHE_TTL_MS,
      maxBytes: opts.config.CACHE_MAX_BYTES,
      store: app.caches.store,
      log: app.log,
    });
    app.caches.register(cache);
    const observer: UpstreamObserver = { call: () => {}, retry: () => {} };
    const deps = { client, cache, prepare: prepareResponse, observer };
    app.decorate('upstream', {
      client,
      cache,
      observer,
      apiFor: (request: FastifyRequest, sources?: Sources) =>
        createApi(deps, request.locale, request.log, request, sources),
    });
    // an outage answer tells clients and caches when to come back: the breaker's remaining open time (≥ 1 s)
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode === 503 && !reply.hasHeader('retry-after'))
        reply.header('retry-after', String(Math.max(1, client.breaker().retryAfterSeconds)));
      done(null, payload);
    });
    app.addHook('onClose', async () => client.close());
  },
  { name: 'upstream', dependencies: ['shared-cache'] },
);
