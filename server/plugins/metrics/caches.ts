import { Counter, Gauge, type Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { mirror, mirrorCounter } from './mirror.ts';

/** The caches (upstream, page): lookups by layer and outcome, waits, evictions, bytes, Redis errors and purges. */
export function cacheMetrics(app: FastifyInstance, registry: Registry) {
  new Counter({
    name: 'cache_lookups_total',
    help: 'Cache lookups by cache (upstream, page), layer (l1 memory, l2 redis) and outcome (hit, miss, stale, bypass)',
    labelNames: ['cache', 'layer', 'outcome'] as const,
    registers: [registry],
    collect() {
      const values: Array<[Record<string, string>, number]> = [];
      for (const [cache, { stats }] of app.caches.all) {
        for (const [outcome, value] of Object.entries(stats.l1)) values.push([{ cache, layer: 'l1', outcome }, value]);
        if (app.caches.store)
          for (const [outcome, value] of Object.entries(stats.l2))
            values.push([{ cache, layer: 'l2', outcome }, value]);
      }
      mirror(this, values);
    },
  });
  new Counter({
    name: 'cache_coalesced_waits_total',
    help: 'Lookups that waited for a load already in flight in this process',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      const values: Array<[Record<string, string>, number]> = [];
      for (const [cache, { stats }] of app.caches.all) values.push([{ cache }, stats.coalesced]);
      mirror(this, values);
    },
  });
  new Counter({
    name: 'cache_evictions_total',
    help: 'L1 entries evicted for space',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      mirror(
        this,
        [...app.caches.all].map(([cache, { stats }]) => [{ cache }, stats.evictions]),
      );
    },
  });
  new Gauge({
    name: 'cache_bytes',
    help: 'Approximate size of a cache in this process (L1)',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const [cache, { size }] of app.caches.all) this.set({ cache }, size);
    },
  });
  new Counter({
    name: 'redis_errors_total',
    help: 'Failed or timed-out Redis commands by operation (the cache fell back to memory and the origin)',
    labelNames: ['op'] as const,
    registers: [registry],
    collect() {
      mirror(
        this,
        [...(app.caches.store?.errors ?? new Map<string, number>())].map(([op, n]) => [{ op }, n]),
      );
    },
  });
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
  new Counter({
    name: 'cache_purged_entries_total',
    help: 'Cache entries dropped or marked stale by purges: l1 in this process, l2 in Redis (counted by the purging process)',
    labelNames: ['layer'] as const,
    registers: [registry],
    collect() {
      mirror(this, [
        [{ layer: 'l1' }, app.caches.purger.counters.entries.l1],
        [{ layer: 'l2' }, app.caches.purger.counters.entries.l2],
      ]);
    },
  });
}
