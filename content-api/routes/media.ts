import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { databaseDownloads, podcastAudio, WAV_TYPE } from '../files.ts';
import { mediaSvg } from '../media.ts';
import { isSceneFile, sceneSvg } from '../scenes.ts';
import type { Content } from '../store.ts';

/**
 * /media/{file}: generated artwork; /media/audio/{slug}.wav: podcast audio; /media/files/{slug}.{ext}: downloads of
 * the file database. Everything is rendered once per name and kept in memory.
 */
/** Every MediaRef in the content, by file: the editor's English alt text is the hint for the scene's kind. */
function mediaHints(value: unknown, into = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) for (const v of value) mediaHints(v, into);
  else if (value && typeof value === 'object') {
    const alt =
      'alt' in value && value.alt && typeof value.alt === 'object' && 'en' in value.alt ? value.alt.en : undefined;
    if ('file' in value && typeof value.file === 'string' && typeof alt === 'string') into.set(value.file, alt);
    else for (const v of Object.values(value)) mediaHints(v, into);
  }
  return into;
}

/**
 * A generated illustration as JPEG: read from the disk cache, else drawn (scenes.ts), rasterized with sharp and
 * written there atomically, so the work is done once per file and survives restarts.
 */
async function sceneJpeg(file: string, hint: string, cacheDir: string): Promise<Buffer> {
  const path = join(cacheDir, file);
  const cached = await readFile(path).catch(() => null);
  if (cached) return cached;
  const jpeg = await sharp(Buffer.from(sceneSvg(file, hint)))
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
  await mkdir(cacheDir, { recursive: true });
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, jpeg);
  await rename(tmp, path);
  return jpeg;
}

export const mediaRoutes =
  (content: Content, options: { cacheDir: string }): FastifyPluginAsync =>
  async (app) => {
    const hints = mediaHints(content);
    const scenes = new Map<string, Promise<Buffer>>();
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
      const hint = hints.get(file);
      if (isSceneFile(file) && hint !== undefined) {
        let job = scenes.get(file);
        if (!job) {
          job = sceneJpeg(file, hint, options.cacheDir);
          scenes.set(file, job);
          job.catch(() => scenes.delete(file));
        }
        return reply
          .type('image/jpeg')
          .header('cache-control', 'public, max-age=86400')
          .send(await job);
      }
      return send(
        reply,
        serve(file, () => {
          const svg = mediaSvg(file);
          return svg === undefined ? undefined : { type: 'image/svg+xml', body: svg };
        }),
      );
    });

    const podcasts = new Set(content.podcasts.map((p) => p.slug));
    const downloads = databaseDownloads(content['database-files'], content.glaciers);
    app.get<{ Params: { file: string } }>('/media/audio/:file', async (request, reply) => {
      const slug = request.params.file.replace(/\.wav$/, '');
      return send(
        reply,
        serve(`audio/${slug}`, () =>
          podcasts.has(slug) && request.params.file.endsWith('.wav')
            ? { type: WAV_TYPE, body: podcastAudio(slug) }
            : undefined,
        ),
      );
    });

    app.get<{ Params: { file: string } }>('/media/files/:file', async (request, reply) => {
      const hit = downloads.get(request.params.file);
      if (hit) reply.header('content-disposition', `attachment; filename="${request.params.file}"`);
      return send(reply, hit);
    });
  };
