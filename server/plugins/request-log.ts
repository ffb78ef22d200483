import fp from 'fastify-plugin';
import { loggedUrl } from '../logged-url.ts';
import { routeLabel } from '../route-id.ts';

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * One log line per request: id and trace id (from the child logger), method, path (no query values but a list's
 * page and a payload's build id: server/logged-url.ts), route (the metrics label:
 * `news-list`, `payload:news-detail`, `/healthz`), status, page-cache outcome, duration, and for a request that
 * loaded or rendered its upstream time and calls and its render time.
 */
export default fp(
  async (app) => {
    // a visitor who leaves before the answer is complete: info, status 499 (nginx's "client closed request"), counted
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished) return;
        app.edge.counters.clientAborts += 1;
        request.log.info(
          {
            req: { method: request.method, url: loggedUrl(request.url) },
            route: routeLabel(request),
            status: 499,
            ms: round(reply.elapsedTime),
          },
          'request aborted by client',
        );
      });
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const timing = request.timingIfAny;
      request.log.info(
        {
          req: { method: request.method, url: loggedUrl(request.url) },
          route: routeLabel(request),
          status: reply.statusCode,
          cache: reply.getHeader('x-cache'),
          ms: round(reply.elapsedTime),
          // what Server-Timing says of a request that loaded or rendered (plugins/tracing.ts)
          ...(timing && {
            upstream_ms: round(timing.upstreamMs),
            upstream_calls: timing.upstreamCalls,
            render_ms: timing.renderMs === undefined ? undefined : round(timing.renderMs),
          }),
        },
        'request',
      );
      done();
    });
  },
  { name: 'request-log', dependencies: ['tracing'] },
);
