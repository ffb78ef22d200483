import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../shared/app-config.ts';
import { PAYLOAD_SUFFIX } from '../../shared/payload.ts';
import { handleDocument } from '../ssr/handle-document.ts';
import { handlePayload } from '../ssr/handle-payload.ts';
import type { PageCache } from '../ssr/page-cache.ts';
import type { Renderer } from '../ssr/renderer.ts';
import { originOf } from '../ssr/to-fetch-request.ts';

/** The catch-all: `…/_payload.json` answers JSON, every other GET/HEAD a streamed document. */
export const pageRoutes =
  (
    renderer: Renderer,
    publicOrigin: string | undefined,
    maps: AppConfig['maps'],
    buildCheckIntervalMs: number,
    cache?: PageCache,
  ): FastifyPluginAsync =>
  async (app) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        const origin = originOf(request, publicOrigin);
        const pathname = request.url.split('?', 1)[0] ?? '/';
        if (pathname.endsWith(PAYLOAD_SUFFIX))
          return handlePayload(request, reply, {
            origin,
            buildId: renderer.build.id,
            prerendered: renderer.prerendered,
            cache,
          });
        return handleDocument(request, reply, { renderer, origin, maps, buildCheckIntervalMs, cache });
      },
    });
  };
