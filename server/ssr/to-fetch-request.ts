import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify request → Fetch Request for react-router, aborted when the visitor goes away before the answer is done.
 * It carries the URL, the method and that signal, not the headers: loaders read the URL and their context (the
 * locale, the origin, the cookie's choices are decided at the edge, server/plugins), and copying a browser's dozen
 * headers into a `Headers` would cost every render for nothing.
 */
export function toFetchRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  method = request.method,
): Request {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  // the path is appended, never resolved: `//host/x` stays a path on our origin
  return new Request(request.publicOrigin + (url.startsWith('/') ? url : `/${url}`), {
    method,
    signal: controller.signal,
  });
}

const BOTS = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|yandex|embedly|lighthouse/i;
export const isBot = (userAgent: string | undefined) => !!userAgent && BOTS.test(userAgent);
