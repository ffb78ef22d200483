import type { FastifyPluginAsync } from 'fastify';
import { mediaSvg } from '../media.ts';

/** Generated artwork under /media/{file}, rendered once per file and kept in memory. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const rendered = new Map<string, string>();
  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const { file } = request.params;
    let svg = rendered.get(file);
    if (svg === undefined) {
      svg = mediaSvg(file);
      if (svg === undefined) return reply.code(404).send({ message: 'Media not found' });
      rendered.set(file, svg);
    }
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
};
