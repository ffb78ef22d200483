import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../shared/app-config.ts';
import { PAYLOAD_SUFFIX } from '../../shared/payload.ts';
import { handleDocument } from '../ssr/handle-document.ts';
import { handlePayload } from '../ssr/handle-payload.ts';
import type { Renderer } from '../ssr/renderer.ts';
import { originOf } from '../ssr/to-fetch-request.ts';

/** The catch-all: `…/_payload.json` answers JSON, every other GET/HEAD a streamed document. */
export const pageRoutes =
  (
    renderer: Renderer,
    publicOrigin: string | undefined,
    maps: AppConfig['maps'],
    buildCheckIntervalMs: number,
  ): FastifyPluginAsync =>
  async (app) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        // resolved by the edge plugin: PUBLIC_ORIGIN, an allowed Host, or the default (never a request-chosen host)
        const origin = request.publicOrigin || originOf(request, publicOrigin);
        const pathname = request.url.split('?', 1)[0] ?? '/';
        if (pathname.endsWith(PAYLOAD_SUFFIX))
          return handlePayload(request, reply, {
            origin,
            buildId: renderer.build.id,
            prerendered: renderer.prerendered,
          });
        return handleDocument(request, reply, { renderer, origin, maps, buildCheckIntervalMs });
      },
    });
  };
