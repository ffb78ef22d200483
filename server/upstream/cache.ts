import type { FastifyBaseLogger as Logger } from 'fastify';
import type { SharedStore } from '../cache/redis.ts';
import { createTwoLevelCache, type CacheOutcome, type TwoLevelStats } from '../cache/two-level.ts';

export type { CacheOutcome } from '../cache/two-level.ts';

export interface CacheCounters {
  /** served from this process's memory */
  hits: number;
  misses: number;
  /** a stale entry served because its refresh failed */
  stale: number;
  /** callers that joined a fetch already in flight for the same key */
  coalesced: number;
  evictions: number;
}

export interface UpstreamCache {
  /** The cached value for key, or load() it; concurrent misses share one load; errors are never cached. */
  fetch<T>(key: string, load: () => Promise<{ value: T; size: number }>): Promise<{ value: T; outcome: CacheOutcome }>;
  readonly counters: Readonly<CacheCounters>;
  /** per-layer counters (L1 memory, L2 Redis) */
  readonly stats: Readonly<TwoLevelStats>;
  readonly size: number;
  clear(): void;
}

export interface UpstreamCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** Redis (REDIS_URL) as L2, shared by all replicas; unset: memory only */
  store?: SharedStore;
  log?: Logger;
  /** how long one replica's fill lock lives; about the upstream deadline */
  lockTtlMs?: number;
}

/**
 * The upstream cache: the generic two-level cache (server/cache/two-level.ts) with a one-hour TTL (SPEC §9). L1 is
 * lru-cache bounded by bytes; `fetch()` coalesces concurrent misses; when the refresh of an expired entry fails, the
 * stale entry is served (stale-if-error) and kept for the next try. With Redis, L2 keys are not namespaced by build
 * (upstream data does not depend on the build). A TTL of 0 turns caching off (every call goes upstream).
 */
export function createUpstreamCache(options: UpstreamCacheOptions): UpstreamCache {
  const cache = createTwoLevelCache<unknown>({
    name: 'upstream',
    ttlMs: options.ttlMs,
    maxBytes: options.maxBytes,
    store: options.store,
    log: options.log,
    lockTtlMs: options.lockTtlMs,
  });
  const { stats } = cache;
  const counters: CacheCounters = {
    get hits() {
      return stats.l1.hit;
    },
    get misses() {
      return stats.l1.miss;
    },
    get stale() {
      return stats.l1.stale;
    },
    get coalesced() {
      return stats.coalesced.local;
    },
    get evictions() {
      return stats.evictions;
    },
  };
  return {
    fetch: async <T>(key: string, load: () => Promise<{ value: T; size: number }>) => {
      const { value, outcome } = await cache.fetch(key, load);
      // values are the zod-parsed responses this module's callers stored under the same key
      return { value: value as T, outcome };
    },
    counters,
    stats,
    get size() {
      return cache.size;
    },
    clear: () => cache.clear(),
  };
}
