import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { SharedStore } from './redis.ts';

/**
 * Where a value came from: `hit` L1 (this process), `shared` L2 (Redis, filled by any replica), `miss` the origin
 * (the loader ran here), `coalesced` joined a load already running in this process, `stale` an expired L1 entry
 * served because the refresh failed, `bypass` caching is off (TTL 0).
 */
export type CacheOutcome = 'hit' | 'shared' | 'miss' | 'coalesced' | 'stale' | 'bypass';

/** Monotonic counters (Prometheus `_total` counters read them). */
export interface TwoLevelStats {
  l1: { hit: number; miss: number; stale: number };
  /** `bypass`: L2 skipped because Redis failed a moment ago (or is unset: then nothing is counted) */
  l2: { hit: number; miss: number; bypass: number };
  /** waits on a load in flight: `local` in this process, `shared` on another replica's Redis lock */
  coalesced: { local: number; shared: number };
  evictions: number;
}

export interface LoadResult<V> {
  value: V;
  /** approximate bytes, for the L1 size bound */
  size: number;
}

export interface FetchOptions {
  /** lifetime of this entry instead of the cache's TTL (both levels) */
  ttlMs?: number;
}

export interface TwoLevelCache<V> {
  /** The cached value for key, or load() it once across this process and (with Redis) across all replicas. */
  fetch(
    key: string,
    load: () => Promise<LoadResult<V>>,
    options?: FetchOptions,
  ): Promise<{ value: V; outcome: CacheOutcome }>;
  readonly stats: Readonly<TwoLevelStats>;
  /** bytes held in L1 */
  readonly size: number;
  /** whether an L2 is configured */
  readonly shared: boolean;
  /** drop L1 (L2 entries expire by their TTL) */
  clear(): void;
}

export interface TwoLevelCacheOptions<V> {
  /** first part of every L2 key: `upstream`, `page` */
  name: string;
  ttlMs: number;
  maxBytes: number;
  /** L2; unset = L1 only */
  store?: SharedStore;
  /** second part of every L2 key when set, e.g. the build id, so one build never reads another build's entries */
  namespace?: string;
  /** how long the Redis fill lock lives (a crashed holder frees it after this); default 10 s */
  lockTtlMs?: number;
  /** how often a waiter looks whether the lock holder has filled L2; default 20 ms */
  lockPollMs?: number;
  /** after a Redis error, skip L2 for this long so a slow Redis costs one timeout, not one per call; default 1 s */
  backoffMs?: number;
  serialize?: (value: V) => unknown;
  deserialize?: (raw: unknown) => V;
  log?: Logger;
}

interface Entry<V> {
  value: V;
  size: number;
}

interface Trace {
  layer: 'l2' | 'origin' | undefined;
}

interface Ctx<V> {
  load: () => Promise<LoadResult<V>>;
  ttlMs: number;
  trace: Trace;
}

/** What L2 holds: the value with when it was stored, so a replica's L1 copy expires with the L2 entry. */
interface Envelope {
  t: number;
  ttl: number;
  s: number;
  v: unknown;
}

const isEnvelope = (x: unknown): x is Envelope =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as Envelope).t === 'number' &&
  typeof (x as Envelope).ttl === 'number';

/**
 * L1 lru-cache (bytes-bounded, coalescing concurrent misses, stale-if-error) over an optional L2 shared store with
 * the same TTL. On an L1 miss: L2 get; on an L2 miss a short `SET NX PX` lock makes one replica call the origin while
 * the others poll L2 (bounded by the lock's TTL), so a cold key costs one origin call across all replicas. Redis
 * errors never fail a fetch: that call continues with L1 + origin, a warning is logged, and L2 is skipped for
 * `backoffMs`.
 */
