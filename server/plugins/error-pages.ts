import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { CachePolicy } from '../cache-policies.ts';
import { UpstreamFailure } from '../errors.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Last-resort answers for what the React error page cannot cover: non-GET methods on unknown paths, and failures
 * before or outside rendering. Messages of 5xx errors are never shown; every error is logged with the request id.
 */
export default fp(
  async (app) => {
    app.setNotFoundHandler((request, reply) => {
      reply.header('cache-control', CachePolicy.none);
      const url = request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url;
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `Page not found: ${url}` });
    });

    app.setErrorHandler<FastifyError>((err, request, reply) => {
      if (request.raw.destroyed || reply.raw.destroyed) {
        // the visitor left while we waited (the request was aborted): nothing to answer, not a server error;
        // plugins/request-log.ts logs it at info with status 499
        request.log.debug({ err: { name: err.name, message: err.message } }, 'request abandoned');
        return reply.code(499).send();
      }
      const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
      // an upstream failure was logged once where the call failed (server/upstream/api.ts), not again per request
      if (err instanceof UpstreamFailure) request.log.info({ status }, 'upstream failure answered');
      else if (status >= 500) request.log.error({ err }, 'request failed');
      else request.log.info({ err: { message: err.message, code: err.code } }, 'request rejected');
      reply.header('cache-control', CachePolicy.none);
      const message = status >= 500 ? 'Internal Server Error' : err.message;
      if (request.headers.accept?.includes('text/html') && !request.url.includes('_payload.json')) {
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .send(
            `<!DOCTYPE html><html lang="${request.locale}"><head><meta charset="utf-8"><title>${status}</title></head>` +
              `<body><main><h1>${status}</h1><p>${escapeHtml(message)}</p><p><a href="/">↩</a></p></main></body></html>`,
          );
      }
      return reply.code(status).send({ statusCode: status, error: err.name, message });
    });
  },
  { name: 'error-pages' },
);
