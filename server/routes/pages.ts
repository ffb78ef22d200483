import type { FastifyPluginAsync } from 'fastify';
import { pageRequest } from '../ssr/cache-key.ts';
import { handleDocument, type DocumentOptions } from '../ssr/handle-document.ts';
import { handlePayload } from '../ssr/handle-payload.ts';
import { PAGE_ROUTE } from '../page-route.ts';

/** The catch-all: `…/_payload.json` answers JSON, every other GET/HEAD a streamed document. */
export const pageRoutes =
  (options: DocumentOptions): FastifyPluginAsync =>
  async (app) => {
    const { clientBuild, clock } = options;
    app.route({
      method: ['GET', 'HEAD'],
      url: PAGE_ROUTE,
      handler: (request, reply) => {
        // the edge's origin: PUBLIC_ORIGIN, an allowed Host, or the default (never a request-chosen host)
        const target = pageRequest(request.url, request.locale, request.publicOrigin, clientBuild.build.id);
        const answer =
          target.kind === 'payload'
            ? handlePayload(request, reply, target, { prerendered: clientBuild.prerendered, clock })
            : handleDocument(request, reply, target, options);
        // a stored answer is sent in this tick (nothing to return); a render or a fill answers through its promise
        return answer instanceof Promise ? answer : undefined;
      },
    });
  };
