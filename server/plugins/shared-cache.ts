import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createRedisStore, type SharedStore } from '../cache/redis.ts';
import {
  createTwoLevelCache,
  type TwoLevelCache,
  type TwoLevelCacheOptions,
  type TwoLevelStats,
} from '../cache/two-level.ts';

/** A cache whose counters /metrics reports, by its name (`upstream`, `page`). */
export interface ReportedCache {
  readonly stats: Readonly<TwoLevelStats>;
  readonly size: number;
}

export interface Caches {
  /** Redis (REDIS_URL) shared by all replicas, or undefined: memory only */
  readonly store: SharedStore | undefined;
  /** A two-level cache over the shared store, reported in /metrics under `options.name`. */
  create<V>(options: Omit<TwoLevelCacheOptions<V>, 'store' | 'log'>): TwoLevelCache<V>;
  /** Report a cache made elsewhere (the upstream cache). */
  register(name: string, cache: ReportedCache): void;
  readonly all: ReadonlyMap<string, ReportedCache>;
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: Caches;
  }
}

export interface SharedCacheOptions {
  config: Pick<Config, 'REDIS_URL' | 'REDIS_TIMEOUT_MS'>;
}

/** The shared (L2) cache store and the factory of two-level caches; Redis is disconnected when the app closes. */
export default fp<SharedCacheOptions>(
  async (app, opts) => {
    const url = opts.config.REDIS_URL;
    const store = url
      ? createRedisStore({ url, commandTimeoutMs: opts.config.REDIS_TIMEOUT_MS, log: app.log })
      : undefined;
    // start with Redis connected when it is there; a missing Redis delays the start by the connect bound only
    await store?.ready;
    const all = new Map<string, ReportedCache>();
    app.decorate('caches', {
      store,
      create<V>(options: Omit<TwoLevelCacheOptions<V>, 'store' | 'log'>) {
        const cache = createTwoLevelCache<V>({ ...options, store, log: app.log });
        all.set(options.name, cache);
        return cache;
      },
      register: (name: string, cache: ReportedCache) => void all.set(name, cache),
      all,
    });
    app.addHook('onClose', async () => store?.close());
  },
  { name: 'shared-cache' },
);
