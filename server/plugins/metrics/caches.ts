import { Counter, Gauge, type Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { TwoLevelStats } from '../../cache/two-level.ts';
import { mirrorCounter } from './mirror.ts';

/** The caches (upstream, page): lookups by layer and outcome, waits, evictions, bytes, Redis errors and purges. */
export function cacheMetrics(app: FastifyInstance, registry: Registry) {
  new Counter({
    name: 'cache_lookups_total',
    help: 'Cache lookups by cache (upstream, page), layer (l1 memory, l2 redis) and outcome (hit, miss, stale, bypass)',
    labelNames: ['cache', 'layer', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, { stats }] of app.caches.all) {
        for (const [outcome, value] of Object.entries(stats.l1)) this.inc({ cache, layer: 'l1', outcome }, value);
        if (app.caches.store)
          for (const [outcome, value] of Object.entries(stats.l2)) this.inc({ cache, layer: 'l2', outcome }, value);
      }
    },
  });
  /** one count of every cache's stats, by cache */
  const byCache = (count: (stats: TwoLevelStats) => number) => () =>
    Object.fromEntries([...app.caches.all].map(([cache, { stats }]) => [cache, count(stats)]));
  mirrorCounter(
    registry,
    'cache_coalesced_waits_total',
    'Lookups that waited for a load already in flight in this process',
    'cache',
    byCache((stats) => stats.coalesced),
  );
  mirrorCounter(
    registry,
    'cache_evictions_total',
    'L1 entries evicted for space',
    'cache',
    byCache((stats) => stats.evictions),
  );
  new Gauge({
    name: 'cache_bytes',
    help: 'Approximate size of a cache in this process (L1)',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const [cache, { size }] of app.caches.all) this.set({ cache }, size);
    },
  });
  mirrorCounter(
    registry,
    'redis_errors_total',
    'Failed or timed-out Redis commands by operation (the cache fell back to memory and the origin)',
    'op',
    () => Object.fromEntries(app.caches.store?.errors ?? []),
  );
  purgeMetrics(app, registry);
}

/** Purges by result, refused purge calls, and the entries purges dropped or marked stale. */
function purgeMetrics(app: FastifyInstance, registry: Registry) {
  mirrorCounter(
    registry,
    'cache_purges_total',
    'Purges by result: ok, partial (a process did not confirm in time), error (a layer failed)',
    'result',
    () => app.caches.purger.counters.results,
  );
  mirrorCounter(
    registry,
    'cache_purges_refused_total',
    'Purge webhook calls refused, by reason: unauthorized, invalid, rate_limited',
    'reason',
    () => app.caches.purger.counters.refused,
  );
  mirrorCounter(
    registry,
    'cache_purged_entries_total',
    'Cache entries dropped or marked stale by purges: l1 in this process, l2 in Redis (counted by the purging process)',
    'layer',
    () => app.caches.purger.counters.entries,
  );
}
