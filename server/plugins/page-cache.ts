import fp from 'fastify-plugin';
import { pagePolicies } from '../cache-policies.ts';
import type { Config } from '../config.ts';
import { createPageCache, type PageCache } from '../ssr/page-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** rendered documents and payloads (server/ssr/page-cache.ts); undefined when PAGE_CACHE_TTL_MS is 0, or in dev */
    pageCache: PageCache | undefined;
  }
}

export interface PageCachePluginOptions {
  config: Pick<Config, 'PAGE_CACHE_TTL_MS' | 'PAGE_CACHE_MAX_BYTES'>;
  dev: boolean;
}

/**
 * The rendered-page cache: this process's LRU, and with REDIS_URL Redis as the second level shared by every replica
 * (the shared-cache plugin's store), reported in /metrics as `cache="page"` and purged with the other caches. Also
 * what pages and payloads announce of their lifetime (`pagePolicies`), from the same PAGE_CACHE_TTL_MS.
 */
export default fp<PageCachePluginOptions>(
  async (app, { config, dev }) => {
    app.decorate('pagePolicies', pagePolicies(config.PAGE_CACHE_TTL_MS));
    const cache =
      config.PAGE_CACHE_TTL_MS > 0 && !dev
        ? createPageCache({
            ttlMs: config.PAGE_CACHE_TTL_MS,
            maxBytes: config.PAGE_CACHE_MAX_BYTES,
            store: app.caches.store,
            log: app.log,
          })
        : undefined;
    if (cache) app.caches.register(cache);
    app.decorate('pageCache', cache);
  },
  { name: 'page-cache', dependencies: ['shared-cache'] },
);
