import type { FastifyPluginAsync } from 'fastify';
import { CachePolicy } from '../cache-policies.ts';

/** `file`, `audio/file` or `files/file`: nothing else reaches the upstream. */
const SAFE_PATH = /^(?:(?:audio|files)\/)?[a-z0-9][a-z0-9._-]{0,200}$/i;

/**
 * /media/{file}: images of the content API, proxied so the browser only ever talks to the BFF. Small files, so the
 * body is buffered; shared caches and browsers keep them a day.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const file = request.params['*'];
    if (!SAFE_PATH.test(file) || file.includes('..')) return reply.code(404).send({ message: 'Not found' });
    const res = await app.upstream.client.sendBytes(`/media/${file}`, request.locale);
    if (res.status !== 200) return reply.code(res.status === 404 ? 404 : 502).send({ message: 'Media unavailable' });
    return reply
      .header('cache-control', CachePolicy.media)
      .type(res.contentType ?? 'application/octet-stream')
      .send(res.bytes);
  });
};
