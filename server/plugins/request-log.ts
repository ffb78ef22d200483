import fp from 'fastify-plugin';
import { routeLabel } from '../route-id.ts';

/**
 * One log line per request: id (from the child logger), method, url, route (the metrics label: `news-list`,
 * `payload:news-detail`, `/healthz`), status, page-cache outcome, duration.
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
            req: { method: request.method, url: request.url },
            route: routeLabel(request),
            status: 499,
            ms: Math.round(reply.elapsedTime * 10) / 10,
          },
          'request aborted by client',
        );
      });
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          req: { method: request.method, url: request.url },
          route: routeLabel(request),
          status: reply.statusCode,
          cache: reply.getHeader('x-cache'),
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
      done();
    });
  },
  { name: 'request-log' },
);
