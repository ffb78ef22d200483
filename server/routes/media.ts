import type { FastifyPluginAsync } from 'fastify';
import { CachePolicy } from '../cache-policies.ts';
import { bytesEtag, etagMatches, surrogateKeyHeader } from '../ssr/page-cache.ts';

/** `file`, `audio/file` or `files/file`: nothing else reaches the upstream. */
const SAFE_PATH = /^(?:(?:audio|files)\/)?[a-z0-9][a-z0-9._-]{0,200}$/i;

/** The collection key of every media file, named as its upstream path (`/media/…`), like the content's (ADR 0109). */
export const MEDIA_COLLECTION = 'media';

/** The key of one media file: `media:<path below /media/>` (`media:glacier-1.jpg`, `media:audio/x.wav`). */
export const mediaKey = (file: string) => `${MEDIA_COLLECTION}:${file}`;

/** An upstream key the BFF passes on: `<collection>` or `<collection>:<slug or id>`, nothing that could split a header. */
const UPSTREAM_KEY = /^[a-z0-9-]{1,60}(?::[A-Za-z0-9._/-]{1,200})?$/;
/** How many of the upstream's keys a media answer carries at most. */
const MAX_UPSTREAM_KEYS = 64;

/**
 * The surrogate keys of a media file's answer (and of its renditions): the media collection, the file's own key, and
 * the keys of the items that show it when the upstream names them in its `Surrogate-Key`.
 */
export function mediaKeys(file: string, upstream: string | undefined): string[] {
  const named = (upstream ?? '')
    .split(/\s+/)
    .filter((key) => UPSTREAM_KEY.test(key))
    .slice(0, MAX_UPSTREAM_KEYS);
  return [...new Set([MEDIA_COLLECTION, mediaKey(file), ...named])];
}

/**
 * /media/{file}: images of the content API, proxied so the browser only ever talks to the BFF. Small files, so the
 * body is buffered. Shared caches keep them long and are purged by their keys (`Surrogate-Key`), browsers an hour;
 * the ETag makes a browser's revalidation a 304.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const file = request.params['*'];
    if (!SAFE_PATH.test(file) || file.includes('..')) return reply.code(404).send({ message: 'Not found' });
    const res = await app.upstream.client.sendBytes(`/media/${file}`, request.locale);
    if (res.status !== 200) return reply.code(res.status === 404 ? 404 : 502).send({ message: 'Media unavailable' });
    const etag = bytesEtag(res.bytes);
    reply
      .header('cache-control', CachePolicy.media)
      .header('surrogate-key', surrogateKeyHeader(mediaKeys(file, res.surrogateKey)))
      .header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(res.contentType ?? 'application/octet-stream').send(res.bytes);
  });
};
