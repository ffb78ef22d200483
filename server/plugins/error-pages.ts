import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { UpstreamFailure } from '../errors.ts';
import { bounded, sendErrorJson, sendPlainDocument, wantsDocument } from '../http/error-document.ts';

/**
 * Last-resort answers for what the React error page cannot cover: non-GET methods on unknown paths, and failures
 * before or outside rendering, made by the error module (server/http/error-document.ts). Messages of 5xx errors are
 * never shown; every error is logged with the request id.
 */
export default fp(
  async (app) => {
    app.setNotFoundHandler((request, reply) =>
      sendErrorJson(request, reply, 404, `Page not found: ${bounded(request.url)}`),
    );

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
      const message = status >= 500 ? 'Internal Server Error' : err.message;
      if (wantsDocument(request, 'json')) return sendPlainDocument(request, reply, status, message, request.locale);
      return sendErrorJson(request, reply, status, message, err.name);
    });
  },
  { name: 'error-pages' },
);
