import type { FastifyBaseLogger as Logger } from 'fastify';
import { lifetimesFrom, type Lifetimes } from './entry.ts';
import { createMemoryLevel } from './memory-level.ts';
import { createPurgeLog } from './purge-log.ts';
import type { SharedStore } from './redis.ts';
import { createSharedLevel } from './shared-level.ts';

/**
 * Where a value came from: `hit` L1 (this process), `shared` L2 (Redis, filled by any replica), `miss` the origin
 * (the loader ran here), `coalesced` joined a load already running in this process, `stale` an expired or purged
 * entry served while one refresh runs (or because the refresh failed), `bypass` caching is off (TTL 0).
 */
export type CacheOutcome = 'hit' | 'shared' | 'miss' | 'coalesced' | 'stale' | 'bypass';

/** Monotonic counters (Prometheus `_total` counters read them). */
export interface TwoLevelStats {
  l1: { hit: number; miss: number; stale: number };
  /** `bypass`: L2 skipped because Redis failed a moment ago (or is unset: then nothing is counted) */
  l2: { hit: number; miss: number; bypass: number };
  /** waits on a load in flight in this process */
  coalesced: number;
  evictions: number;
}

/** Every counter at zero. */
export const newStats = (): TwoLevelStats => ({
  l1: { hit: 0, miss: 0, stale: 0 },
  l2: { hit: 0, miss: 0, bypass: 0 },
  coalesced: 0,
  evictions: 0,
});

/** What a loader produced: the value, its approximate bytes (the L1 bound) and the surrogate keys it was built from. */
export interface Loaded<V> {
  value: V;
  size: number;
  tags: readonly string[];
}

/** How a loader is run: for the caller that asked (`background: false`), or as a refresh after a stale answer. */
export interface LoadMode {
  background: boolean;
}

export type Loader<V> = (mode: LoadMode) => Promise<Loaded<V> | undefined>;

export interface FetchOptions {
  /** a value past its freshness is not served while it refreshes: this caller waits for the refresh */
  fresh?: boolean;
}

export interface Fetched<V> {
  value: V;
  outcome: CacheOutcome;
  tags: readonly string[];
}

export type { Lifetimes };

export interface TwoLevelCacheOptions<V> extends Lifetimes {
  /** first part of every L2 key: `upstream`, `page` */
  name: string;
  maxBytes: number;
  /** L2; unset = L1 only */
  store?: SharedStore;
  /** L2 form of a value (JSON-safe) and back; an L2 value that does not parse is a miss */
  serialize?: (value: V) => unknown;
  deserialize?: (raw: unknown) => V | undefined;
  /** a background refresh failed (the stale entry stays) */
  onRefreshError?: (err: unknown, key: string) => void;
  log?: Logger;
  now?: () => number;
}

/** Counts of one purge in this process. */
export interface PurgeCount {
  /** L1 entries dropped or marked stale */
  l1: number;
}

/** What a purge needs of a cache, whatever it holds. */
export interface Purgeable {
  readonly name: string;
  /**
   * Drop (or with `soft` mark stale) this process's L1 entries carrying any of `tags` or stored under one of
   * `keys`; every load in flight from before this call will not store its result. L2 is purged by the caller
   * (SharedStore.purge), once for all caches and replicas.
   */
  purgeLocal(tags: readonly string[], keys: readonly string[], soft: boolean): PurgeCount;
  /** the cache key of an L2 key of this cache, or undefined for another cache's */
  fromL2Key(l2key: string): string | undefined;
  readonly stats: Readonly<TwoLevelStats>;
  /** bytes held in L1 */
  readonly size: number;
}

