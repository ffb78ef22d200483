import type { FastifyReply, FastifyRequest } from 'fastify';

/** The request's public origin: PUBLIC_ORIGIN when configured, else what the client asked for. */
export const originOf = (request: FastifyRequest, publicOrigin?: string) =>
  publicOrigin?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

/** Fastify request → Fetch Request for react-router, aborted when the visitor goes away before the answer is done. */
export function toFetchRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
  url = request.url,
): Request {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, value);
  }
  // the path is appended, never resolved: `//host/x` stays a path on our origin
  return new Request(new URL(origin + (url.startsWith('/') ? url : `/${url}`)), {
    method: request.method,
    headers,
    signal: controller.signal,
  });
}

const BOTS = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|yandex|embedly|lighthouse/i;
export const isBot = (userAgent: string | undefined) => !!userAgent && BOTS.test(userAgent);
