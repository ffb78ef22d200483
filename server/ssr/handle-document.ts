import type { FastifyReply, FastifyRequest } from 'fastify';
import { isRouteErrorResponse } from 'react-router';
import type { RuntimeConfig } from '../../shared/runtime-config.ts';
import { CachePolicy } from '../cache-policies.ts';
import type { Clock } from '../../shared/router/context.ts';
import type { ClientBuild } from './client-build.ts';
import { isBot, toFetchRequest } from './to-fetch-request.ts';

const STREAM_TIMEOUT_MS = 10_000;

/** Every other GET/HEAD: run the loaders, stream the React document (shell first; whole document for crawlers). */
export async function handleDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    clientBuild: ClientBuild;
    origin: string;
    maps: RuntimeConfig['maps'];
    buildCheckIntervalMs: number;
    clock?: Clock;
  },
): Promise<unknown> {
  const { clientBuild } = opts;
  const started = performance.now();
  const { renderDocument } = await clientBuild.load();
  const config: RuntimeConfig = {
    buildId: clientBuild.build.id,
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
    assets: clientBuild.assets,
    sectionAssets: clientBuild.sectionAssets,
    clock: opts.clock,
    bootstrapModules: clientBuild.bootstrapModules,
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
