import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { PAGE_ROUTE } from '../routes/pages.ts';
import { pageRequest } from '../ssr/cache-key.ts';
import type { HitReplay } from '../ssr/hit-replay.ts';
import type { CacheEntry, PageCache } from '../ssr/page-cache.ts';
import { serveEntry } from '../ssr/serve-entry.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** a fresh page-cache entry this request was answered from in onRequest (recorded for the replay) */
    earlyHit: { key: string; entry: CacheEntry } | null;
  }
}

/**
 * Fresh page-cache hits answered in `onRequest` (ADR 0070), after the edge, canonical-URL, locale and route-rule
 * hooks have had their say and before body parsing, validation and the route handler: a hit then costs little more
 * than writing the stored bytes. The answer is the route's own (`serveEntry`): security headers and the CSP with the
 * entry's script hashes (onSend), ETag/304, negotiated precompressed bytes, `x-cache: hit`, the request log line and
 * metrics (onResponse). Anything else — stale, only in Redis, a miss, `/` (varies on the cookie) — goes on to the route.
 * Each such answer, once sent, is recorded for the hit replay (ADR 0084), which answers the next identical requests
 * before Fastify.
 */
export default fp<{ cache: PageCache; buildId: string; replay?: HitReplay }>(
  async (app, { cache, buildId, replay }) => {
    app.decorateRequest('earlyHit', null);
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url !== PAGE_ROUTE) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      // `/` depends on the locale cookie and Accept-Language (plugins/locale.ts): never shared
      if (reply.hasHeader('vary')) return;
      if (!request.publicOrigin) return;
      const { key } = pageRequest(request.url, request.locale, request.publicOrigin, buildId);
      if (!key) return;
      const entry = replay?.takeHandedOn(request.raw, key.key) ?? cache.fresh(key.key);
      if (!entry) return;
      request.earlyHit = { key: key.key, entry };
      return serveEntry(request, reply, entry, 'hit');
    });
    if (!replay) return;
    new Gauge({
      name: 'page_replay_recordings',
      help: 'Answers recorded for the hit replay (ADR 0084), one per method, Host, URL and encoding',
      registers: [app.metrics],
      collect() {
        this.set(replay.size);
      },
    });
    app.addHook('onResponse', async (request: FastifyRequest, reply) => {
      const hit = request.earlyHit;
      if (hit)
        replay.record(request.raw, reply.raw, reply.getHeaders(), hit, {
          route: PAGE_ROUTE,
          count: app.replayCounter(request, reply),
        });
    });
    // while closing, Fastify answers every request (503 and `Connection: close` for new ones)
    app.addHook('preClose', async () => replay.close());
  },
  { name: 'page-hits', dependencies: ['edge', 'canonical-url', 'locale', 'route-rules', 'metrics'] },
);
