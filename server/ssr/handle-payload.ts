import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageOfPayload, type Payload } from '../../shared/payload.ts';
import { resolveRedirect, routeRules } from '../../shared/router/route-rules.ts';
import type { Clock } from '../../shared/router/context.ts';
import { CachePolicy } from '../cache-policies.ts';
import { computePayload } from './payload.ts';
import type { Prerendered } from './prerendered.ts';
import { toFetchRequest } from './to-fetch-request.ts';

/** `GET {path}/_payload.json?{buildId}`: loader data of the page below the root layout, as JSON. */
export async function handlePayload(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { origin: string; buildId: string; prerendered: Prerendered; clock?: Clock },
): Promise<unknown> {
  const url = new URL(opts.origin + request.url);
  const page = pageOfPayload(url.pathname, url.search, opts.buildId);
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
  const payload = await computePayload(
    toFetchRequest(request, reply, opts.origin, page.pathname + page.search),
    request.locale,
    request.server.upstream.apiFor(request),
    (err, routeId) => request.log.error({ err, routeId }, 'loader failed'),
    opts.clock,
  );
  reply.header('cache-control', payload.status === 200 ? CachePolicy.page : CachePolicy.none);
  return reply.code(payload.status).type('application/json; charset=utf-8').send(payload);
}
