/**
 * What the pages ask the worker to keep: the kit of every page view (the reader's conditions, the offline page, the
 * feedback page and its code), and what the reader saves for offline (the WGMS page, its data, its CSV files), kept
 * until the next build.
 */
import { LOCALE_INFO } from '../../shared/locales.ts';
import { FEEDBACK_PATH } from '../../shared/feedback.ts';
import type { KitMessage, SaveResult } from '../../shared/offline.ts';
import { currentConnection, isMetered } from '../runtime/connection.ts';
import { asKept, keepable } from './kept.ts';
import { offlinePath } from './precache.ts';
import { keepConditions } from './reading.ts';
import { config, dropOldCaches, names, superseded } from './worker.ts';

declare const self: ServiceWorkerGlobalScope;

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

/** A page's kit message as the worker reads it; undefined when it is not one. */
export function kitMessageOf(data: Record<string, unknown>): KitMessage | undefined {
  if ((data.locale !== 'ru' && data.locale !== 'en') || typeof data.metered !== 'boolean') return undefined;
  return {
    type: 'kit',
    locale: data.locale,
    metered: data.metered,
    dpr: typeof data.dpr === 'number' && data.dpr > 0 ? data.dpr : 1,
    buildTimestamp: typeof data.buildTimestamp === 'number' ? data.buildTimestamp : 0,
  };
}

/**
 * The page's conditions; the reader's offline page always (a few KB); the feedback page and form only when the
 * connection is not metered. A page of a newer build makes the worker look for its update first.
 */
export async function keepKit(message: KitMessage): Promise<void> {
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

/** Save these URLs for offline (fetched again if saved already): how many were saved, which were not. */
export async function save(urls: unknown[]): Promise<SaveResult> {
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

/** Which of these URLs are saved for offline already. */
export async function savedAlready(urls: unknown[]): Promise<SaveResult> {
  const cache = await caches.open(names.saved);
  const failed: string[] = [];
  let saved = 0;
  for (const url of urls) {
    if (sitePath(url) && (await cache.match(url, { ignoreVary: true }))) saved += 1;
    else if (typeof url === 'string') failed.push(url);
  }
  return { saved, failed };
}
