import type { FastifyPluginAsync } from 'fastify';
import { chimeWav, FILE_TYPES, simplePdf } from '../files.ts';
import { mediaSvg } from '../media.ts';
import type { Content } from '../store.ts';

/**
 * /media/{file}: generated artwork; /media/audio/{slug}.wav: podcast audio; /media/files/{slug}.{ext}: downloads of
 * the file database. Everything is rendered once per name and kept in memory.
 */
export const mediaRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const rendered = new Map<string, { type: string; body: Buffer | string }>();
    const serve = (key: string, make: () => { type: string; body: Buffer | string } | undefined) => {
      let hit = rendered.get(key);
      if (!hit) {
        hit = make();
        if (hit) rendered.set(key, hit);
      }
      return hit;
    };
    const send = (reply: import('fastify').FastifyReply, hit: { type: string; body: Buffer | string } | undefined) =>
      hit
        ? reply.type(hit.type).header('cache-control', 'public, max-age=86400').send(hit.body)
        : reply.code(404).send({ message: 'Media not found' });

    app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
      const { file } = request.params;
      return send(
        reply,
        serve(file, () => {
          const svg = mediaSvg(file);
          return svg === undefined ? undefined : { type: 'image/svg+xml', body: svg };
        }),
      );
    });

    const podcasts = new Set(content.podcasts.map((p) => p.slug));
    app.get<{ Params: { file: string } }>('/media/audio/:file', async (request, reply) => {
      const slug = request.params.file.replace(/\.wav$/, '');
      return send(
        reply,
        serve(`audio/${slug}`, () =>
          podcasts.has(slug) && request.params.file.endsWith('.wav')
            ? { type: FILE_TYPES.wav!, body: chimeWav(slug) }
            : undefined,
        ),
      );
    });

    const files = new Map(content['database-files'].map((f) => [`${f.slug}.${f.format}`, f]));
    app.get<{ Params: { file: string } }>('/media/files/:file', async (request, reply) => {
      const f = files.get(request.params.file);
      return send(
        reply,
        serve(`files/${request.params.file}`, () => {
          if (!f) return undefined;
          const note = `Sample document of the portal's file database (${f.year}). ${f.title.en}`;
          if (f.format === 'pdf') return { type: FILE_TYPES.pdf!, body: simplePdf(f.title.en, note) };
          if (f.format === 'csv')
            return {
              type: FILE_TYPES.csv!,
              body: `title,year,note\n"${f.title.en.replace(/"/g, '""')}",${f.year},sample\n`,
            };
          if (f.format === 'geojson')
            return {
              type: FILE_TYPES.geojson!,
              body: JSON.stringify({ type: 'FeatureCollection', name: f.slug, features: [] }),
            };
          return undefined; // xlsx, docx, zip: not generated for the sample content
        }),
      );
    });
  };
