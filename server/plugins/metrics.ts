import fp from 'fastify-plugin';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
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
      help: 'HTTP requests by route and status class',
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
    new Gauge({
      name: 'upstream_cache_events',
      help: 'Upstream cache outcomes since start (hits, misses, stale, coalesced, evictions)',
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        for (const [outcome, value] of Object.entries(app.upstream.cache.counters)) this.set({ outcome }, value);
      },
    });
    new Gauge({
      name: 'upstream_cache_bytes',
      help: 'Approximate size of the upstream cache',
      registers: [registry],
      collect() {
        this.set(app.upstream.cache.size);
      },
    });

    // edge hardening: security rejections by reason, client aborts, upstream calls, bodies cut off, the breaker
    const mirror = (name: string, help: string, label: string | undefined, read: () => Record<string, number>) =>
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
    mirror('http_rejections_total', 'Requests rejected at the edge, by reason', 'reason', () => {
      const out: Record<string, number> = {};
      for (const [reason, n] of Object.entries(app.edge.counters.rejections)) out[reason] = n ?? 0;
      return out;
    });
    mirror(
      'http_client_aborts_total',
      'Requests the client abandoned before the answer was complete',
      undefined,
      () => ({
        all: app.edge.counters.clientAborts,
      }),
    );
    mirror('upstream_calls_total', 'Upstream calls that went out (a retry counts once)', undefined, () => ({
      all: app.upstream.client.counters.calls,
    }));
    mirror('upstream_oversized_total', 'Upstream bodies cut off for exceeding UPSTREAM_MAX_BYTES', undefined, () => ({
      all: app.upstream.client.counters.oversized,
    }));
    mirror(
      'upstream_breaker_rejections_total',
      'Upstream calls refused by the open circuit breaker',
      undefined,
      () => ({
        all: app.upstream.client.breaker().rejected,
      }),
    );
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
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
    app.addHook('onClose', async () => lag.disable());
  },
  { name: 'metrics', dependencies: ['upstream', 'edge'] },
);
