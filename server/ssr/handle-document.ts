import type { FastifyReply, FastifyRequest } from 'fastify';
import { isRouteErrorResponse } from 'react-router';
import type { AppConfig } from '../../shared/app-config.ts';
import { CachePolicy } from '../cache-policies.ts';
import type { Renderer } from './renderer.ts';
import { isBot, toFetchRequest } from './to-fetch-request.ts';

const STREAM_TIMEOUT_MS = 10_000;

/** Every other GET/HEAD: run the loaders, stream the React document (shell first; whole document for crawlers). */
export async function handleDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { renderer: Renderer; origin: string; maps: AppConfig['maps']; buildCheckIntervalMs: number },
): Promise<unknown> {
  const { renderer } = opts;
  const started = performance.now();
  const { renderDocument } = await renderer.load();
  const config: AppConfig = {
    buildId: renderer.build.id,
    locale: request.locale,
    origin: opts.origin,
    maps: opts.maps,
    buildCheckIntervalMs: opts.buildCheckIntervalMs,
  };
  const result = await renderDocument({
    request: toFetchRequest(request, reply, opts.origin),
    api: request.server.upstream.apiFor(request),
    config,
    nonce: request.cspNonce,
    assets: renderer.assets,
    bootstrapModules: renderer.bootstrapModules,
    waitForAll: isBot(request.headers['user-agent']),
    streamTimeoutMs: STREAM_TIMEOUT_MS,
    onError: (err) => {
      if (!isRouteErrorResponse(err)) request.log.error({ err }, 'render failed');
    },
  });

  request.server.observeRender(request, (performance.now() - started) / 1000);
  if (result.kind === 'response') {
    // a loader redirected
    const location = result.response.headers.get('location');
    if (location) return reply.redirect(location, result.response.status);
    return reply.code(result.response.status).send(await result.response.text());
  }
  result.headers.forEach((value, key) => reply.header(key, value));
  if (!reply.hasHeader('cache-control'))
    reply.header('cache-control', result.status === 200 ? CachePolicy.page : CachePolicy.none);
  reply.code(result.status).type('text/html; charset=utf-8');
  if (request.method === 'HEAD') {
    result.stream.resume();
    return reply.send();
  }
  return reply.send(result.stream);
}
