import type { FastifyPluginAsync } from 'fastify';
import { CachePolicy } from '../cache-policies.ts';

export interface HealthState {
  shuttingDown: boolean;
}

/** /healthz: the process is alive. /readyz: it takes traffic (fails once shutdown has begun). */
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
      return { status: 'ready' };
    });
  };
