import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FeedbackSubmission } from '../../shared/feedback.ts';
import type { RuntimeConfig } from '../../shared/runtime-config.ts';
import type { Clock } from '../../shared/router/context.ts';
import { pageRequest } from '../ssr/cache-key.ts';
import { handleDocument, renderSubmission, type DocumentOptions } from '../ssr/handle-document.ts';
import { handlePayload } from '../ssr/handle-payload.ts';
import type { ClientBuild } from '../ssr/client-build.ts';
import { PAGE_ROUTE } from '../page-route.ts';

export interface PageRouteOptions
  extends Pick<RuntimeConfig, 'maps' | 'buildCheckIntervalMs' | 'serviceWorker'>, Pick<DocumentOptions, 'renders'> {
  clientBuild: ClientBuild;
  /** the loaders' clock (tests pin it) */
  clock?: Clock;
}

/** What a document of this request is rendered with. */
const documentOptions = (options: PageRouteOptions, request: FastifyRequest): DocumentOptions => ({
  clientBuild: options.clientBuild,
  // resolved by the edge plugin: PUBLIC_ORIGIN, an allowed Host, or the default (never a request-chosen host)
  origin: request.publicOrigin,
  maps: options.maps,
  buildCheckIntervalMs: options.buildCheckIntervalMs,
  serviceWorker: options.serviceWorker,
  cache: request.server.pageCache,
  clock: options.clock,
  renders: options.renders,
});

/** Answers a plain feedback post that failed with the feedback page at `url` (server/routes/feedback.ts). */
export type SubmissionPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  submission: FeedbackSubmission,
) => Promise<unknown>;

export const submissionPage =
  (options: PageRouteOptions): SubmissionPage =>
  (request, reply, url, submission) =>
    renderSubmission(request, reply, url, documentOptions(options, request), submission);

/** The catch-all: `…/_payload.json` answers JSON, every other GET/HEAD a streamed document. */
export const pageRoutes =
  (options: PageRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const { clientBuild, clock } = options;
    app.route({
      method: ['GET', 'HEAD'],
      url: PAGE_ROUTE,
      handler: (request, reply) => {
        const document = documentOptions(options, request);
        const target = pageRequest(request.url, request.locale, document.origin, clientBuild.build.id);
        const answer =
          target.kind === 'payload'
            ? handlePayload(request, reply, target, {
                origin: document.origin,
                prerendered: clientBuild.prerendered,
                cache: app.pageCache,
                clock,
              })
            : handleDocument(request, reply, target, document);
        // a stored answer is sent in this tick (nothing to return); a render or a fill answers through its promise
        return answer instanceof Promise ? answer : undefined;
      },
    });
  };