export interface TwoLevelCache<V> extends Purgeable {
  /**
   * The cached value for key, or load() it once across this process and (with Redis) across all replicas. A loader
   * that resolves undefined produced nothing to keep: the callers get undefined and nothing is stored.
   */
  fetch(key: string, load: (mode: LoadMode) => Promise<Loaded<V>>, options?: FetchOptions): Promise<Fetched<V>>;
  fetch(key: string, load: Loader<V>, options?: FetchOptions): Promise<Fetched<V> | undefined>;
  /**
   * The value this process holds for key while it is fresh (counted as a hit), without a promise: the common case
   * of fetch() answered in the same tick. Undefined otherwise (stale, absent, or the cache is off): fetch() decides.
   */
  fresh(key: string): V | undefined;
  /** Add surrogate keys to entries already stored (L1 here, and the L2 index). */
  tag(keys: readonly string[], tags: readonly string[]): Promise<void>;
  /** Drop entries by key from L1 here and from L2 (not a purge: no generation moves, no other process is told). */
  drop(keys: readonly string[]): Promise<void>;
  /** This process's purge generation now: what `purgedSince` compares with. */
  readonly generation: number;
  /** Whether a purge of this process since `generation` named `key` or one of `tags`. */
  purgedSince(generation: number, key: string, tags: readonly string[]): boolean;
  /** drop L1 (L2 entries expire by their TTL) */
  clear(): void;
}

interface Load<V> {
  /** the purge generation when this load started: a purge since then keeps its result out of the cache */
  generation: number;
  job: Promise<Fetched<V> | undefined>;
}

type Fill<V> = (
  key: string,
  load: Loader<V>,
  startGen: number,
  readL2: boolean,
  freshOnly: boolean,
) => Promise<Fetched<V> | undefined>;

/**
 * The loads in flight: one per key and purge generation, so a fetch after a purge never joins a load from before it.
 * A refresh is a load that reads only Redis's generation (`readL2` false) and whose failure is reported, not thrown.
 * Not lru-cache's fetch(), which joins any load of a key and stores what every load returns (ADR 0139).
 */
function createLoads<V>(
  purges: { readonly generation: number },
  fill: Fill<V>,
  onRefreshError: ((err: unknown, key: string) => void) | undefined,
) {
  const inflight = new Map<string, Load<V>>();
  const running = (key: string) => inflight.get(key)?.generation === purges.generation;
  function start(key: string, load: Loader<V>, readL2: boolean, freshOnly = false): Promise<Fetched<V> | undefined> {
    const current = inflight.get(key);
    if (current && current.generation === purges.generation) return current.job;
    const startGen = purges.generation;
    const entry: Load<V> = {
      generation: startGen,
      job: fill(key, load, startGen, readL2, freshOnly).finally(() => {
        if (inflight.get(key) === entry) inflight.delete(key);
      }),
    };
    inflight.set(key, entry);
    // an entry another replica left stale in L2 was served: refresh it once this load is done
    entry.job.then(
      (fetched) => fetched?.outcome === 'stale' && refresh(key, load),
      () => {},
    );
    return entry.job;
  }
  function refresh(key: string, load: Loader<V>) {
    if (!running(key)) start(key, load, false).catch((err: unknown) => onRefreshError?.(err, key));
  }
  return { running, start, refresh };
}

/**
 * L1 lru-cache (bytes-bounded) over an optional L2 shared store, with one policy for every cache: fresh for the TTL,
 * then stale-while-revalidate (one background refresh), then stale-if-error; concurrent misses coalesce in this
 * process, and a replica reads what another stored in Redis (shared-level.ts). Every entry carries the surrogate keys
 * (tags) it was built from, indexed in L1 and in Redis, so a purge finds what to drop without scanning. A purge bumps
 * a generation: a load that started before it never stores its result after it when the purge names it (the L2 write
 * is checked against Redis's generation in the same script, which counts every purge). Redis errors never fail a
 * fetch: that call continues with L1 + origin, a warning is logged, and L2 is skipped for a second
 * (shared-level.ts).
 */
