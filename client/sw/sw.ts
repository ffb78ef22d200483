/**
 * The site's service worker (Workbox). The server writes its configuration in front of this code (`/sw.js`,
 * server/routes/service-worker.ts): the build id the build poll compares, what every page loads, the feedback form's
 * chunks. What it keeps, and how (ADR 0093):
 * - what every page loads at install (precache); other hashed assets and image renditions cache-first;
 * - documents network-first with a short timeout, falling back to the kept copy, then to the offline page of the
 *   reader's language listing the pages kept; payloads network-first too, so client navigation works offline;
 * - what the reader saved for offline (the WGMS page, its data, its CSV files), until the next build;
 * - feedback posted offline, sent again when the connection returns, with its idempotency key.
 * Every cache carries the build id; a new build drops the caches of older ones. Only 200 answers that shared caches
 * may keep are stored: never error pages, `no-store` or `private` answers, nor a POST.
 */
import { Queue } from 'workbox-background-sync';
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { imageUrl, snapWidth } from '../../shared/images.ts';
import { isRecord } from '../../shared/json.ts';
import { LOCALE_INFO, localeFromPath } from '../../shared/locales.ts';
import { FEEDBACK_PATH } from '../../shared/feedback.ts';
import { FEEDBACK_PENDING_ANSWER, FEEDBACK_PENDING_STATUS } from '../../shared/ui/feedback/submission.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  OFFLINE_PATH,
  REFUSED_FEEDBACK_CACHE,
  refusedFeedbackOf,
  WORKER_CONFIG_GLOBAL,
  type BuildQuery,
  type KitMessage,
  type RefusedFeedback,
  type RefusedList,
  type SaveResult,
  type WorkerConfig,
} from '../../shared/offline.ts';
import { PAYLOAD_SUFFIX } from '../../shared/payload.ts';
import { VITALS_PATH } from '../../shared/web-vitals.ts';
import {
  IMAGE_ENDPOINT,
  IMAGE_OUTPUT_FORMATS,
  LOCALES,
  type ImageOutputFormat,
  type Locale,
} from '../../shared/constants.ts';
import { documentTitle, fillOfflineList, keepable, pointAt, SIZE_HEADER, TITLE_HEADER, type KeptPage } from './kept.ts';
import { currentConnection, isMetered } from '../runtime/connection.ts';
import { cacheNames, isOldCache, LIMITS } from './caches.ts';
import { trimToBudget } from './storage-budget.ts';

declare const self: ServiceWorkerGlobalScope & { [WORKER_CONFIG_GLOBAL]: WorkerConfig };

const config = self[WORKER_CONFIG_GLOBAL];
const names = cacheNames(config.buildId);
setCacheNameDetails({ prefix: 'portal', suffix: config.buildId });

/**
 * The build of the worker that controls the pages now, asked over a MessageChannel; undefined when there is none or
 * it does not answer within a second (a worker of a build from before this question).
 */
function activeBuildTimestamp(): Promise<number | undefined> {
  const active = self.registration.active;
  if (active === null || active === self.serviceWorker) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), 1000);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      const answer = event.data;
      resolve(isRecord(answer) && typeof answer.buildTimestamp === 'number' ? answer.buildTimestamp : undefined);
    };
    active.postMessage({ type: 'build?' } satisfies BuildQuery, [channel.port2]);
  });
}

// a new build takes over at once: the pages of the old one load their next page as a document (the build poll says
// so), and the old build's assets are gone from the server anyway. An OLDER build never does: during a rolling deploy
// the browser's own update check may fetch /sw.js from a replica still on the old build; its install fails, so it is
// discarded and the newer worker stays in charge of the pages and their caches.
self.addEventListener('install', (event) =>
  event.waitUntil(
    activeBuildTimestamp().then((active) => {
      if (active !== undefined && active > config.buildTimestamp)
        throw new Error(`build ${config.buildId} is older than the active worker's; not installed`);
      return self.skipWaiting();
    }),
  ),
);
clientsClaim();

