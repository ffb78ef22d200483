import type { FastifyPluginAsync } from 'fastify';
import type { RuntimeConfig } from '../../shared/runtime-config.ts';
import type { Clock } from '../../shared/router/context.ts';
import { pageRequest } from '../ssr/cache-key.ts';
import { handleDocument } from '../ssr/handle-document.ts';
import { handlePayload } from '../ssr/handle-payload.ts';
import type { ClientBuild } from '../ssr/client-build.ts';
import type { PageCache } from '../ssr/page-cache.ts';
import { originOf } from '../ssr/to-fetch-request.ts';

/** The catch-all's route path: hooks that act on page requests only test `request.routeOptions.url` against it. */
export const PAGE_ROUTE = '/*';

export interface PageRouteOptions extends Pick<RuntimeConfig, 'maps' | 'buildCheckIntervalMs' | 'serviceWorker'> {
  clientBuild: ClientBuild;
  publicOrigin: string | undefined;
  cache?: PageCache;
  /** the loaders' clock (tests pin it) */
  clock?: Clock;
}

/** The catch-all: `…/_payload.json` answers JSON, every other GET/HEAD a streamed document. */
export const pageRoutes =
  ({
    clientBuild,
    publicOrigin,
    maps,
    buildCheckIntervalMs,
    serviceWorker,
    cache,
    clock,
  }: PageRouteOptions): FastifyPluginAsync =>
  async (app) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: PAGE_ROUTE,
      handler: async (request, reply) => {
        // resolved by the edge plugin: PUBLIC_ORIGIN, an allowed Host, or the default (never a request-chosen host)
        const origin = request.publicOrigin || originOf(request, publicOrigin);
        const target = pageRequest(request.url, request.locale, origin, clientBuild.build.id);
        if (target.kind === 'payload')
          return handlePayload(request, reply, target, {
            origin,
            prerendered: clientBuild.prerendered,
            cache,
            clock,
          });
        return handleDocument(request, reply, target, {
          clientBuild,
          origin,
          maps,
          buildCheckIntervalMs,
          serviceWorker,
          cache,
          clock,
        });
      },
    });
  };
