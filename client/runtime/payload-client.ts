import { stripLocale } from '../../shared/locales.ts';
import { data, redirect, type DataStrategyFunction, type DataStrategyResult } from 'react-router';
import { isRecord } from '../../shared/json.ts';
import { payloadUrl, toPayload, type Payload } from '../../shared/payload.ts';
import { reportError } from '../../shared/ui/report.ts';
import { isTraversal } from './traversal.ts';

/** Thrown for a payload URL that names another host (SPEC §8). */
export const PAYLOAD_HOST_ERROR = 'Payload URL must not include hostname';

/** Payloads a tab keeps for back and forward at most: the least recently used is dropped first. */
export const MAX_HELD_PAYLOADS = 60;

export interface LoadOptions {
  /** a back or forward: the payload this tab kept of the page is used as it is, without a request */
  traversal?: boolean;
}

export interface PayloadClient {
  /**
   * The page's payload. A link's navigation (and a prefetch) asks the browser, whose HTTP cache keeps the answer as
   * long as the server said (`max-age`, the page cache's lifetime) and then revalidates it with its ETag; a traversal
   * uses what this tab kept. Concurrent callers of one URL share one fetch. A payload URL that would carry a host is
   * refused.
   */
  load(pathname: string, search: string, options?: LoadOptions): Promise<Payload>;
  /** Keep a payload the page already has (its hydration data), so going back to it asks the server nothing. */
  seed(pathname: string, search: string, payload: Payload): void;
  dataStrategy: DataStrategyFunction;
}

/** The hydration data a document carries (`window.__staticRouterHydrationData`). */
export interface HydrationData {
  loaderData?: Record<string, unknown>;
  errors?: Record<string, unknown> | null;
}

/**
 * Seed the payload cache with the first page's own data: its loader data below the root layout, as the server's
 * payload would carry it. Pages with errors are not seeded (their payload is fetched, as before).
 */
export function seedFromHydration(
  client: PayloadClient,
  hydration: HydrationData | undefined,
  location: { pathname: string; search: string },
  rootRouteId = 'root',
): boolean {
  if (!hydration?.loaderData || (hydration.errors && Object.keys(hydration.errors).length > 0)) return false;
  const loaderData = { ...hydration.loaderData };
  delete loaderData[rootRouteId];
  client.seed(location.pathname, location.search, { status: 200, loaderData, errors: null });
  return true;
}

/** What the data strategy asks of the app manifest (route rules, new builds). */
export interface ManifestView {
  isOutdated(): boolean;
  redirectFor(pathname: string): { location: string; reloadDocument: boolean } | undefined;
}

function reviveError(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const { __type, status, statusText, message } = value;
  if (__type === 'RouteErrorResponse')
    // react-router makes an error result's data() into the route error response its boundary shows
    return data(value.data ?? null, {
      status: typeof status === 'number' ? status : 500,
      statusText: typeof statusText === 'string' ? statusText : '',
    });
  if (__type === 'Error') return new Error(typeof message === 'string' ? message : undefined);
  return value;
}

/** A navigation the payload cannot serve becomes a full page load of the same URL. */
function fullPageLoad(url: string): Promise<never> {
  window.location.assign(url);
  return new Promise<never>(() => {});
}

/**
 * A redirect inside the router: react-router puts its basename (the locale prefix) in front of a loader's redirect,
 * so the site-absolute location (`/en/x`) becomes the router's own path (`/x`); without this `/en/en/x`.
 */
const inRouter = (location: string) => stripLocale(location);

export function createPayloadClient(
  buildId: string,
  options: { manifest?: ManifestView; fetchImpl?: typeof fetch } = {},
): PayloadClient {
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  /** what back and forward show again; insertion order is use order, the first key the least recently used */
  const held = new Map<string, Payload>();
  const inFlight = new Map<string, Promise<Payload>>();

  const keep = (url: string, payload: Payload) => {
    held.delete(url);
    held.set(url, payload);
    for (const oldest of held.keys()) {
      if (held.size <= MAX_HELD_PAYLOADS) break;
      held.delete(oldest);
    }
  };

  async function ask(url: string): Promise<Payload> {
    // a plain fetch: the HTTP cache answers while the payload is fresh, and revalidates it with its ETag after
    const res = await fetchImpl(url);
    if (!(res.headers.get('content-type') ?? '').includes('application/json'))
      throw new Error(`payload ${url} answered ${res.status} without JSON`);
    const payload = toPayload(await res.json());
    if (!payload) throw new Error(`payload ${url} answered ${res.status} with JSON that is not a payload`);
    keep(url, payload);
    return payload;
  }

  function load(pathname: string, search: string, loadOptions: LoadOptions = {}): Promise<Payload> {
    const url = payloadUrl(pathname, search, buildId);
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return Promise.reject(new Error(PAYLOAD_HOST_ERROR));
    const kept = loadOptions.traversal ? held.get(url) : undefined;
    if (kept) {
      keep(url, kept);
      return Promise.resolve(kept);
    }
    let running = inFlight.get(url);
    if (!running) {
      running = ask(url).finally(() => inFlight.delete(url));
      inFlight.set(url, running);
    }
    return running;
  }

  const seed = (pathname: string, search: string, payload: Payload) => {
    const url = payloadUrl(pathname, search, buildId);
    if (!held.has(url)) keep(url, payload);
  };

  /**
   * A redirect answer for every route being loaded, a Response of its own each: react-router puts the basename in front
   * of a redirect's location in place, once per route, and a page loads beside its section's strings route (ADR 0081);
   * one shared Response turned `/en/x` into `/en/en/x`.
   */
  const redirectEach = (toLoad: { route: { id: string } }[], location: string) =>
    Object.fromEntries(
      toLoad.map((m) => [m.route.id, { type: 'data', result: redirect(location) } satisfies DataStrategyResult]),
    );

  const dataStrategy: DataStrategyFunction = async ({ request, matches }) => {
    const toLoad = matches.filter((m) => m.shouldLoad);
    if (toLoad.length === 0) return {};
    const url = new URL(request.url);
    // a new build is out: this navigation loads the document (and with it the new code)
    if (options.manifest?.isOutdated()) return fullPageLoad(url.pathname + url.search + url.hash);
    const ruled = options.manifest?.redirectFor(url.pathname);
    if (ruled) {
      if (ruled.reloadDocument) return fullPageLoad(ruled.location);
      return redirectEach(toLoad, inRouter(ruled.location));
    }
    // back and forward show what this tab kept (no request); a link asks the browser (its HTTP cache, then the server)
    const traversal = await isTraversal(url.pathname + url.search);
    let payload: Payload;
    try {
      payload = await load(url.pathname, url.search, { traversal });
    } catch (err) {
      // manifest or payload fetch errors are only logged (SPEC §8); the visitor still gets the page
      reportError('payload fetch failed', err);
      return fullPageLoad(url.pathname + url.search + url.hash);
    }
    if (payload.redirect) {
      if (payload.redirect.reloadDocument) return fullPageLoad(payload.redirect.location);
      return redirectEach(toLoad, inRouter(payload.redirect.location));
    }
    const results: Record<string, DataStrategyResult> = {};
    for (const match of toLoad) {
      const id = match.route.id;
      const error = payload.errors?.[id];
      results[id] =
        error !== undefined
          ? { type: 'error', result: reviveError(error) }
          : { type: 'data', result: payload.loaderData[id] };
    }
    return results;
  };

  return { load, seed, dataStrategy };
}