/** A static route of the worker (the Service Worker Static Routing API; not in TypeScript's WebWorker library yet). */
interface RouterRule {
  condition: { urlPattern: URLPattern };
  source: 'network';
}
const hasStaticRoutes = (
  event: ExtendableEvent,
): event is ExtendableEvent & { addRoutes: (rules: RouterRule[]) => Promise<void> } =>
  'addRoutes' in event && typeof event.addRoutes === 'function';

// field vitals never wait on this worker (ADR 0119): a page sends its beacon as it is hidden, when the reader leaves,
// and a request the worker's fetch handler lets fall through to the network goes out on the page's behalf, which a
// page gone by then no longer has (Chromium lost most of them). Where the browser takes static routes, the beacon goes
// to the network without the worker; elsewhere the worker sends it itself (the NetworkOnly route below).
self.addEventListener('install', (event) => {
  if (hasStaticRoutes(event)) {
    const beacons = new URLPattern({ pathname: VITALS_PATH, baseURL: self.location.origin });
    // a browser that refuses the rule still installs the worker: its NetworkOnly route sends the beacons
    event.waitUntil(event.addRoutes([{ condition: { urlPattern: beacons }, source: 'network' }]).catch(() => {}));
  }
});
/**
 * A newer worker is installing, waiting or active: this one stores and drops nothing more (the caches are the new
 * one's to manage; dropping "other builds'" caches now would drop the new one's precache while it installs).
 */
function superseded(): boolean {
  const me = self.serviceWorker;
  if (me === undefined) return false;
  const other = (worker: ServiceWorker | null) => worker !== null && worker !== me;
  const { installing, waiting, active } = self.registration;
  const mine = me.state === 'activating' || me.state === 'activated';
  return other(installing) || other(waiting) || (mine && other(active));
}

/**
 * Drop the caches of other builds: on activation, and again on each page view (a worker being replaced may still
 * have been storing an answer while this one activated). A superseded worker drops nothing: the other build is newer.
 */
const dropOldCaches = async () => {
  if (superseded()) return;
  for (const name of (await caches.keys()).filter((n) => isOldCache(n, config.buildId))) {
    await caches.delete(name);
    // and the expiration's timestamps of its entries (IndexedDB), which would otherwise stay
    await new CacheExpiration(name, { maxEntries: 1 }).delete();
  }
};
self.addEventListener('activate', (event) => event.waitUntil(dropOldCaches()));

precacheAndRoute(config.precache.map((url) => ({ url, revision: null })));

/* ---------------------------------------------------------------- what may be kept */

const isSameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * The answer rebuilt with this body and our own headers: its length and encoding were those of the network's bytes,
 * and a title or size header it came with is not ours.
 */
function withBody(response: Response, body: BodyInit, extra: Record<string, string> = {}): Response {
  const headers = new Headers(response.headers);
  for (const name of ['content-length', 'content-encoding', TITLE_HEADER, SIZE_HEADER]) headers.delete(name);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** An answer as it is kept: with its size (the storage budget), a document also with its title (the offline page). */
async function asKept(response: Response): Promise<Response> {
  if (!/text\/html/.test(response.headers.get('content-type') ?? '')) {
    const bytes = await response.arrayBuffer();
    return withBody(response, bytes, { [SIZE_HEADER]: String(bytes.byteLength) });
  }
  const html = await response.text();
  const title = documentTitle(html);
  return withBody(response, html, {
    [SIZE_HEADER]: String(new TextEncoder().encode(html).byteLength),
    ...(title ? { [TITLE_HEADER]: encodeURIComponent(title) } : {}),
  });
}

/** Stores only what may be kept (`keepable`, of the route's type), as it is kept; nothing once superseded. */
const only = (type: RegExp): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) => (!superseded() && keepable(response, type) ? asKept(response) : null),
});
const documentsOnly = only(/text\/html/);

/* ---------------------------------------------------------------- the storage budget */

