import fp from 'fastify-plugin';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { CachePolicy } from '../cache-policies.ts';

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

    app.decorate('metrics', registry);
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
    app.addHook('onClose', async () => lag.disable());
    app.get('/metrics', async (_request, reply) => {
      reply.header('cache-control', CachePolicy.none).type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics', dependencies: ['upstream'] },
);
