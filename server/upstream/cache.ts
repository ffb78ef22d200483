import type { FastifyBaseLogger as Logger } from 'fastify';
import type { SharedStore } from '../cache/redis.ts';
import { createTwoLevelCache, type TwoLevelCache } from '../cache/two-level.ts';

/** The upstream cache: parsed upstream answers by method, path, query and locale (server/upstream/api.ts). */
export type UpstreamCache = TwoLevelCache<unknown>;

export interface UpstreamCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** Redis (REDIS_URL) as L2, shared by all replicas; unset: memory only */
  store?: SharedStore;
  log?: Logger;
}

/** How long an expired answer is still served when its refresh fails (the upstream is down). */
const UPSTREAM_STALE_IF_ERROR_MS = 24 * 60 * 60 * 1000;

/**
 * The upstream cache: the generic two-level cache (server/cache/two-level.ts) with a one-hour TTL (SPEC §9) and a
 * blocking refresh after it; when that refresh fails the expired answer is served (stale-if-error, a day). A soft
 * purge makes an answer stale-while-revalidate instead. With Redis, L2 keys are not namespaced by build (upstream
 * data does not depend on the build). A TTL of 0 turns caching off (every call goes upstream).
 */
export function createUpstreamCache(options: UpstreamCacheOptions): UpstreamCache {
  return createTwoLevelCache<unknown>({
    name: 'upstream',
    ttlMs: options.ttlMs,
    staleWhileRevalidateMs: 0,
    staleIfErrorMs: UPSTREAM_STALE_IF_ERROR_MS,
    maxBytes: options.maxBytes,
    store: options.store,
    log: options.log,
    onRefreshError: (err, key) => options.log?.warn({ err, key }, 'upstream refresh failed; served stale'),
  });
}