let trimming: Promise<unknown> | undefined;
/** After each store: runtime caches over the budget lose their oldest entries (images first, documents last). */
const budget: WorkboxPlugin = {
  cacheDidUpdate: async () => {
    trimming ??= trimToBudget(
      LIMITS.storageBytes,
      [names.images, names.assets, names.data, names.payloads, names.documents],
      caches,
      () => navigator.storage.estimate(),
      (response) => Number(response?.headers.get(SIZE_HEADER) ?? 0),
    ).finally(() => (trimming = undefined));
    await trimming;
  },
};

const expiring = (maxEntries: number) =>
  new ExpirationPlugin({ maxEntries, maxAgeSeconds: LIMITS.maxAgeSeconds, purgeOnQuotaError: true });

/* ---------------------------------------------------------------- metered connections */

type Conditions = Pick<KitMessage, 'metered' | 'dpr'>;
/** Where the conditions the pages said last are kept (a worker is stopped when idle and starts again without them). */
const CONDITIONS_URL = '/sw-conditions.json';
let conditions: Promise<Conditions> | undefined;
const readConditions = () =>
  (conditions ??= caches
    .match(CONDITIONS_URL, { cacheName: names.kit })
    .then((kept) => (kept ? kept.json() : undefined))
    .then((kept: unknown): Conditions => {
      if (!isRecord(kept)) return { metered: false, dpr: 1 };
      return { metered: kept.metered === true, dpr: typeof kept.dpr === 'number' && kept.dpr > 0 ? kept.dpr : 1 };
    })
    .catch(() => ({ metered: false, dpr: 1 })));
async function keepConditions(next: Conditions): Promise<void> {
  conditions = Promise.resolve(next);
  await (await caches.open(names.kit)).put(CONDITIONS_URL, new Response(JSON.stringify(next)));
}
/** Metered: as the pages said (their `navigator.connection`), as the worker's own connection or the request says. */
const meteredFor = (request: Request, said: Conditions) =>
  said.metered || request.headers.get('save-data') === 'on' || isMetered(currentConnection(navigator));

const RENDITION = new RegExp(`^${IMAGE_ENDPOINT}/w_(\\d+),f_([a-z]+)/(.+)$`);
const isFormat = (value: string): value is ImageOutputFormat => IMAGE_OUTPUT_FORMATS.some((f) => f === value);
/** On a metered connection an image rendition is asked at density 1: the width the browser chose over the DPR. */
async function densityOne(request: Request): Promise<Request> {
  const said = await readConditions();
  if (!meteredFor(request, said) || said.dpr <= 1) return request;
  const url = new URL(request.url);
  const [, asked = '0', format = '', source = ''] = RENDITION.exec(url.pathname) ?? [];
  if (!isFormat(format)) return request;
  const width = snapWidth(Math.ceil(Number(asked) / said.dpr));
  if (width >= Number(asked)) return request;
  // the same Accept: `f_auto` answers the format the browser takes (AVIF, WebP)
  return new Request(new URL(imageUrl(source, width, format), url).href, { headers: request.headers });
}
const lighterImages: WorkboxPlugin = {
  cacheKeyWillBeUsed: ({ request }) => densityOne(request),
  requestWillFetch: ({ request }) => densityOne(request),
};

/* ---------------------------------------------------------------- kept copies and the offline page */

const kept = async (request: Request) =>
  (await caches.match(request, { cacheName: names.saved, ignoreVary: true })) ??
  (await caches.match(request, { cacheName: names.kit, ignoreVary: true }));

const offlinePath = (locale: Locale) => `${LOCALE_INFO[locale].basename}${OFFLINE_PATH}`;

/**
 * The documents kept in the reader's language, the most recently stored first (the offline page itself left out);
 * pages of one path with the same title (the WGMS page with each glacier chosen) are listed once, the shortest URL.
 */
