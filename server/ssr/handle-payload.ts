import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Payload } from '../../shared/payload.ts';
import { resolveRedirect, routeRules } from '../../shared/router/route-rules.ts';
import type { Clock } from '../../shared/router/context.ts';
import { CachePolicy } from '../cache-policies.ts';
import type { PayloadRequest } from './cache-key.ts';
import type { PageCache } from './page-cache.ts';
import { computePayload } from './payload.ts';
import type { Prerendered } from './prerendered.ts';
import { markCache, serveEntry } from './serve-entry.ts';
import { toFetchRequest } from './to-fetch-request.ts';

/** `GET {path}/_payload.json?{buildId}`: loader data of the page below the root layout, as JSON. */
export async function handlePayload(
  request: FastifyRequest,
  reply: FastifyReply,
  { page, key }: PayloadRequest,
  opts: { origin: string; prerendered: Prerendered; cache?: PageCache; clock?: Clock },
): Promise<unknown> {
  if (!page) return reply.callNotFound();
  const found = resolveRedirect(routeRules, page.pathname, request.locale);
  if (found) {
    // the client follows it: a router navigation, or a full page load for an absolute target
    const payload: Payload = {
      status: found.statusCode,
      loaderData: {},
      errors: null,
      redirect: { location: found.location, reloadDocument: found.reloadDocument },
    };
    return reply.header('cache-control', CachePolicy.page).type('application/json; charset=utf-8').send(payload);
  }
  const ready = page.search === '' ? opts.prerendered.payloads.get(page.pathname) : undefined;
  if (ready !== undefined) {
    // made at build time (the URL carries the build id)
    return reply.header('cache-control', CachePolicy.immutable).type('application/json; charset=utf-8').send(ready);
  }
  if (opts.cache && key) {
    // pre-serialized and precompressed: a hit sends stored bytes
    let own: Payload | undefined;
    const fill = async () => {
      const computed = await computePayload(
        new Request(new URL(key.url, opts.origin)),
        request.locale,
        request.server.upstream.apiFor(request),
        (err, routeId) => request.log.error({ err, routeId }, 'loader failed'),
        opts.clock,
      );
      own = computed;
      if (computed.status !== 200 || computed.redirect) return null;
      return {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': CachePolicy.page },
        body: Buffer.from(JSON.stringify(computed)),
      };
    };
    const found = await opts.cache.lookup(key.key, fill);
    if (found) return serveEntry(request, reply, found.entry, found.outcome);
    const pending = opts.cache.pending(key.key);
    const entry = await (pending ?? opts.cache.run(key.key, fill)).catch(() => null);
    // a request that waited for another's fill is served from the cache
    if (entry) return serveEntry(request, reply, entry, pending ? 'hit' : 'miss');
    markCache(reply, 'miss');
    // an error is sent as computed; a redirect is computed again from the visitor's own query
    if (own && !own.redirect) return sendPayload(reply, own);
  } else markCache(reply, 'bypass');
  const payload = await computePayload(
    toFetchRequest(request, reply, opts.origin, page.pathname + page.search),
    request.locale,
    request.server.upstream.apiFor(request),
    (err, routeId) => request.log.error({ err, routeId }, 'loader failed'),
    opts.clock,
  );
  return sendPayload(reply, payload);
}

function sendPayload(reply: FastifyReply, payload: Payload) {
  reply.header('cache-control', payload.status === 200 ? CachePolicy.page : CachePolicy.none);
  return reply.code(payload.status).type('application/json; charset=utf-8').send(payload);
}
