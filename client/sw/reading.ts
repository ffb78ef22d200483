/**
 * The routes a reader's requests take, the first that matches answering (after the precache's): hashed assets
 * cache-first, image renditions stale-while-revalidate (at density 1 on a metered connection), payloads, data files and
 * documents network-first with a short timeout, then the kept copy (documents: then the offline page). Only what may
 * be kept is stored, as it is kept, within the bounds (Workbox expiration). Vitals beacons and feedback posts pass.
 */
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { imageUrl, snapWidth } from '../../shared/images.ts';
import { isRecord } from '../../shared/json.ts';
import { IDEMPOTENCY_KEY_HEADER, type KitMessage } from '../../shared/offline.ts';
import { PAYLOAD_SUFFIX } from '../../shared/payload.ts';
import { VITALS_PATH } from '../../shared/web-vitals.ts';
import { IMAGE_ENDPOINT, IMAGE_OUTPUT_FORMATS, type ImageOutputFormat } from '../../shared/constants.ts';
import { currentConnection, isMetered } from '../runtime/connection.ts';
import { LIMITS } from './caches.ts';
import { isFeedbackPath, postFeedback } from './feedback.ts';
import { asKept, keepable } from './kept.ts';
import { keptOnly, keptOrOffline } from './precache.ts';
import { isSameOrigin, names, superseded } from './worker.ts';

/* ---------------------------------------------------------------- what may be kept */

/** Stores only what may be kept (`keepable`, of the route's type), as it is kept; nothing once superseded. */
const only = (type: RegExp): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) => (!superseded() && keepable(response, type) ? asKept(response) : null),
});

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
export async function keepConditions(next: Conditions): Promise<void> {
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

/* ---------------------------------------------------------------- routes (the first that matches answers) */

/** A page of the site: not a file (an extension), not an endpoint (`/_img`, `/api`, `/builds`, `/__purge`). */
const isPagePath = (pathname: string) =>
  !/\.[a-z0-9]+$/i.test(pathname) && !/^(\/en)?\/(_|api\/|builds\/|data\/)/.test(pathname);

/** The routes, in the order they are tried (after the precache's, registered before them). */
export function registerReadingRoutes(): void {
  // a vitals beacon where the browser has no static routes (sw.ts): the worker sends it, so it outlives the page
  registerRoute(({ url }) => isSameOrigin(url) && url.pathname === VITALS_PATH, new NetworkOnly(), 'POST');

  // feedback sent without a connection: kept, sent again later (feedback.ts)
  registerRoute(
    ({ url, request }) =>
      isSameOrigin(url) && isFeedbackPath(url.pathname) && request.headers.has(IDEMPOTENCY_KEY_HEADER),
    ({ request }) => postFeedback(request),
    'POST',
  );

  registerRoute(
    ({ url }) => isSameOrigin(url) && url.pathname.startsWith('/assets/'),
    new CacheFirst({ cacheName: names.assets, plugins: [only(/./), expiring(LIMITS.assets)] }),
  );

  // a kept rendition shows at once, and is asked again behind it: a picture an editor replaced (ADR 0109: browsers
  // keep it an hour, then revalidate by its ETag) reaches a returning reader the next time it is shown, not with a new
  // build
  registerRoute(
    ({ url }) => isSameOrigin(url) && url.pathname.startsWith(`${IMAGE_ENDPOINT}/`),
    new StaleWhileRevalidate({
      cacheName: names.images,
      plugins: [lighterImages, only(/^image\//), expiring(LIMITS.images)],
    }),
  );

  registerRoute(
    ({ url }) => isSameOrigin(url) && url.pathname.endsWith(PAYLOAD_SUFFIX),
    new NetworkFirst({
      cacheName: names.payloads,
      networkTimeoutSeconds: LIMITS.networkTimeoutSeconds,
      matchOptions: { ignoreVary: true },
      plugins: [only(/json/), expiring(LIMITS.payloads), keptOnly],
    }),
  );

  registerRoute(
    ({ url }) => isSameOrigin(url) && /^(\/en)?\/data\//.test(url.pathname),
    new NetworkFirst({
      cacheName: names.data,
      networkTimeoutSeconds: LIMITS.networkTimeoutSeconds,
      matchOptions: { ignoreVary: true },
      plugins: [only(/csv|json/), expiring(LIMITS.data), keptOnly],
    }),
  );

  registerRoute(
    ({ url, request }) => isSameOrigin(url) && request.mode === 'navigate' && isPagePath(url.pathname),
    new NetworkFirst({
      cacheName: names.documents,
      networkTimeoutSeconds: LIMITS.networkTimeoutSeconds,
      matchOptions: { ignoreVary: true },
      plugins: [only(/text\/html/), expiring(LIMITS.documents), keptOrOffline],
    }),
  );
}