async function keptPages(locale: Locale): Promise<KeptPage[]> {
  const pages = new Map<string, KeptPage>();
  for (const name of [names.documents, names.saved, names.kit]) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of [...(await cache.keys())].reverse()) {
      const url = new URL(request.url);
      if (localeFromPath(url.pathname) !== locale || url.pathname === offlinePath(locale)) continue;
      const stored = (await cache.match(request))?.headers.get(TITLE_HEADER);
      if (stored === null || stored === undefined) continue;
      let title: string;
      try {
        title = decodeURIComponent(stored);
      } catch {
        continue;
      }
      const page = { href: url.pathname + url.search, title };
      const key = `${url.pathname}\n${page.title}`;
      const listed = pages.get(key);
      if (!listed || page.href.length < listed.href.length) pages.set(key, page);
    }
  }
  return [...pages.values()];
}

/**
 * The offline page in the URL's language (or the other one, when only that one is kept), listing the pages kept in
 * the same language; a network error when no offline page is kept.
 */
async function offlinePage(request: Request): Promise<Response> {
  const asked = localeFromPath(new URL(request.url).pathname);
  for (const locale of [asked, ...LOCALES.filter((l) => l !== asked)]) {
    const page = await caches.match(offlinePath(locale), { cacheName: names.kit, ignoreVary: true });
    if (page)
      return withBody(page, pointAt(fillOfflineList(await page.text(), await keptPages(locale)), new URL(request.url)));
  }
  return Response.error();
}

const keptOrOffline: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await kept(request)) ?? offlinePage(request),
};
const keptOnly: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await kept(request)) ?? Response.error(),
};

/* ---------------------------------------------------------------- routes (the first that matches answers) */

/** A page of the site: not a file (an extension), not an endpoint (`/_img`, `/api`, `/builds`, `/__purge`). */
const isPagePath = (pathname: string) =>
  !/\.[a-z0-9]+$/i.test(pathname) && !/^(\/en)?\/(_|api\/|builds\/|data\/)/.test(pathname);
const isFeedbackPath = (pathname: string) =>
  pathname === FEEDBACK_PATH || pathname === `${LOCALE_INFO.en.basename}${FEEDBACK_PATH}`;

// a vitals beacon where the browser has no static routes (above): the worker sends it, so it outlives the page
registerRoute(({ url }) => isSameOrigin(url) && url.pathname === VITALS_PATH, new NetworkOnly(), 'POST');

// feedback sent without a connection: kept, sent again later (below)
registerRoute(
  ({ url, request }) =>
    isSameOrigin(url) && isFeedbackPath(url.pathname) && request.headers.has(IDEMPOTENCY_KEY_HEADER),
  ({ request }) => postFeedback(request),
  'POST',
);

registerRoute(
  ({ url }) => isSameOrigin(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: names.assets, plugins: [only(/./), expiring(LIMITS.assets), budget] }),
);

