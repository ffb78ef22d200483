import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { SERVICE_WORKER_PATH, WORKER_CONFIG_GLOBAL, type WorkerConfig } from '../../shared/offline.ts';
import { CachePolicy } from '../cache-policies.ts';
import type { ClientBuild } from '../ssr/client-build.ts';

/**
 * The worker served when there is none to run (`SERVICE_WORKER=off`, development): it takes over from any worker a
 * reader has, deletes the site's caches, unregisters itself and reloads the pages it controlled, which then come from
 * the network (the usual kill switch). Feedback kept offline is in IndexedDB, not in a cache: the next worker sends it.
 */
export const REMOVAL_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith('portal-')).map((name) => caches.delete(name)));
    await self.registration.unregister();
    const pages = await self.clients.matchAll({ type: 'window' });
    for (const page of pages) page.navigate(page.url);
  })());
});
`;

export interface ServiceWorker {
  /** whether pages register it */
  enabled: boolean;
  /** the script /sw.js answers */
  script: string;
}

/** The worker of a build: its code with the build's configuration in front, or the removal worker. */
export function serviceWorkerOf(clientBuild: ClientBuild | undefined): ServiceWorker {
  const worker = clientBuild?.worker;
  if (!clientBuild || !worker) return { enabled: false, script: REMOVAL_WORKER };
  const config: WorkerConfig = {
    buildId: clientBuild.build.id,
    buildTimestamp: clientBuild.build.timestamp,
    precache: worker.precache,
    kit: worker.kit,
  };
  return { enabled: true, script: `self.${WORKER_CONFIG_GLOBAL}=${JSON.stringify(config)};\n${worker.code}` };
}

/**
 * `GET /sw.js`: always revalidated (`no-cache`, with an ETag), so a new build or the kill switch reaches readers on
 * their next page view; browsers check a registered worker's script for changes on navigations anyway.
 */
export const serviceWorkerRoutes =
  (worker: ServiceWorker): FastifyPluginAsync =>
  async (app) => {
    const etag = `"${createHash('sha256').update(worker.script).digest('base64url').slice(0, 22)}"`;
    app.get(SERVICE_WORKER_PATH, async (request, reply) => {
      reply.header('cache-control', CachePolicy.revalidate).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/javascript; charset=utf-8').send(worker.script);
    });
  };
