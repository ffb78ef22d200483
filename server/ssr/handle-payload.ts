import type { FastifyReply, FastifyRequest } from 'fastify';
import { createStaticHandler, isRouteErrorResponse, RouterContextProvider, type StaticHandler } from 'react-router';
import { LOCALES, type Locale } from '../../shared/constants.ts';
import { apiContext } from '../../shared/context.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { pageOfPayload, type Payload } from '../../shared/payload.ts';
import { ROOT_ROUTE_ID, routeTable, toRouteObjects } from '../../shared/routes/table.ts';
import { serializeErrors } from '../../shared/serialize.ts';
import { CachePolicy } from '../cache-policies.ts';
import { toFetchRequest } from './to-fetch-request.ts';

/** The same route table and loaders as documents, without React: payloads never render. */
const handlers = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    createStaticHandler(toRouteObjects(routeTable), { basename: LOCALE_INFO[locale].basename || '/' }),
  ]),
) as Record<Locale, StaticHandler>;

/** `GET {path}/_payload.json?{buildId}`: loader data of the page below the root layout, as JSON. */
export async function handlePayload(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { origin: string; buildId: string },
): Promise<unknown> {
  const url = new URL(request.url, opts.origin);
  const page = pageOfPayload(url.pathname, url.search, opts.buildId);
  if (!page) return reply.callNotFound();
  const fetchRequest = toFetchRequest(request, reply, opts.origin, page.pathname + page.search);
  const requestContext = new RouterContextProvider(new Map([[apiContext, request.server.upstream.apiFor(request)]]));
  const result = await handlers[request.locale].query(fetchRequest, {
    requestContext,
    skipLoaderErrorBubbling: true,
    filterMatchesToLoad: (match) => match.route.id !== ROOT_ROUTE_ID,
  });

  let payload: Payload;
  if (result instanceof Response) {
    const location = result.headers.get('location') ?? '/';
    payload = {
      status: result.status,
      loaderData: {},
      errors: null,
      redirect: { location, reloadDocument: /^[a-z]+:\/\//i.test(location) || result.headers.has('x-remix-reload-document') },
    };
  } else {
    const { [ROOT_ROUTE_ID]: _root, ...loaderData } = result.loaderData as Record<string, unknown>;
    void _root;
    const errors = result.errors ?? {};
    for (const [routeId, err] of Object.entries(errors)) {
      if (!isRouteErrorResponse(err)) request.log.error({ err, routeId }, 'loader failed');
    }
    payload = { status: result.statusCode, loaderData, errors: serializeErrors(result.errors) };
  }
  reply.header('cache-control', payload.status === 200 ? CachePolicy.page : CachePolicy.none);
  return reply.code(payload.status).type('application/json; charset=utf-8').send(payload);
}