// a kept rendition shows at once, and is asked again behind it: a picture an editor replaced (ADR 0109: browsers keep
// it an hour, then revalidate by its ETag) reaches a returning reader the next time it is shown, not with a new build
registerRoute(
  ({ url }) => isSameOrigin(url) && url.pathname.startsWith(`${IMAGE_ENDPOINT}/`),
  new StaleWhileRevalidate({
    cacheName: names.images,
    plugins: [lighterImages, only(/^image\//), expiring(LIMITS.images), budget],
  }),
);

registerRoute(
  ({ url }) => isSameOrigin(url) && url.pathname.endsWith(PAYLOAD_SUFFIX),
  new NetworkFirst({
    cacheName: names.payloads,
    networkTimeoutSeconds: LIMITS.networkTimeoutSeconds,
    matchOptions: { ignoreVary: true },
    plugins: [only(/json/), expiring(LIMITS.payloads), budget, keptOnly],
  }),
);

registerRoute(
  ({ url }) => isSameOrigin(url) && /^(\/en)?\/data\//.test(url.pathname),
  new NetworkFirst({
    cacheName: names.data,
    networkTimeoutSeconds: LIMITS.networkTimeoutSeconds,
    matchOptions: { ignoreVary: true },
    plugins: [only(/csv|json/), expiring(LIMITS.data), budget, keptOnly],
  }),
);

registerRoute(
  ({ url, request }) => isSameOrigin(url) && request.mode === 'navigate' && isPagePath(url.pathname),
  new NetworkFirst({
    cacheName: names.documents,
    networkTimeoutSeconds: LIMITS.networkTimeoutSeconds,
    matchOptions: { ignoreVary: true },
    plugins: [documentsOnly, expiring(LIMITS.documents), budget, keptOrOffline],
  }),
);

/* ---------------------------------------------------------------- feedback that waits for a connection */

const feedbackQueue = new Queue('portal-feedback', {
  // a week, in minutes
  maxRetentionTime: 7 * 24 * 60,
  onSync: () => sendKeptFeedback(),
});

async function postFeedback(request: Request): Promise<Response> {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch {
    await feedbackQueue.pushRequest({ request: copy });
    return new Response(JSON.stringify(FEEDBACK_PENDING_ANSWER), {
      status: FEEDBACK_PENDING_STATUS,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
}

/** Answers that say "not now" (the connection, a busy or rate-limiting server): the post is kept for later. */
const RETRY_STATUSES = new Set([408, 429, 503, 504]);

let sending: Promise<void> | undefined;
/**
 * Send the kept posts in order, one attempt at a time (the sync event, several tabs and page views may all ask at
 * once: two loops could take the same post). A post that fails for lack of a connection or a "not now" answer goes
 * back to the front and the rest wait for the next attempt; any other answer ends it (taken, or refused for good:
 * sending it again would not help). The idempotency key makes a repeat after a lost answer harmless.
 */
const sendKeptFeedback = () =>
  (sending ??= (async () => {
    for (let entry = await feedbackQueue.shiftRequest(); entry; entry = await feedbackQueue.shiftRequest()) {
      let status: number;
      try {
        status = (await fetch(entry.request.clone())).status;
      } catch (err) {
        await feedbackQueue.unshiftRequest(entry);
        throw err;
      }
      if (RETRY_STATUSES.has(status)) {
        await feedbackQueue.unshiftRequest(entry);
        throw new Error(`feedback answered ${status}; kept for the next attempt`);
      }
      // refused for good: sending it again would not help, but the reader gets the text back (the next page view)
      if (status < 200 || status >= 300) await keepRefused(entry.request);
    }
  })().finally(() => (sending = undefined)));

/** Where a refused post is kept (by its idempotency key). */
const refusedUrl = (id: string) => `/__refused-feedback/${encodeURIComponent(id)}`;

/** Keep what the reader wrote in a post the server refused, until the reader has seen it. */
async function keepRefused(request: Request): Promise<void> {
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return;
  }
  if (!isRecord(body) || typeof body.message !== 'string') return;
  const refused: RefusedFeedback = {
    id: request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? String(Date.now()),
    locale: body.locale === 'en' ? 'en' : 'ru',
    message: body.message,
  };
  await (await caches.open(REFUSED_FEEDBACK_CACHE)).put(refusedUrl(refused.id), Response.json(refused));
}

async function refusedPosts(): Promise<RefusedList> {
  if (!(await caches.has(REFUSED_FEEDBACK_CACHE))) return { refused: [] };
  const cache = await caches.open(REFUSED_FEEDBACK_CACHE);
  const refused: RefusedFeedback[] = [];
  for (const request of await cache.keys()) {
    const kept = refusedFeedbackOf(await (await cache.match(request))?.json());
    if (kept) refused.push(kept);
  }
  return { refused };
}

async function forgetRefused(id: string): Promise<RefusedList> {
  await (await caches.open(REFUSED_FEEDBACK_CACHE)).delete(refusedUrl(id));
  return refusedPosts();
}

/* ---------------------------------------------------------------- the kit, saving for offline */

/**
 * Fetch a same-origin URL into a cache, kept as the routes keep answers; whether it is kept. What is kept already is
 * fetched again only with `refresh` (saving again updates the saved copy).
 */
async function keep(cacheName: string, url: string, refresh = false): Promise<boolean> {
  if (superseded()) return false;
  const cache = await caches.open(cacheName);
  if (!refresh && (await cache.match(url, { ignoreVary: true }))) return true;
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    return false;
  }
  if (!keepable(response, /./) || superseded()) return false;
  await cache.put(url, await asKept(response));
  return true;
}

/**
 * The page's conditions; the reader's offline page always (a few KB); the feedback page and form only when the
 * connection is not metered. A page of a newer build makes the worker look for its update first.
 */
async function keepKit(message: KitMessage): Promise<void> {
  if (superseded()) return;
  if (message.buildTimestamp > config.buildTimestamp) await self.registration.update().catch(() => {});
  if (superseded()) return;
  await keepConditions({ metered: message.metered, dpr: message.dpr });
  await dropOldCaches();
  const base = LOCALE_INFO[message.locale].basename;
  await keep(names.kit, offlinePath(message.locale));
  if (message.metered || isMetered(currentConnection(navigator))) return;
  // its code first: once the feedback page is kept, it opens offline
  for (const url of config.kit) await keep(names.assets, url);
  await keep(names.kit, `${base}${FEEDBACK_PATH}`);
}

/** A path of this site (never a URL another origin could be read from, such as `/\\host`). */
function sitePath(url: unknown): url is string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.length > 2048) return false;
  try {
    return new URL(url, self.location.origin).origin === self.location.origin;
  } catch {
    return false;
  }
}

/** Most URLs one message may ask to keep; those beyond are reported as not kept. */
const MAX_SAVE = 500;

async function save(urls: unknown[]): Promise<SaveResult> {
  const wanted = urls.filter(sitePath).slice(0, MAX_SAVE);
  const failed: string[] = urls.filter((url): url is string => typeof url === 'string' && !wanted.includes(url));
  let next = 0;
  // four at a time
  const worker = async () => {
    for (let i = next++; i < wanted.length; i = next++) {
      const url = wanted[i];
      if (url !== undefined && !(await keep(names.saved, url, true))) failed.push(url);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { saved: wanted.length - failed.filter((url) => wanted.includes(url)).length, failed };
}

async function savedAlready(urls: unknown[]): Promise<SaveResult> {
  const cache = await caches.open(names.saved);
  const failed: string[] = [];
  let saved = 0;
  for (const url of urls) {
    if (sitePath(url) && (await cache.match(url, { ignoreVary: true }))) saved += 1;
    else if (typeof url === 'string') failed.push(url);
  }
  return { saved, failed };
}

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!isRecord(data)) return;
  const reply = (work: Promise<SaveResult | RefusedList | { buildTimestamp: number }>) =>
    event.waitUntil(work.then((result) => event.ports[0]?.postMessage(result)));
  const urls: unknown[] = Array.isArray(data.urls) ? data.urls : [];
  switch (data.type) {
    case 'kit':
      if ((data.locale === 'ru' || data.locale === 'en') && typeof data.metered === 'boolean')
        event.waitUntil(
          keepKit({
            type: 'kit',
            locale: data.locale,
            metered: data.metered,
            dpr: typeof data.dpr === 'number' && data.dpr > 0 ? data.dpr : 1,
            buildTimestamp: typeof data.buildTimestamp === 'number' ? data.buildTimestamp : 0,
          }),
        );
      break;
    case 'replay-feedback':
      // a failure keeps the posts for the next attempt (the page's, or the next sync event); the answer lists what is
      // still kept
      reply(
        sendKeptFeedback()
          .catch(() => {})
          .then(async () => ({ saved: 0, failed: (await feedbackQueue.getAll()).map((entry) => entry.request.url) })),
      );
      break;
    case 'save':
      reply(save(urls));
      break;
    case 'saved?':
      reply(savedAlready(urls));
      break;
    case 'refused-feedback':
      reply(refusedPosts());
      break;
    case 'forget-feedback':
      if (typeof data.id === 'string') reply(forgetRefused(data.id));
      break;
    case 'build?':
      reply(Promise.resolve({ buildTimestamp: config.buildTimestamp }));
      break;
  }
});
