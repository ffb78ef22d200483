import fp from 'fastify-plugin';

/** One log line per request: id (from the child logger), method, url, route, status, page-cache outcome, duration. */
export default fp(
  async (app) => {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        {
          req: { method: request.method, url: request.url },
          route: request.routeOptions.url ?? null,
          status: reply.statusCode,
          cache: reply.getHeader('x-cache'),
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    });
  },
  { name: 'request-log' },
);
