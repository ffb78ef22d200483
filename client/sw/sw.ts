/**
 * The site's service worker (Workbox). The server writes its configuration in front of this code (`/sw.js`,
 * server/routes/service-worker.ts): the build id the build poll compares, what every page loads, the feedback form's
 * chunks. What it keeps, and how (ADR 0093):
 * - what every page loads at install (precache); other hashed assets and image renditions cache-first;
 * - documents network-first with a short timeout, falling back to the kept copy, then to the offline page of the
 *   reader's language listing the pages kept; payloads stale-while-revalidate, so client navigation works offline;
 * - what the reader saved for offline (the WGMS page, its data, its CSV files), until the next build;
 * - feedback posted offline, sent again when the connection returns, with its idempotency key.
 * Every cache carries the build id; a new build drops the caches of older ones. Only 200 answers that shared caches
 * may keep are stored: never error pages, `no-store` or `private` answers, nor a POST.
 */
import { Queue } from 'workbox-background-sync';
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { ExpirationPlugin } from 'workbox-expiration';
import { precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { snapWidth } from '../../shared/images.ts';
import { isRecord } from '../../shared/json.ts';
import { LOCALE_INFO, localeFromPath } from '../../shared/locales.ts';
import { FEEDBACK_PATH } from '../../shared/feedback.ts';
import { FEEDBACK_PENDING_ANSWER, FEEDBACK_PENDING_STATUS } from '../../shared/ui/feedback/submission.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  OFFLINE_PATH,
  WORKER_CONFIG_GLOBAL,
  type KitMessage,
  type SaveResult,
  type WorkerConfig,
} from '../../shared/offline.ts';
import { PAYLOAD_SUFFIX } from '../../shared/payload.ts';
import { IMAGE_ENDPOINT, LOCALES, type Locale } from '../../shared/constants.ts';
import { documentTitle, fillOfflineList, keepable, TITLE_HEADER, type KeptPage } from './kept.ts';
import { currentConnection, isMetered } from '../runtime/connection.ts';
import { cacheNames, isOldCache, LIMITS } from './caches.ts';
import { trimToBudget } from './storage-budget.ts';

declare const self: ServiceWorkerGlobalScope & { [WORKER_CONFIG_GLOBAL]: WorkerConfig };

const config = self[WORKER_CONFIG_GLOBAL];
const names = cacheNames(config.buildId);
setCacheNameDetails({ prefix: 'portal', suffix: config.buildId });

// a new build takes over at once: the pages of the old one load their next page as a document (the build poll says
// so), and the old build's assets are gone from the server anyway
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();
/** A newer worker took over: this one stores and drops nothing more (the caches are the new one's to manage). */
const superseded = () => self.serviceWorker !== undefined && self.registration.active !== self.serviceWorker;

/**
 * Drop the caches of other builds: on activation, and again on each page view (a worker being replaced may still
 * have been storing an answer while this one activated). A superseded worker drops nothing: the other build is newer.
 */
const dropOldCaches = async () => {
  if (superseded()) return;
  const all = await caches.keys();
  await Promise.all(all.filter((name) => isOldCache(name, config.buildId)).map((name) => caches.delete(name)));
};
self.addEventListener('activate', (event) => event.waitUntil(dropOldCaches()));

precacheAndRoute(config.precache.map((url) => ({ url, revision: null })));

/* ---------------------------------------------------------------- what may be kept */

const isSameOrigin = (url: URL) => url.origin === self.location.origin;

/** The answer rebuilt with this body: its length and encoding were those of the network's bytes. */
function withBody(response: Response, body: string, extra: Record<string, string> = {}): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** A document as it is kept: with its title in a header, so the offline page can list it without reading it. */
async function asKeptDocument(response: Response): Promise<Response | null> {
  if (!keepable(response, /text\/html/)) return null;
  const html = await response.text();
  const title = documentTitle(html);
  return withBody(response, html, title ? { [TITLE_HEADER]: encodeURIComponent(title) } : {});
}

const documentsOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (superseded() ? null : asKeptDocument(response)),
};
const only = (type: RegExp): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) => (!superseded() && keepable(response, type) ? response : null),
});

/* ---------------------------------------------------------------- the storage budget */

let trimming: Promise<unknown> | undefined;
/** After each store: over the budget, drop the oldest runtime entries (images first, documents last). */
const budget: WorkboxPlugin = {
  cacheDidUpdate: async () => {
    trimming ??= trimToBudget(
      LIMITS.storageBytes,
      [names.images, names.assets, names.data, names.payloads, names.documents],
      caches,
      () => navigator.storage.estimate(),
    ).finally(() => (trimming = undefined));
    await trimming;
  },
};

const expiring = (maxEntries: number) =>
  new ExpirationPlugin({ maxEntries, maxAgeSeconds: LIMITS.maxAgeSeconds, purgeOnQuotaError: true });

/* ---------------------------------------------------------------- metered connections */

/** What the pages said last (their `navigator.connection` can be emulated); the worker's own connection counts too. */
let conditions: Pick<KitMessage, 'metered' | 'dpr'> = { metered: false, dpr: 1 };
const metered = () => conditions.metered || isMetered(currentConnection(navigator));

