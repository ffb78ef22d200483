import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { IMAGE_ENDPOINT, IMAGE_OUTPUT_FORMATS, IMAGE_WIDTHS } from '../../shared/constants.ts';
import { createDiskCache } from '../disk-cache.ts';
import { CachePolicy } from '../cache-policies.ts';
import { paths } from '../paths.ts';

/** `w_640,f_webp`: a width of SPEC §9 (breakpoint × density) and an output format, in any order. */
const Modifiers = z
  .string()
  .max(40)
  .transform((raw): Record<string, unknown> =>
    Object.fromEntries(raw.split(',').map((part) => [part.slice(0, 2), part.slice(2)])),
  )
  .pipe(
    z.strictObject({
      w_: z.coerce
        .number()
        .int()
        .refine((w) => IMAGE_WIDTHS.includes(w), `width must be one of ${IMAGE_WIDTHS.join(', ')}`),
      f_: z.enum(IMAGE_OUTPUT_FORMATS).default('auto'),
    }),
  );

const MEDIA_SOURCE = /^media\/([a-z0-9][a-z0-9._-]{0,200}\.(?:svg|png|jpe?g|webp|avif|gif))$/i;
const SITE_SOURCE = /^site\/([a-z0-9][a-z0-9._-]{0,100})$/i;
const SITE_IMAGE = /\.(?:svg|png|jpe?g|webp)$/i;

type Encoded = 'webp' | 'avif' | 'png' | 'jpeg';
const MIME: Record<Encoded, string> = { webp: 'image/webp', avif: 'image/avif', png: 'image/png', jpeg: 'image/jpeg' };

class ImageError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ImageRouteOptions {
  /** where renditions are kept on disk */
  cacheDir: string;
  /** the site's public files (default: public/ of the project) */
  publicDir?: string;
}

/** Resize one source to `width` in `format`. SVG is rasterized at the density that gives the width directly. */
export async function renderImage(input: Buffer, width: number, format: Encoded): Promise<Buffer> {
  const meta = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
  const vector = meta.format === 'svg';
  const density = vector && meta.width ? Math.min(2400, Math.max(1, (72 * width) / meta.width)) : undefined;
  let pipeline = sharp(input, { limitInputPixels: 40_000_000, density, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: !vector });
  if (format === 'webp') pipeline = pipeline.webp({ quality: 78, effort: 4 });
  else if (format === 'avif') pipeline = pipeline.avif({ quality: 55, effort: 2 });
  else if (format === 'png') pipeline = pipeline.png({ compressionLevel: 9, palette: true });
  else pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
  return pipeline.toBuffer();
}

/**
 * `GET /_img/w_{width},f_{format}/{source}`: the image pipeline (ADR 0030). Sources are allow-listed: `media/{file}`
 * (the upstream's media, fetched through the upstream client like /media/*) and `site/{file}` (an image of public/).
 * Renditions are written once to the disk cache and answered as immutable; `f_auto` answers avif to browsers that
 * take it when the avif rendition is smaller, webp otherwise (`Vary: Accept`).
 */
export const imageRoutes =
  (options: ImageRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const renditions = await createDiskCache(join(options.cacheDir, 'images'));
    const publicDir = options.publicDir ?? join(paths().root, 'public');
    const siteFiles = new Set((await readdir(publicDir).catch(() => [])).filter((f) => SITE_IMAGE.test(f)));

    async function source(src: string, locale: Parameters<typeof app.upstream.client.sendBytes>[1]) {
      const media = MEDIA_SOURCE.exec(src);
      if (media && !src.includes('..')) {
        const res = await app.upstream.client.sendBytes(`/media/${media[1]}`, locale);
        if (res.status === 404) throw new ImageError(404, 'Image not found');
        if (res.status !== 200) throw new ImageError(502, 'Image source unavailable');
        if (!res.contentType?.startsWith('image/')) throw new ImageError(415, 'Source is not an image');
        return res.bytes;
      }
      const file = SITE_SOURCE.exec(src)?.[1];
      if (file !== undefined && siteFiles.has(file)) return readFile(join(publicDir, file));
      throw new ImageError(404, 'Image source is not allowed');
    }

    /** One rendition: from disk, else rendered once (concurrent requests share the work). */
    function rendition(src: string, width: number, format: Encoded, load: () => Promise<Buffer>) {
      const key = createHash('sha256').update(`${src}\n${width}\n${format}`).digest('hex').slice(0, 32);
      return renditions.get(`${key}.${format}`, async () =>
        renderImage(await load(), width, format).catch((err: unknown) => {
          if (err instanceof ImageError) throw err;
          throw new ImageError(415, 'Source is not a readable image');
        }),
      );
    }

    app.get<{ Params: { mods: string; '*': string } }>(`${IMAGE_ENDPOINT}/:mods/*`, async (request, reply) => {
      reply.header('cache-control', CachePolicy.none);
      const mods = Modifiers.safeParse(request.params.mods);
      if (!mods.success)
        return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: mods.error.issues[0]?.message });
      const src = request.params['*'];
      if (!MEDIA_SOURCE.test(src) && !SITE_SOURCE.test(src))
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Image source is not allowed' });
      const { w_: width, f_: wanted } = mods.data;
      // the source is fetched at most once per request, whatever the number of renditions made from it
      let loaded: Promise<Buffer> | undefined;
      const load = () => (loaded ??= source(src, request.locale));
      try {
        let format: Encoded = wanted === 'auto' ? 'webp' : wanted;
        let result = await rendition(src, width, format, load);
        if (wanted === 'auto') {
          reply.header('vary', 'Accept');
          if (/image\/avif/.test(request.headers.accept ?? '')) {
            const avif = await rendition(src, width, 'avif', load);
            if (avif.bytes.length < result.bytes.length) {
              result = avif;
              format = 'avif';
            }
          }
        }
        return reply
          .header('cache-control', CachePolicy.immutable)
          .header('x-cache', result.hit ? 'HIT' : 'MISS')
          .type(MIME[format])
          .send(result.bytes);
      } catch (err) {
        if (!(err instanceof ImageError)) throw err;
        if (err.statusCode >= 500) request.log.warn({ src }, err.message);
        return reply.code(err.statusCode).send({ statusCode: err.statusCode, message: err.message });
      }
    });
  };
