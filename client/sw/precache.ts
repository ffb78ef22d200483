/**
 * What every page loads, precached at install, and what answers without a connection: the kept copy (saved for
 * offline or in the kit), then the offline page of the reader's language listing the pages kept.
 */
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { precacheAndRoute } from 'workbox-precaching';
import { LOCALE_INFO, localeFromPath } from '../../shared/locales.ts';
import { OFFLINE_PATH } from '../../shared/offline.ts';
import { LOCALES, type Locale } from '../../shared/constants.ts';
import { fillOfflineList, pointAt, TITLE_HEADER, withBody, type KeptPage } from './kept.ts';
import { config, names } from './worker.ts';

/** The first load and the chunks every page loads after it, kept at install (its route answers first). */
export const precacheFirstLoad = () => precacheAndRoute(config.precache.map((url) => ({ url, revision: null })));

const kept = async (request: Request) =>
  (await caches.match(request, { cacheName: names.saved, ignoreVary: true })) ??
  (await caches.match(request, { cacheName: names.kit, ignoreVary: true }));

export const offlinePath = (locale: Locale) => `${LOCALE_INFO[locale].basename}${OFFLINE_PATH}`;

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

/** A document without the network: the kept copy, else the offline page. */
export const keptOrOffline: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await kept(request)) ?? offlinePage(request),
};
/** A payload or data file without the network: the kept copy, else a network error. */
export const keptOnly: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await kept(request)) ?? Response.error(),
};
