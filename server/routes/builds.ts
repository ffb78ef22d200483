import type { FastifyPluginAsync } from 'fastify';
import type { BuildInfo } from '../build-info.ts';
import { CachePolicy } from '../cache-policies.ts';
import { routeRules } from '../../shared/router/route-rules.ts';

/** Nuxt's app manifest: the latest build id (polled by clients) and the manifest of the current build. */
export const buildRoutes =
  (build: BuildInfo, prerendered: string[]): FastifyPluginAsync =>
  async (app) => {
    app.get('/builds/latest.json', async (_request, reply) => {
      reply.header('cache-control', CachePolicy.revalidate);
      return { id: build.id, timestamp: build.timestamp };
    });
    app.get<{ Params: { id: string } }>('/builds/meta/:id', async (request, reply) => {
      if (request.params.id !== `${build.id}.json`) {
        reply.header('cache-control', CachePolicy.none);
        return reply.code(404).send({ message: `Unknown build ${request.params.id.replace(/\.json$/, '')}` });
      }
      reply.header('cache-control', CachePolicy.immutable);
      return { id: build.id, timestamp: build.timestamp, matcher: routeRules, prerendered };
    });
  };
