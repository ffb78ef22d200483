/**
 * The site's service worker (Workbox). The server writes its configuration in front of this code (`/sw.js`,
 * server/routes/service-worker.ts): the build id the build poll compares, what every page loads, the feedback form's
 * chunks. What it keeps, and how (ADR 0093):
 * - what every page loads at install (precache.ts); other hashed assets and image renditions cache-first (reading.ts);
 * - documents network-first with a short timeout, falling back to the kept copy, then to the offline page of the
 *   reader's language listing the pages kept; payloads network-first too, so client navigation works offline;
 * - what the reader saved for offline (the WGMS page, its data, its CSV files), until the next build (save-offline.ts);
 * - feedback posted offline, sent again when the connection returns, with its idempotency key; a post the server
 *   refuses for good kept until the reader has seen its text again, the only copy of it (feedback.ts).
 * Every cache but the refused posts' carries the build id; a new build drops the caches of older ones (worker.ts).
 * Only 200 answers that shared caches may keep are stored: never error pages, `no-store` or `private` answers, nor a
 * POST.
 * This file wires the worker's events; the first route that matches a request answers, in the order registered here.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { isRecord } from '../../shared/json.ts';
import type { RefusedList, SaveResult } from '../../shared/offline.ts';
import { VITALS_PATH } from '../../shared/web-vitals.ts';
import { forgetRefused, refusedPosts, replayFeedback } from './feedback.ts';
import { precacheFirstLoad } from './precache.ts';
import { registerReadingRoutes } from './reading.ts';
import { keepKit, kitMessageOf, save, savedAlready } from './save-offline.ts';
import { activeBuildTimestamp, config, dropOldCaches } from './worker.ts';

declare const self: ServiceWorkerGlobalScope;

setCacheNameDetails({ prefix: 'portal', suffix: config.buildId });

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
// to the network without the worker; elsewhere the worker sends it itself (the NetworkOnly route, reading.ts).
self.addEventListener('install', (event) => {
  if (hasStaticRoutes(event)) {
    const beacons = new URLPattern({ pathname: VITALS_PATH, baseURL: self.location.origin });
    // a browser that refuses the rule still installs the worker: its NetworkOnly route sends the beacons
    event.waitUntil(event.addRoutes([{ condition: { urlPattern: beacons }, source: 'network' }]).catch(() => {}));
  }
});
self.addEventListener('activate', (event) => event.waitUntil(dropOldCaches()));

precacheFirstLoad();
registerReadingRoutes();

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!isRecord(data)) return;
  const reply = (work: Promise<SaveResult | RefusedList | { buildTimestamp: number }>) =>
    event.waitUntil(work.then((result) => event.ports[0]?.postMessage(result)));
  const urls: unknown[] = Array.isArray(data.urls) ? data.urls : [];
  switch (data.type) {
    case 'kit': {
      const kit = kitMessageOf(data);
      if (kit) event.waitUntil(keepKit(kit));
      break;
    }
    case 'replay-feedback':
      reply(replayFeedback());
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
