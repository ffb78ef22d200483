import { Counter, Histogram, type Registry } from 'prom-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeLabel } from '../../route-id.ts';
import { DURATION_BUCKETS } from './mirror.ts';

/**
 * Requests and their latency by route (the react-router route id for pages and payloads), counted when each answer
 * is sent, the render time of documents (`app.observeRender`, called by server/ssr/handle-document.ts) and the
 * upstream time of requests that called it: Server-Timing's split, as histograms.
 */
export function httpMetrics(app: FastifyInstance, registry: Registry) {
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
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const render = new Histogram({
    name: 'ssr_render_duration_seconds',
    help: 'Time from the request to the rendered shell of a document (loaders included), by route id',
    labelNames: ['route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const upstreamTime = new Histogram({
    name: 'request_upstream_seconds',
    help: "A request's upstream calls, their durations summed (Server-Timing's upstream), by route id",
    labelNames: ['route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.decorate('observeRender', (request: FastifyRequest, seconds: number) =>
    render.observe({ route: routeLabel(request) }, seconds),
  );
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const timing = request.timingIfAny;
    if (timing && timing.upstreamCalls > 0) upstreamTime.observe({ route }, timing.upstreamMs / 1000);
    done();
  });
}
