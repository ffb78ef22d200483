import fp from 'fastify-plugin';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyRequest } from 'fastify';
import { routeLabel } from '../route-id.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
    /** time from the request to the rendered shell of a document (server/ssr/handle-document.ts) */
    observeRender(request: FastifyRequest, seconds: number): void;
  }
}

/** A counter that mirrors monotonic counters kept elsewhere (read at scrape time). */
function mirror(counter: Counter<string>, values: Array<[Record<string, string>, number]>) {
  counter.reset();
  for (const [labels, value] of values) counter.inc(labels, value);
}

/**
 * Prometheus metrics at /metrics (prom-client): requests and latency by route, upstream cache counters, event-loop
 * lag and the process defaults. One registry per app, so tests and several apps in one process do not collide.
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by route (the react-router route id for pages and payloads) and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const lag = monitorEventLoopDelay({ resolution: 20 });
    lag.enable();
    new Gauge({
      name: 'event_loop_lag_p99_seconds',
      help: 'p99 event-loop delay since the last scrape',
      registers: [registry],
      collect() {
        this.set(lag.percentile(99) / 1e9);
        lag.reset();
      },
    });
    const render = new Histogram({
      name: 'ssr_render_duration_seconds',
      help: 'Time from the request to the rendered shell of a document (loaders included), by route id',
      labelNames: ['route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const upstreamDuration = new Histogram({
      name: 'upstream_request_duration_seconds',
      help: 'Upstream calls that missed the cache, by call name (the one retry included)',
      labelNames: ['call'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const upstreamRequests = new Counter({
      name: 'upstream_requests_total',
      help: 'Upstream calls by call name and result (ok, status_{code}, BFF_ERR_UPSTREAM_*)',
      labelNames: ['call', 'result'] as const,
      registers: [registry],
    });
    const upstreamRetries = new Counter({
      name: 'upstream_retries_total',
      help: 'Upstream retries (GET/HEAD, at most one per call) by call name',
      labelNames: ['call'] as const,
      registers: [registry],
    });
    app.upstream.observer.call = (call, seconds, result) => {
      upstreamDuration.observe({ call }, seconds);
      upstreamRequests.inc({ call, result });
    };
    app.upstream.observer.retry = (call) => upstreamRetries.inc({ call });
    app.decorate('observeRender', (request: FastifyRequest, seconds: number) =>
      render.observe({ route: routeLabel(request) }, seconds),
    );
    new Counter({
      name: 'cache_lookups_total',
      help: 'Cache lookups by cache (upstream, page), layer (l1 memory, l2 redis) and outcome (hit, miss, stale, bypass)',
      labelNames: ['cache', 'layer', 'outcome'] as const,
      registers: [registry],
      collect() {
        const values: Array<[Record<string, string>, number]> = [];
        for (const [cache, { stats }] of app.caches.all) {
          for (const [outcome, value] of Object.entries(stats.l1))
            values.push([{ cache, layer: 'l1', outcome }, value]);
          if (app.caches.store)
            for (const [outcome, value] of Object.entries(stats.l2))
              values.push([{ cache, layer: 'l2', outcome }, value]);
        }
        mirror(this, values);
      },
    });
    new Counter({
      name: 'cache_coalesced_waits_total',
      help: 'Lookups that waited for a load in flight: in this process (local) or on another replica (shared lock)',
      labelNames: ['cache', 'scope'] as const,
      registers: [registry],
      collect() {
        const values: Array<[Record<string, string>, number]> = [];
        for (const [cache, { stats }] of app.caches.all)
          for (const [scope, value] of Object.entries(stats.coalesced)) values.push([{ cache, scope }, value]);
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

    // edge hardening: security rejections by reason, client aborts, upstream calls, bodies cut off, the breaker
    const mirrorCounter = (name: string, help: string, label: string | undefined, read: () => Record<string, number>) =>
      new Counter({
        name,
        help,
        labelNames: label ? [label] : [],
        registers: [registry],
        collect() {
          this.reset();
          for (const [key, value] of Object.entries(read())) this.inc(label ? { [label]: key } : {}, value);
        },
      });
    mirrorCounter('http_rejections_total', 'Requests rejected at the edge, by reason', 'reason', () => {
      const out: Record<string, number> = {};
      for (const [reason, n] of Object.entries(app.edge.counters.rejections)) out[reason] = n ?? 0;
      return out;
    });
    mirrorCounter(
      'http_client_aborts_total',
      'Requests the client abandoned before the answer was complete',
      undefined,
      () => ({
        all: app.edge.counters.clientAborts,
      }),
    );
    mirrorCounter('upstream_calls_total', 'Upstream calls that went out (a retry counts once)', undefined, () => ({
      all: app.upstream.client.counters.calls,
    }));
    mirrorCounter(
      'upstream_oversized_total',
      'Upstream bodies cut off for exceeding UPSTREAM_MAX_BYTES',
      undefined,
      () => ({
        all: app.upstream.client.counters.oversized,
      }),
    );
    mirrorCounter(
      'upstream_breaker_rejections_total',
      'Upstream calls refused by the open circuit breaker',
      undefined,
      () => ({
        all: app.upstream.client.breaker().rejected,
      }),
    );
    mirrorCounter(
      'cache_purges_total',
      'Purges by result: ok, partial (a process did not confirm in time), error (a layer failed)',
      'result',
      () => app.caches.purger.counters.results,
    );
    mirrorCounter(
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
        const { entries } = app.caches.purger.counters;
        mirror(this, [
          [{ layer: 'l1' }, entries.l1],
          [{ layer: 'l2' }, entries.l2],
        ]);
      },
    });
    new Gauge({
      name: 'upstream_breaker_state',
      help: 'Circuit breaker of the upstream origin: 1 for the current state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const current = app.upstream.client.breaker().state;
        for (const state of ['closed', 'open', 'half-open']) this.set({ state }, state === current ? 1 : 0);
      },
    });

    app.decorate('metrics', registry);
    app.addHook('onResponse', (request, reply, done) => {
      const route = routeLabel(request);
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });
    app.addHook('onClose', async () => lag.disable());
  },
  { name: 'metrics', dependencies: ['upstream', 'shared-cache', 'edge'] },
);
