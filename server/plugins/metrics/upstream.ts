import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { DURATION_BUCKETS, mirrorCounter } from './mirror.ts';

/** The upstream's calls (duration, results, retries, as the client reports them), bodies cut off and the breaker. */
export function upstreamMetrics(app: FastifyInstance, registry: Registry) {
  const duration = new Histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Upstream calls that missed the cache, by call name (the one retry included)',
    labelNames: ['call'] as const,
    buckets: [...DURATION_BUCKETS, 10],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'upstream_requests_total',
    help: 'Upstream calls by call name and result (ok, status_{code}, BFF_ERR_UPSTREAM_*)',
    labelNames: ['call', 'result'] as const,
    registers: [registry],
  });
  const retries = new Counter({
    name: 'upstream_retries_total',
    help: 'Upstream retries (GET/HEAD, at most one per call) by call name',
    labelNames: ['call'] as const,
    registers: [registry],
  });
  app.upstream.observer.call = (call, seconds, result) => {
    duration.observe({ call }, seconds);
    requests.inc({ call, result });
  };
  app.upstream.observer.retry = (call) => retries.inc({ call });

  mirrorCounter(
    registry,
    'upstream_calls_total',
    'Upstream calls that went out (a retry counts once)',
    undefined,
    () => ({
      all: app.upstream.client.counters.calls,
    }),
  );
  mirrorCounter(
    registry,
    'upstream_oversized_total',
    'Upstream bodies cut off for exceeding UPSTREAM_MAX_BYTES',
    undefined,
    () => ({ all: app.upstream.client.counters.oversized }),
  );
  mirrorCounter(
    registry,
    'upstream_breaker_rejections_total',
    'Upstream calls refused by the open circuit breaker',
    undefined,
    () => ({ all: app.upstream.client.breaker().rejected }),
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
}
