import { LRUCache } from 'lru-cache';

export interface CacheCounters {
  hits: number;
  misses: number;
  /** a stale entry served because its refresh failed */
  stale: number;
  /** callers that joined a fetch already in flight for the same key */
  coalesced: number;
  evictions: number;
}

export type CacheOutcome = 'hit' | 'miss' | 'stale' | 'coalesced' | 'bypass';

interface Entry {
  value: unknown;
  size: number;
}

type Loader = () => Promise<{ value: unknown; size: number }>;

export interface UpstreamCache {
  /** The cached value for key, or load() it; concurrent misses share one load; errors are never cached. */
  fetch<T>(key: string, load: () => Promise<{ value: T; size: number }>): Promise<{ value: T; outcome: CacheOutcome }>;
  readonly counters: Readonly<CacheCounters>;
  readonly size: number;
  clear(): void;
}

export interface UpstreamCacheOptions {
  ttlMs: number;
  maxBytes: number;
}

/**
 * lru-cache bounded by bytes with a one-hour TTL (SPEC §9). `fetch()` coalesces concurrent misses; when the refresh
 * of an expired entry fails, the stale entry is served (stale-if-error) and kept for the next try.
 * A TTL of 0 turns caching off (every call goes upstream), which tests and debugging use.
 */
export function createUpstreamCache(options: UpstreamCacheOptions): UpstreamCache {
  const counters: CacheCounters = { hits: 0, misses: 0, stale: 0, coalesced: 0, evictions: 0 };
  const lru = new LRUCache<string, Entry, Loader>({
    ttl: Math.max(options.ttlMs, 1),
    // read the clock through the global each time, so tests can move it with fake timers
    perf: { now: () => performance.now() },
    ttlResolution: 0,
    maxSize: options.maxBytes,
    // an entry larger than the whole cache is not stored (and not an error)
    maxEntrySize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(entry.size, 1),
    noDeleteOnFetchRejection: true,
    fetchMethod: async (_key, _stale, { context }) => context(),
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') counters.evictions += 1;
    },
  });

  async function fetch<T>(key: string, load: () => Promise<{ value: T; size: number }>) {
    if (options.ttlMs <= 0) {
      counters.misses += 1;
      return { value: (await load()).value, outcome: 'bypass' as const };
    }
    const status: LRUCache.Status<string, Entry, Loader> = {};
    try {
      const entry = await lru.fetch(key, { context: load, status });
      const outcome: CacheOutcome = status.fetch === 'hit' ? 'hit' : status.fetch === 'inflight' ? 'coalesced' : 'miss';
      if (outcome === 'hit') counters.hits += 1;
      else if (outcome === 'coalesced') counters.coalesced += 1;
      else counters.misses += 1;
      if (entry === undefined) throw new Error(`cache fetch for ${key} resolved without a value`);
      return { value: entry.value as T, outcome };
    } catch (err) {
      if (status.fetch === 'inflight') counters.coalesced += 1;
      else counters.misses += 1;
      const stale = lru.get(key, { allowStale: true, noDeleteOnStaleGet: true });
      if (stale === undefined) throw err;
      counters.stale += 1;
      return { value: stale.value as T, outcome: 'stale' as const };
    }
  }

  return {
    fetch,
    counters,
    get size() {
      return lru.calculatedSize;
    },
    clear: () => lru.clear(),
  };
}