const RENDITION = new RegExp(`^${IMAGE_ENDPOINT}/w_(\\d+),([^/]+)/(.+)$`);
/** On a metered connection an image rendition is asked at density 1: the width the browser chose over the DPR. */
function densityOne(request: Request): Request {
  if (!metered() || conditions.dpr <= 1) return request;
  const url = new URL(request.url);
  const match = RENDITION.exec(url.pathname);
  if (!match) return request;
  const [, asked = '0', format = '', source = ''] = match;
  const width = snapWidth(Math.ceil(Number(asked) / conditions.dpr));
  if (width >= Number(asked)) return request;
  url.pathname = `${IMAGE_ENDPOINT}/w_${width},${format}/${source}`;
  // the same Accept: `f_auto` answers the format the browser takes (AVIF, WebP)
  return new Request(url.href, { headers: request.headers });
}
const lighterImages: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => densityOne(request),
  requestWillFetch: async ({ request }) => densityOne(request),
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
      const page = { href: url.pathname + url.search, title: decodeURIComponent(stored) };
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
    if (page) return withBody(page, fillOfflineList(await page.text(), await keptPages(locale)));
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

registerRoute(
  ({ url }) => isSameOrigin(url) && url.pathname.startsWith(`${IMAGE_ENDPOINT}/`),
  new CacheFirst({
    cacheName: names.images,
    plugins: [lighterImages, only(/^image\//), expiring(LIMITS.images), budget],
  }),
);

registerRoute(
  ({ url }) => isSameOrigin(url) && url.pathname.endsWith(PAYLOAD_SUFFIX),
  new StaleWhileRevalidate({
    cacheName: names.payloads,
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
  onSync: ({ queue }) => sendKeptFeedback(queue),
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

/**
 * Send the kept posts in order. One that fails again (no connection, the server busy or rate-limiting) goes back to
 * the front, and the rest wait for the next attempt; the idempotency key makes a repeat harmless.
 */
async function sendKeptFeedback(queue: Queue = feedbackQueue): Promise<void> {
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
    let status: number;
    try {
      status = (await fetch(entry.request.clone())).status;
    } catch (err) {
      await queue.unshiftRequest(entry);
      throw err;
    }
    if (status === 429 || status >= 500) {
      await queue.unshiftRequest(entry);
      throw new Error(`feedback answered ${status}; kept for the next attempt`);
    }
  }
}

/* ---------------------------------------------------------------- the kit, saving for offline */

/** Fetch a same-origin URL into a cache, as the routes would keep it; whether it is kept. */
async function keep(cacheName: string, url: string): Promise<boolean> {
  if (superseded()) return false;
  const cache = await caches.open(cacheName);
  if (await cache.match(url, { ignoreVary: true })) return true;
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    return false;
  }
  const stored = /text\/html/.test(response.headers.get('content-type') ?? '')
    ? await asKeptDocument(response)
    : keepable(response, /./)
      ? response
      : null;
  if (!stored) return false;
  await cache.put(url, stored);
  return true;
}

/** The reader's offline page always (a few KB); the feedback page and form only when the connection is not metered. */
async function keepKit(message: KitMessage): Promise<void> {
  conditions = { metered: message.metered, dpr: message.dpr };
  if (superseded()) return;
  // the page is of another build than this worker: look for a new worker (the server's build changed)
  if (message.buildId !== config.buildId) await self.registration.update().catch(() => {});
  if (superseded()) return;
  await dropOldCaches();
  const base = LOCALE_INFO[message.locale].basename;
  await keep(names.kit, offlinePath(message.locale));
  if (metered()) return;
  // its code first: once the feedback page is kept, it opens offline
  for (const url of config.kit) await keep(names.assets, url);
  await keep(names.kit, `${base}${FEEDBACK_PATH}`);
}

const sameOriginPath = (url: unknown): url is string =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && url.length < 2048;

async function save(urls: string[]): Promise<SaveResult> {
  const failed: string[] = [];
  let next = 0;
  // four at a time
  const worker = async () => {
    for (let i = next++; i < urls.length; i = next++) {
      const url = urls[i];
      if (url !== undefined && !(await keep(names.saved, url))) failed.push(url);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { saved: urls.length - failed.length, failed };
}

async function savedAlready(urls: string[]): Promise<SaveResult> {
  const cache = await caches.open(names.saved);
  const failed: string[] = [];
  for (const url of urls) if (!(await cache.match(url, { ignoreVary: true }))) failed.push(url);
  return { saved: urls.length - failed.length, failed };
}

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!isRecord(data)) return;
  const reply = (work: Promise<SaveResult>) =>
    event.waitUntil(work.then((result) => event.ports[0]?.postMessage(result)));
  const urls = Array.isArray(data.urls) ? data.urls.filter(sameOriginPath).slice(0, 500) : [];
  switch (data.type) {
    case 'kit':
      if ((data.locale === 'ru' || data.locale === 'en') && typeof data.metered === 'boolean')
        event.waitUntil(
          keepKit({
            type: 'kit',
            locale: data.locale,
            metered: data.metered,
            dpr: typeof data.dpr === 'number' && data.dpr > 0 ? data.dpr : 1,
            buildId: typeof data.buildId === 'string' ? data.buildId : config.buildId,
          }),
        );
      break;
    case 'replay-feedback':
      // a failure keeps the posts for the next attempt (the page's, or the next sync event); the answer lists what is
      // still kept
      reply(
        sendKeptFeedback()
          .catch(() => {})
          .then(async () => {
            const left = (await feedbackQueue.getAll()).map((entry) => entry.request.url);
            return { saved: 0, failed: left };
          }),
      );
      break;
    case 'save':
      reply(save(urls));
      break;
    case 'saved?':
      reply(savedAlready(urls));
      break;
  }
});
