import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import type { FastifyRequest } from 'fastify';
import { cacheMetrics } from './metrics/caches.ts';
import { httpMetrics } from './metrics/http.ts';
import { edgeMetrics, processMetrics } from './metrics/process.ts';
import { upstreamMetrics } from './metrics/upstream.ts';
import { vitalsMetrics } from './metrics/vitals.ts';
import type { VitalName } from '../../shared/web-vitals.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
    /** time from the request to the rendered shell of a document (server/ssr/handle-document.ts) */
    observeRender(request: FastifyRequest, seconds: number): void;
    /** one field Core Web Vital of a visitor's beacon (server/routes/vitals.ts): milliseconds, CLS a score */
    observeVital(name: VitalName, value: number, labels: { route: string; device: string }): void;
  }
}

/**
 * Prometheus metrics at /metrics (prom-client), declared by concern in `metrics/`: requests and latency by route,
 * the upstream's calls and breaker, the caches and purges, the edge's rejections, visitors' Core Web Vitals, event-loop lag and the process
 * defaults. One registry per app, so tests and several apps in one process do not collide.
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    processMetrics(app, registry);
    httpMetrics(app, registry);
    upstreamMetrics(app, registry);
    cacheMetrics(app, registry);
    edgeMetrics(app, registry);
    vitalsMetrics(app, registry);
    app.decorate('metrics', registry);
  },
  { name: 'metrics', dependencies: ['upstream', 'shared-cache', 'edge'] },
);
