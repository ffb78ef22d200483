import { isRouteErrorResponse } from 'react-router';
import type { ApiPort } from '../../shared/api/api-port.ts';
import type { Locale } from '../../shared/constants.ts';
import type { Payload } from '../../shared/payload.ts';
import { loaderContext, type Clock } from '../../shared/router/context.ts';
import { ROOT_ROUTE_ID } from '../../shared/router/route-tree.ts';
import { loaderSpans } from '../tracing/loader-spans.ts';
import { createLocaleHandlers, createServerRoutes } from '../../shared/router/routes.server.ts';
import { serializeErrors } from '../../shared/serialize.ts';

/** The same routes and loaders as documents, without React: payloads never render. */
const handlers = createLocaleHandlers(await createServerRoutes(), loaderSpans);

/** Payloads a loader marked private (`Cache-Control: private` or `no-store`: a visitor's own values). */
const privatePayloads = new WeakSet<Payload>();
/** Whether a computed payload may be kept by a cache (the page cache, nginx, browsers' shared caches). */
export const isPrivatePayload = (payload: Payload) => privatePayloads.has(payload);

/** Loader data of a page below the root layout; errors keyed by the route that threw. */
export async function computePayload(
  request: Request,
  locale: Locale,
  api: ApiPort,
  onLoaderError: (err: unknown, routeId: string) => void,
  clock?: Clock,
): Promise<Payload> {
  const requestContext = loaderContext(api, clock);
  const result = await handlers[locale].query(request, {
    requestContext,
    skipLoaderErrorBubbling: true,
    filterMatchesToLoad: (match) => match.route.id !== ROOT_ROUTE_ID,
  });
  if (result instanceof Response) {
    const location = result.headers.get('location') ?? '/';
    return {
      status: result.status,
      loaderData: {},
      errors: null,
      redirect: {
        location,
        reloadDocument: /^[a-z]+:\/\//i.test(location) || result.headers.has('x-remix-reload-document'),
      },
    };
  }
  const loaderData: Record<string, unknown> = { ...result.loaderData };
  delete loaderData[ROOT_ROUTE_ID];
  for (const [routeId, err] of Object.entries(result.errors ?? {})) {
    if (!isRouteErrorResponse(err)) onLoaderError(err, routeId);
  }
  const payload: Payload = { status: result.statusCode, loaderData, errors: serializeErrors(result.errors) };
  const marked = Object.values(result.loaderHeaders).some((headers) =>
    /private|no-store/.test(headers.get('cache-control') ?? ''),
  );
  if (marked) privatePayloads.add(payload);
  return payload;
}
