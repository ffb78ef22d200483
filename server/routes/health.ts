import type { FastifyPluginAsync } from 'fastify';
import { CachePolicy } from '../cache-policies.ts';

export interface HealthState {
  shuttingDown: boolean;
}

/**
 * /healthz: the process is alive (never touches the upstream). /readyz: it takes traffic: 503 once shutdown has
 * begun, and 503 while the upstream's circuit breaker is open (ADR 0022); the breaker's state is in the body.
 */
export const healthRoutes =
  (state: HealthState): FastifyPluginAsync =>
  async (app) => {
    app.get('/healthz', async (_request, reply) => {
      reply.header('cache-control', CachePolicy.none);
      return { status: 'ok' };
    });
    app.get('/readyz', async (_request, reply) => {
      reply.header('cache-control', CachePolicy.none);
      if (state.shuttingDown) return reply.code(503).send({ status: 'shutting down' });
      const breaker = app.upstream.client.breaker();
      if (breaker.state === 'open') {
        reply.header('retry-after', String(Math.max(1, breaker.retryAfterSeconds)));
        return reply.code(503).send({ status: 'upstream unavailable', upstream: { breaker: breaker.state } });
      }
      return { status: 'ready', upstream: { breaker: breaker.state } };
    });
  };
