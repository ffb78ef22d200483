/**
 * This worker and its build: the configuration the server writes in front of the code (`/sw.js`,
 * server/routes/service-worker.ts), the build's caches, the build of the worker in charge, whether a newer worker took
 * over, and dropping the caches of other builds.
 */
import { CacheExpiration } from 'workbox-expiration';
import { isRecord } from '../../shared/json.ts';
import { WORKER_CONFIG_GLOBAL, type BuildQuery, type WorkerConfig } from '../../shared/offline.ts';
import { cacheNames, isOldCache } from './caches.ts';

declare const self: ServiceWorkerGlobalScope & { [WORKER_CONFIG_GLOBAL]: WorkerConfig };

export const config = self[WORKER_CONFIG_GLOBAL];
export const names = cacheNames(config.buildId);

export const isSameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * The build of the worker that controls the pages now, asked over a MessageChannel; undefined when there is none or
 * it does not answer within a second (a worker of a build from before this question).
 */
export function activeBuildTimestamp(): Promise<number | undefined> {
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

/**
 * A newer worker is installing, waiting or active: this one stores and drops nothing more (the caches are the new
 * one's to manage; dropping "other builds'" caches now would drop the new one's precache while it installs).
 */
export function superseded(): boolean {
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
export const dropOldCaches = async () => {
  if (superseded()) return;
  for (const name of (await caches.keys()).filter((n) => isOldCache(n, config.buildId))) {
    await caches.delete(name);
    // and the expiration's timestamps of its entries (IndexedDB), which would otherwise stay
    await new CacheExpiration(name, { maxEntries: 1 }).delete();
  }
};
