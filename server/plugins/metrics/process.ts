import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge, collectDefaultMetrics, type Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { mirrorCounter } from './mirror.ts';

/** The process defaults of prom-client and the event loop's lag; the monitor stops when the app closes. */
export function processMetrics(app: FastifyInstance, registry: Registry) {
  collectDefaultMetrics({ register: registry });
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
  app.addHook('onClose', async () => lag.disable());
}

/** The edge's hardening: requests rejected by reason, and answers the client abandoned. */
export function edgeMetrics(app: FastifyInstance, registry: Registry) {
  mirrorCounter(
    registry,
    'http_rejections_total',
    'Requests rejected at the edge, by reason',
    'reason',
    () => app.edge.counters.rejections,
  );
  mirrorCounter(
    registry,
    'http_client_aborts_total',
    'Requests the client abandoned before the answer was complete',
    undefined,
    () => ({ all: app.edge.counters.clientAborts }),
  );
}