export function createTwoLevelCache<V>(options: TwoLevelCacheOptions<V>): TwoLevelCache<V> {
  const stats: TwoLevelStats = {
    l1: { hit: 0, miss: 0, stale: 0 },
    l2: { hit: 0, miss: 0, bypass: 0 },
    coalesced: { local: 0, shared: 0 },
    evictions: 0,
  };
  const store = options.store;
  const lockTtlMs = options.lockTtlMs ?? 10_000;
  const lockPollMs = options.lockPollMs ?? 20;
  const backoffMs = options.backoffMs ?? 1000;
  const serialize = options.serialize ?? ((v: V) => v);
  const deserialize = options.deserialize ?? ((raw: unknown) => raw as V);
  const prefix = `${options.name}:${options.namespace ? `${options.namespace}:` : ''}`;
  let skipL2Until = 0;

  const lru = new LRUCache<string, Entry<V>, Ctx<V>>({
    ttl: Math.max(options.ttlMs, 1),
    // read the clock through the global each time, so tests can move it with fake timers
    perf: { now: () => performance.now() },
    ttlResolution: 0,
    maxSize: options.maxBytes,
    // an entry larger than the whole cache is not stored (and not an error)
    maxEntrySize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(entry.size, 1),
    noDeleteOnFetchRejection: true,
    fetchMethod: async (key, _stale, { context, options: fetchOpts }) => {
      const entry = await fill(key, context);
      // an entry from L2 lives only as long as it has left there
      fetchOpts.ttl = entry.ttlMs;
      return { value: entry.value, size: entry.size };
    },
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') stats.evictions += 1;
    },
  });

  function redisFailed(err: unknown, op: string) {
    const now = Date.now();
    if (now >= skipL2Until)
      options.log?.warn({ err, cache: options.name, op }, 'redis call failed; using memory and origin');
    skipL2Until = now + backoffMs;
  }

  const useL2 = () => {
    if (!store) return false;
    if (Date.now() < skipL2Until) {
      stats.l2.bypass += 1;
      return false;
    }
    return true;
  };

  async function readL2(l2key: string): Promise<{ value: V; size: number; ttlMs: number } | undefined> {
    const raw = await store!.get(l2key);
    if (raw === undefined) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
    if (!isEnvelope(parsed)) return undefined;
    const left = parsed.t + parsed.ttl - Date.now();
    if (left <= 0) return undefined;
    return { value: deserialize(parsed.v), size: parsed.s, ttlMs: left };
  }

  async function fill(key: string, ctx: Ctx<V>): Promise<{ value: V; size: number; ttlMs: number }> {
    const l2key = prefix + key;
    let token: string | null = null;
    if (useL2()) {
      try {
        const found = await readL2(l2key);
        if (found) {
          stats.l2.hit += 1;
          ctx.trace.layer = 'l2';
          return found;
        }
        stats.l2.miss += 1;
        token = await store!.lock(l2key, lockTtlMs);
        if (token !== null) {
          // the previous holder may have filled it between our get and our lock
          const filled = await readL2(l2key);
          if (filled) {
            await store!.unlock(l2key, token);
            token = null;
            stats.l2.hit += 1;
            ctx.trace.layer = 'l2';
            return filled;
          }
        } else {
          // another replica is loading this key: wait for its value (bounded), else load here
          stats.coalesced.shared += 1;
          const deadline = Date.now() + lockTtlMs;
          while (Date.now() < deadline) {
            await delay(lockPollMs);
            const filled = await readL2(l2key);
            if (filled) {
              stats.l2.hit += 1;
              ctx.trace.layer = 'l2';
              return filled;
            }
            if (!(await store!.locked(l2key))) {
              // released: filled just now (between our get and this check), or the holder failed
              const after = await readL2(l2key);
              if (after) {
                stats.l2.hit += 1;
                ctx.trace.layer = 'l2';
                return after;
              }
              break;
            }
          }
        }
      } catch (err) {
        redisFailed(err, 'read');
      }
    }
    try {
      const loaded = await ctx.load();
      ctx.trace.layer = 'origin';
      if (store && Date.now() >= skipL2Until) {
        const envelope: Envelope = { t: Date.now(), ttl: ctx.ttlMs, s: loaded.size, v: serialize(loaded.value) };
        await store.set(l2key, JSON.stringify(envelope), ctx.ttlMs).catch((err: unknown) => redisFailed(err, 'write'));
      }
      return { ...loaded, ttlMs: ctx.ttlMs };
    } finally {
      if (token !== null) await store!.unlock(l2key, token).catch((err: unknown) => redisFailed(err, 'unlock'));
    }
  }

  async function fetch(key: string, load: () => Promise<LoadResult<V>>, fetchOptions: FetchOptions = {}) {
    const ttlMs = fetchOptions.ttlMs ?? options.ttlMs;
    if (ttlMs <= 0) {
      stats.l1.miss += 1;
      return { value: (await load()).value, outcome: 'bypass' as const };
    }
    const status: LRUCache.Status<string, Entry<V>, Ctx<V>> = {};
    const trace: Trace = { layer: undefined };
    try {
      const entry = await lru.fetch(key, { context: { load, ttlMs, trace }, status, ttl: ttlMs });
      if (entry === undefined) throw new Error(`cache fetch for ${key} resolved without a value`);
      let outcome: CacheOutcome;
      if (status.fetch === 'hit') {
        stats.l1.hit += 1;
        outcome = 'hit';
      } else if (status.fetch === 'inflight') {
        stats.coalesced.local += 1;
        outcome = 'coalesced';
      } else {
        stats.l1.miss += 1;
        outcome = trace.layer === 'l2' ? 'shared' : 'miss';
      }
      return { value: entry.value, outcome };
    } catch (err) {
      if (status.fetch === 'inflight') stats.coalesced.local += 1;
      else stats.l1.miss += 1;
      const stale = lru.get(key, { allowStale: true, noDeleteOnStaleGet: true });
      if (stale === undefined) throw err;
      stats.l1.stale += 1;
      return { value: stale.value, outcome: 'stale' as const };
    }
  }

  return {
    fetch,
    stats,
    get size() {
      return lru.calculatedSize;
    },
    shared: store !== undefined,
    clear: () => lru.clear(),
  };
}