export function createTwoLevelCache<V>(options: TwoLevelCacheOptions<V>): TwoLevelCache<V> {
  const stats = newStats();
  // read through the global each time, so a test can move the clock (fake timers)
  const now = options.now ?? (() => Date.now());
  const prefix = `${options.name}:`;
  const purges = createPurgeLog();
  const purgedSince = purges.purgedSince;
  const l1 = createMemoryLevel<V>({ maxBytes: options.maxBytes, now, onEvict: () => (stats.evictions += 1) });
  const l2 =
    options.store &&
    createSharedLevel<V>({
      ...options,
      store: options.store,
      serialize: options.serialize ?? ((v: V) => v),
      stats: stats.l2,
      now,
    });

  /**
   * Load through L2 and the origin; store the result unless a purge came in between. `freshOnly`: an entry L2 holds
   * stale (a soft purge, or its TTL) is not an answer; the origin is asked. Replicas that miss the same key at once
   * each load it (ADR 0050).
   */
  async function fill(key: string, load: Loader<V>, startGen: number, readL2: boolean, freshOnly: boolean) {
    const { found, generation } = l2 ? await l2.read(key, readL2) : {};
    if (found && found.staleUntil > now() && (!freshOnly || found.freshUntil > now())) {
      stats.l2.hit += 1;
      if (!purgedSince(startGen, key, found.tags)) l1.keep(key, found);
      const fresh = found.freshUntil > now();
      return { value: found.value, outcome: fresh ? 'shared' : 'stale', tags: found.tags } satisfies Fetched<V>;
    }
    if (readL2 && generation !== undefined) stats.l2.miss += 1;
    const loaded = await load({ background: !readL2 });
    if (loaded === undefined) return undefined;
    const fetched: Fetched<V> = { value: loaded.value, outcome: 'miss', tags: loaded.tags };
    if (purgedSince(startGen, key, loaded.tags)) return fetched;
    const storedAt = now();
    // Redis's generation moved: a replica purged while this load ran (which content is not known here)
    const kept = !l2 || generation === undefined || (await l2.write(key, loaded, storedAt, generation));
    if (!kept || purgedSince(startGen, key, loaded.tags)) return fetched;
    l1.keep(key, { value: loaded.value, size: loaded.size, tags: loaded.tags, ...lifetimesFrom(storedAt, options) });
    return fetched;
  }

  const loads = createLoads<V>(purges, fill, options.onRefreshError);

  async function fetch(key: string, load: Loader<V>, fetchOptions: FetchOptions = {}): Promise<Fetched<V> | undefined> {
    if (options.ttlMs <= 0) {
      stats.l1.miss += 1;
      const loaded = await load({ background: false });
      return loaded && { value: loaded.value, outcome: 'bypass', tags: loaded.tags };
    }
    const t = now();
    const entry = l1.get(key);
    if (entry && entry.freshUntil > t) {
      stats.l1.hit += 1;
      return { value: entry.value, outcome: 'hit', tags: entry.tags };
    }
    if (entry && entry.staleUntil > t && !fetchOptions.fresh) {
      stats.l1.stale += 1;
      loads.refresh(key, load);
      return { value: entry.value, outcome: 'stale', tags: entry.tags };
    }
    const joined = loads.running(key);
    const job = loads.start(key, load, true, fetchOptions.fresh === true);
    try {
      const fetched = await job;
      if (joined) {
        stats.coalesced += 1;
        return fetched && { ...fetched, outcome: 'coalesced' };
      }
      stats.l1.miss += 1;
      return fetched;
    } catch (err) {
      if (joined) stats.coalesced += 1;
      else stats.l1.miss += 1;
      const kept = l1.get(key) ?? entry;
      if (kept === undefined || kept.errorUntil <= now()) throw err;
      stats.l1.stale += 1;
      return { value: kept.value, outcome: 'stale', tags: kept.tags };
    }
  }

  return {
    fetch: fetch as TwoLevelCache<V>['fetch'],
    fresh(key) {
      if (options.ttlMs <= 0) return undefined;
      const entry = l1.get(key);
      if (!entry || entry.freshUntil <= now()) return undefined;
      stats.l1.hit += 1;
      return entry.value;
    },
    async tag(keys, tags) {
      if (tags.length === 0) return;
      for (const key of keys) l1.mark(key, tags);
      await l2?.tag(keys, tags);
    },
    async drop(keys) {
      for (const key of keys) l1.delete(key);
      await l2?.drop(keys);
    },
    get generation() {
      return purges.generation;
    },
    purgedSince,
    purgeLocal(tags, keys, soft) {
      purges.record(tags, keys);
      return { l1: l1.purge(tags, keys, soft) };
    },
    fromL2Key: (l2key) => (l2key.startsWith(prefix) ? l2key.slice(prefix.length) : undefined),
    name: options.name,
    stats,
    get size() {
      return l1.size;
    },
    clear: () => l1.clear(),
  };
}
