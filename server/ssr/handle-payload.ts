import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_INFO, stripLocale } from '../../shared/locales.ts';
import { pageOfPayload, type Payload } from '../../shared/payload.ts';
import { isAbsoluteUrl, matchRouteRule, redirectTarget, routeRules } from '../../shared/route-rules.ts';
import { CachePolicy } from '../cache-policies.ts';
import { computePayload } from './payload.ts';
import type { Prerendered } from './prerendered.ts';
import { toFetchRequest } from './to-fetch-request.ts';

/** `GET {path}/_payload.json?{buildId}`: loader data of the page below the root layout, as JSON. */
export async function handlePayload(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { origin: string; buildId: string; prerendered: Prerendered },
): Promise<unknown> {
  const url = new URL(opts.origin + request.url);
  const page = pageOfPayload(url.pathname, url.search, opts.buildId);
  if (!page) return reply.callNotFound();
  const rule = matchRouteRule(routeRules, stripLocale(page.pathname));
  const target = rule && redirectTarget(rule, LOCALE_INFO[request.locale].basename);
  if (rule?.redirect && target) {
    // the client follows it: a router navigation, or a full page load for an absolute target
    const payload: Payload = {
      status: rule.redirect.statusCode,
      loaderData: {},
      errors: null,
      redirect: { location: target, reloadDocument: isAbsoluteUrl(target) },
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
  );
  reply.header('cache-control', payload.status === 200 ? CachePolicy.page : CachePolicy.none);
  return reply.code(payload.status).type('application/json; charset=utf-8').send(payload);
}
