import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createRedisStore, type SharedStore } from '../cache/redis.ts';
import { Purger } from '../cache/purge.ts';
import type { Purgeable } from '../cache/two-level.ts';

export interface Caches {
  /** Redis (REDIS_URL) shared by all replicas, or undefined: memory only */
  readonly store: SharedStore | undefined;
  /** Report a cache in /metrics under its name and make it reachable by purges. */
  register(cache: Purgeable): void;
  readonly all: ReadonlyMap<string, Purgeable>;
  /** purges every registered cache in every process (routes/purge.ts) */
  readonly purger: Purger;
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: Caches;
  }
}

export interface SharedCacheOptions {
  config: Pick<Config, 'REDIS_URL' | 'REDIS_TIMEOUT_MS'>;
}

/**
 * The shared (L2) cache store, the registry of caches (metrics, purges) and the purger, listening for other
 * processes' purges; Redis is disconnected when the app closes.
 */
export default fp<SharedCacheOptions>(
  async (app, opts) => {
    const url = opts.config.REDIS_URL;
    const store = url
      ? createRedisStore({ url, commandTimeoutMs: opts.config.REDIS_TIMEOUT_MS, log: app.log })
      : undefined;
    // start with Redis connected when it is there; a missing Redis delays the start by the connect bound only
    await store?.ready;
    const all = new Map<string, Purgeable>();
    const purger = new Purger(() => all.values(), store, app.log);
    await purger.listen();
    app.decorate('caches', {
      store,
      register: (cache: Purgeable) => void all.set(cache.name, cache),
      all,
      purger,
    });
    app.addHook('onClose', async () => {
      purger.bus.close();
      await store?.close();
    });
  },
  { name: 'shared-cache' },
);
