import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { ApiPort } from '../../shared/api/api-port.ts';
import type { Config } from '../config.ts';
import { createApi, type UpstreamObserver } from '../upstream/api.ts';
import { createUpstreamCache, type UpstreamCache } from '../upstream/cache.ts';
import { createUpstreamClient, type UpstreamClient } from '../upstream/client.ts';
import { prepareResponse } from '../upstream/sanitize.ts';

export interface Upstream {
  client: UpstreamClient;
  cache: UpstreamCache;
  /** call metrics; no-ops until the metrics plugin sets them */
  observer: UpstreamObserver;
  /** the cached, parsed upstream in the request's locale, logging through the request's logger */
  apiFor(request: FastifyRequest): ApiPort;
}

declare module 'fastify' {
  interface FastifyInstance {
    upstream: Upstream;
  }
}

export interface UpstreamPluginOptions {
  config: Pick<Config, 'UPSTREAM_TIMEOUT_MS' | 'CACHE_TTL_MS' | 'CACHE_MAX_BYTES'>;
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
    });
    const cache = createUpstreamCache({
      ttlMs: opts.config.CACHE_TTL_MS,
      maxBytes: opts.config.CACHE_MAX_BYTES,
      store: app.caches.store,
      log: app.log,
      // a replica that took the fill lock and died frees it after about one upstream deadline
      lockTtlMs: opts.config.UPSTREAM_TIMEOUT_MS + 1000,
    });
    app.caches.register('upstream', cache);
    const observer: UpstreamObserver = { call: () => {}, retry: () => {} };
    const deps = { client, cache, prepare: prepareResponse, observer };
    app.decorate('upstream', {
      client,
      cache,
      observer,
      apiFor: (request: FastifyRequest) => createApi(deps, request.locale, request.log),
    });
    app.addHook('onClose', async () => client.close());
  },
  { name: 'upstream', dependencies: ['shared-cache'] },
);
