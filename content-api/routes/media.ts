import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { mediaItemKeys } from '../content-keys.ts';
import { MEDIA_FILE } from '../content-schemas.ts';
import { podcastAudio, WAV_TYPE } from '../audio.ts';
import { databaseDownloads } from '../files.ts';
import { mediaRefs } from '../localize.ts';
import { mediaSvg } from '../media.ts';
import { isSceneFile, sceneSvg } from '../scenes.ts';
import type { Content } from '../store.ts';

/**
 * /media/{file}: an editor's file in the content folder's `media/`, else generated artwork; /media/audio/{slug}.wav:
 * podcast audio; /media/files/{slug}.{ext}: downloads of the file database. Illustrations, audio and downloads are
 * made once per name (SVG artwork, a fraction of a millisecond, at each request); an editor's file is read at each
 * request, so a replaced one is served at once. Each names the items that show it in `Surrogate-Key`: images by
 * their media references (content-keys.ts), audio its episode, a download its database file.
 */
/**
 * A generated illustration as JPEG: read from the disk cache, else drawn (scenes.ts), rasterized with sharp and
 * written there atomically, so the work is done once per file and survives restarts. libjpeg, not mozjpeg: readers get
 * the BFF's renditions of it (WebP, AVIF), so mozjpeg's smaller source saved them nothing and made the first request of
 * each file wait about 80 ms instead of 20.
 */
async function sceneJpeg(file: string, hint: string, cacheDir: string): Promise<Buffer> {
  const path = join(cacheDir, file);
  const cached = await readFile(path).catch(() => null);
  if (cached) return cached;
  const jpeg = await sharp(Buffer.from(sceneSvg(file, hint)))
    .jpeg({ quality: 84 })
    .toBuffer();
  await mkdir(cacheDir, { recursive: true });
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, jpeg);
  await rename(tmp, path);
  return jpeg;
}

/** Types of the files an editor may put in `media/` (the names MediaRef accepts). */
const EDITOR_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
};

export interface MediaRouteOptions {
  /** where generated illustrations are kept */
  cacheDir: string;
  /** the editors' media files (`{CONTENT_DIR}/media`), which take the place of generated ones of the same name */
  mediaDir?: string;
}

export const mediaRoutes =
  (content: Content, options: MediaRouteOptions): FastifyPluginAsync =>
  async (app) => {
    // the editor's English alt text of each media file: the hint for the scene's kind
    const hints = new Map(mediaRefs(content).map((ref) => [ref.file, ref.alt.en]));
    const itemKeys = mediaItemKeys(content);
    const scenes = new Map<string, Promise<Buffer>>();
    const send = (reply: import('fastify').FastifyReply, hit: { type: string; body: Buffer | string } | undefined) =>
      hit
        ? reply.type(hit.type).header('cache-control', 'public, max-age=86400').send(hit.body)
        : reply.code(404).send({ message: 'Media not found' });

    app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
      const { file } = request.params;
      const keys = itemKeys.get(file);
      if (keys) reply.header('surrogate-key', keys.join(' '));
      const type = MEDIA_FILE.exec(file)?.[1];
      if (type !== undefined && options.mediaDir) {
        const edited = await readFile(join(options.mediaDir, file)).catch(() => null);
        if (edited)
          return reply
            .type(EDITOR_TYPES[type] ?? 'application/octet-stream')
            .header('cache-control', 'no-cache')
            .send(edited);
      }
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
      const svg = mediaSvg(file);
      return send(reply, svg === undefined ? undefined : { type: 'image/svg+xml', body: svg });
    });

    const podcasts = new Set(content.podcasts.map((p) => p.slug));
    const downloads = databaseDownloads(content['database-files'], content.glaciers);
    app.get<{ Params: { file: string } }>('/media/audio/:file', async (request, reply) => {
      const slug = request.params.file.replace(/\.wav$/, '');
      if (podcasts.has(slug)) reply.header('surrogate-key', `podcasts:${slug}`);
      return send(
        reply,
        podcasts.has(slug) && request.params.file.endsWith('.wav')
          ? { type: WAV_TYPE, body: podcastAudio(slug) }
          : undefined,
      );
    });

    app.get<{ Params: { file: string } }>('/media/files/:file', async (request, reply) => {
      const hit = downloads.get(request.params.file);
      if (hit)
        reply
          .header('content-disposition', `attachment; filename="${request.params.file}"`)
          .header('surrogate-key', `database-files:${request.params.file.replace(/\.[a-z0-9]+$/, '')}`);
      return send(reply, hit);
    });
  };
