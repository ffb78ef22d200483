import { stripLocale } from '../../shared/locales.ts';
import { data, redirect, type DataStrategyFunction, type DataStrategyResult } from 'react-router';
import { isRecord } from '../../shared/json.ts';
import { payloadUrl, toPayload, type Payload } from '../../shared/payload.ts';
import { reportError } from '../../shared/ui/report.ts';
import { isTraversal, watchTraversals } from './traversal.ts';

/** Thrown for a payload URL that names another host (SPEC §8). */
export const PAYLOAD_HOST_ERROR = 'Payload URL must not include hostname';

/** Payloads a tab holds at most: the least recently used is dropped first (a long-open tab stays bounded). */
export const MAX_HELD_PAYLOADS = 60;

/**
 * How long a held payload counts as fresh when its answer names no lifetime (one seeded from the document): the page
 * cache's (`PAGE_CACHE_TTL_MS`' default, the `s-maxage` of pages and payloads).
 */
export const DEFAULT_PAYLOAD_LIFETIME_MS = 60_000;

export interface LoadOptions {
  /**
   * A link's navigation (not back or forward): a held payload older than its lifetime is revalidated first, with its
   * ETag (kept on a 304). Without it, whatever is held is used as it is.
   */
  revalidate?: boolean;
}

export interface PayloadClient {
  /**
   * The page's payload: fetched once per URL and held (at most MAX_HELD_PAYLOADS, least recently used dropped);
   * concurrent callers share one fetch.
   */
  load(pathname: string, search: string, options?: LoadOptions): Promise<Payload>;
  /** Same, for a payload URL; one carrying a host is refused. */
  loadUrl(url: string, options?: LoadOptions): Promise<Payload>;
  /** Keep a payload the page already has (its hydration data), so coming back to it asks the server nothing. */
  seed(pathname: string, search: string, payload: Payload): void;
  /** how many payloads are held */
  readonly size: number;
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

/** The lifetime an answer gives shared caches (`s-maxage`, else `max-age`), in ms; the default when it names none. */
export function payloadLifetime(cacheControl: string | null): number {
  const directive = (name: string) => new RegExp(`(?:^|[,\\s])${name}=(\\d+)`, 'i').exec(cacheControl ?? '')?.[1];
  const seconds = directive('s-maxage') ?? directive('max-age');
  return seconds === undefined ? DEFAULT_PAYLOAD_LIFETIME_MS : Number(seconds) * 1000;
}

/** One held payload: the promise its callers share, when it was received, for how long it is fresh, its ETag. */
interface Held {
  payload: Promise<Payload>;
  receivedAt: number;
  lifetimeMs: number;
  etag: string | undefined;
  /** a fetch or revalidation is under way (its callers share `payload`) */
  busy: boolean;
}

/** What a payload request answered: a payload, or (to a conditional request) that the held one is unchanged. */
type Answer =
  | { payload: Payload; lifetimeMs: number; etag: string | undefined }
  | { notModified: true; lifetimeMs: number; etag: string | undefined };

export function createPayloadClient(
  buildId: string,
  options: {
    manifest?: ManifestView;
    fetchImpl?: typeof fetch;
    /** the clock the payloads' ages are read by (ms) */
    now?: () => number;
    maxHeld?: number;
  } = {},
): PayloadClient {
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? (() => Date.now());
  const maxHeld = options.maxHeld ?? MAX_HELD_PAYLOADS;
  /** insertion order is use order: the first key is the least recently used */
  const held = new Map<string, Held>();
  watchTraversals();

  const keep = (url: string, entry: Held) => {
    held.delete(url);
    held.set(url, entry);
    for (const oldest of held.keys()) {
      if (held.size <= maxHeld) break;
      held.delete(oldest);
    }
  };

  const load = (pathname: string, search: string, loadOptions?: LoadOptions) =>
    loadUrl(payloadUrl(pathname, search, buildId), loadOptions);
  const seed = (pathname: string, search: string, payload: Payload) => {
    const url = payloadUrl(pathname, search, buildId);
    if (!held.has(url))
      keep(url, {
        payload: Promise.resolve(payload),
        receivedAt: now(),
        lifetimeMs: DEFAULT_PAYLOAD_LIFETIME_MS,
        etag: undefined,
        busy: false,
      });
  };

  async function ask(url: string, etag: string | undefined): Promise<Answer> {
    // `no-cache`: a payload kept in the HTTP cache is revalidated before use (a 304 when unchanged), never served
    // stale. Payloads are sent with `max-age=0, stale-while-revalidate` (for shared caches); by default Chromium
    // honours it too: it hands back the stale copy and starts a second request of the same URL in the background,
    // whose response nothing reads, so the page never reaches network idle. A revalidation of a held payload sends
    // its ETag itself and leaves the HTTP cache out (`no-store`), so the 304 comes back to it as it is.
    const res = await fetchImpl(url, {
      headers: etag ? { accept: 'application/json', 'if-none-match': etag } : { accept: 'application/json' },
      credentials: 'same-origin',
      cache: etag ? 'no-store' : 'no-cache',
    });
    const lifetimeMs = payloadLifetime(res.headers.get('cache-control'));
    const answeredEtag = res.headers.get('etag') ?? undefined;
    if (etag && res.status === 304) return { notModified: true, lifetimeMs, etag: answeredEtag ?? etag };
    if (!(res.headers.get('content-type') ?? '').includes('application/json')) {
      throw new Error(`payload ${url} answered ${res.status} without JSON`);
    }
    const payload = toPayload(await res.json());
    if (!payload) throw new Error(`payload ${url} answered ${res.status} with JSON that is not a payload`);
    return { payload, lifetimeMs, etag: answeredEtag };
  }

  function fetchNew(url: string): Promise<Payload> {
    const entry: Held = {
      receivedAt: now(),
      lifetimeMs: 0,
      etag: undefined,
      busy: true,
      payload: ask(url, undefined).then((answer) => {
        if ('notModified' in answer) throw new Error(`payload ${url} answered 304 to a request without a validator`);
        Object.assign(entry, { receivedAt: now(), lifetimeMs: answer.lifetimeMs, etag: answer.etag, busy: false });
        return answer.payload;
      }),
    };
    keep(url, entry);
    // a failed fetch is not remembered: the next navigation tries again
    entry.payload.catch(() => {
      if (held.get(url) === entry) held.delete(url);
    });
    return entry.payload;
  }

  /** A held payload past its lifetime, asked again with its ETag; on a failure the held one still serves. */
  function revalidate(url: string, entry: Held): Promise<Payload> {
    const previous = entry.payload;
    entry.busy = true;
    entry.payload = previous.then(async (kept) => {
      try {
        const answer = await ask(url, entry.etag);
        Object.assign(entry, { receivedAt: now(), lifetimeMs: answer.lifetimeMs, etag: answer.etag });
        return 'notModified' in answer ? kept : answer.payload;
      } catch (err) {
        reportError('payload revalidation failed', err);
        return kept;
      } finally {
        entry.busy = false;
      }
    });
    return entry.payload;
  }

  function loadUrl(url: string, loadOptions: LoadOptions = {}): Promise<Payload> {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return Promise.reject(new Error(PAYLOAD_HOST_ERROR));
    const entry = held.get(url);
    if (!entry) return fetchNew(url);
    keep(url, entry);
    const stale = now() - entry.receivedAt >= entry.lifetimeMs;
    return loadOptions.revalidate && stale && !entry.busy ? revalidate(url, entry) : entry.payload;
  }

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
    // back and forward use what is held as it is (no request); a link to a page held too long revalidates it
    const traversal = await isTraversal(url.pathname + url.search);
    let payload: Payload;
    try {
      payload = await load(url.pathname, url.search, { revalidate: !traversal });
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

  return {
    load,
    loadUrl,
    seed,
    get size() {
      return held.size;
    },
    dataStrategy,
  };
}
