import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Payload } from '../../shared/payload.ts';
import { resolveRedirect, routeRules } from '../../shared/router/route-rules.ts';
import type { Clock } from '../../shared/router/context.ts';
import { CachePolicy } from '../cache-policies.ts';
import { newSources, type Sources } from '../upstream/api.ts';
import type { PayloadRequest } from './cache-key.ts';
import { pageEntry, pageSources } from './page-cache.ts';
import { computePayload, isPrivatePayload } from './payload.ts';
import type { Prerendered } from './prerendered.ts';
import { markCache, servePage, setRenderedCaching, type Produced } from './serve-entry.ts';
import { toFetchRequest } from './to-fetch-request.ts';

/**
 * `GET {path}/_payload.json?{buildId}`: loader data of the page below the root layout, as JSON. The reply itself
 * when the answer was sent in this tick (a stored or prerendered payload), else the promise of the answer.
 */
export function handlePayload(
  request: FastifyRequest,
  reply: FastifyReply,
  { page, key }: PayloadRequest,
  opts: { prerendered: Prerendered; clock?: Clock },
): FastifyReply | Promise<unknown> {
  if (!page) {
    reply.callNotFound();
    return reply;
  }
  const found = resolveRedirect(routeRules, page.pathname, request.locale);
  if (found) {
    // the client follows it: a router navigation, or a full page load for an absolute target
    const payload: Payload = {
      status: found.statusCode,
      loaderData: {},
      errors: null,
      redirect: { location: found.location, reloadDocument: found.reloadDocument },
    };
    return reply
      .header('cache-control', request.server.pagePolicies.payload)
      .type('application/json; charset=utf-8')
      .send(payload);
  }
  const ready = page.search === '' ? opts.prerendered.payloads.get(page.pathname) : undefined;
  if (ready !== undefined) {
    // made at build time (the URL carries the build id)
    return reply.header('cache-control', CachePolicy.immutable).type('application/json; charset=utf-8').send(ready);
  }
  const compute = (url: string, sources: Sources, fetchRequest = new Request(new URL(url, request.publicOrigin))) =>
    computePayload(
      fetchRequest,
      request.locale,
      request.server.upstream.apiFor(request, sources),
      (err, routeId) => request.log.error({ err, routeId }, 'loader failed'),
      opts.clock,
    );
  /** this visitor's own answer, from the query it sent */
  const own = async () => {
    const sources = newSources();
    const url = page.pathname + page.search;
    return sendPayload(reply, await compute(url, sources, toFetchRequest(request, reply, url)), sources);
  };
  const cache = request.server.pageCache;
  if (!cache || !key) {
    markCache(reply, 'bypass');
    return own();
  }
  // pre-serialized and precompressed: a hit sends stored bytes
  return servePage(request, reply, cache, key.key, async (): Promise<Produced> => {
    const sources = pageSources(request.server.upstream.cache, key);
    const computed = await compute(key.url, sources);
    if (computed.status === 200 && !computed.redirect && !isPrivatePayload(computed)) {
      const body = Buffer.from(JSON.stringify(computed));
      const headers = {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': request.server.pagePolicies.payload,
      };
      return { kind: 'entry', entry: await pageEntry(key, { status: 200, headers, body }, sources) };
    }
    // an error is sent as computed; a redirect is computed again from the visitor's own query
    return { kind: 'live', send: () => (computed.redirect ? own() : sendPayload(reply, computed, sources)) };
  });
}

function sendPayload(reply: FastifyReply, payload: Payload, sources: Sources) {
  setRenderedCaching(reply, payload.status === 200 && !isPrivatePayload(payload), sources.tags, 'payload');
  return reply.code(payload.status).type('application/json; charset=utf-8').send(payload);
}
