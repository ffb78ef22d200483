import fp from 'fastify-plugin';
import { PAGE_ROUTE } from '../routes/pages.ts';
import { pageRequest } from '../ssr/cache-key.ts';
import type { PageCache } from '../ssr/page-cache.ts';
import { serveEntry } from '../ssr/serve-entry.ts';

/**
 * Fresh page-cache hits answered in `onRequest` (ADR 0070), after the edge, canonical-URL, locale and route-rule
 * hooks have had their say and before body parsing, validation and the route handler: a hit then costs little more
 * than writing the stored bytes. The answer is the route's own (`serveEntry`): security headers and the CSP with the
 * entry's script hashes (onSend), ETag/304, negotiated precompressed bytes, `x-cache: hit`, the request log line and
 * metrics (onResponse). Anything else — stale, only in Redis, a miss, `/` (varies on the cookie) — goes on to the route.
 */
export default fp<{ cache: PageCache; buildId: string }>(
  async (app, { cache, buildId }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url !== PAGE_ROUTE) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      // `/` depends on the locale cookie and Accept-Language (plugins/locale.ts): never shared
      if (reply.hasHeader('vary')) return;
      if (!request.publicOrigin) return;
      const { key } = pageRequest(request.url, request.locale, request.publicOrigin, buildId);
      const entry = key && cache.fresh(key.key);
      if (entry) return serveEntry(request, reply, entry, 'hit');
    });
  },
  { name: 'page-hits', dependencies: ['edge', 'canonical-url', 'locale', 'route-rules'] },
);
