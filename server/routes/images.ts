import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { IMAGE_ENDPOINT, IMAGE_OUTPUT_FORMATS, IMAGE_WIDTHS } from '../../shared/constants.ts';
import { createDiskCache } from '../disk-cache.ts';
import { CachePolicy } from '../cache-policies.ts';
import { newStats, type Purgeable } from '../cache/two-level.ts';
import { paths } from '../paths.ts';
import { createSlots } from '../slots.ts';
import { sendErrorJson } from '../http/error-document.ts';
import { pathTag, surrogateKeyHeader } from '../ssr/page-cache.ts';
import { MEDIA_COLLECTION, mediaKeys } from './media.ts';

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

const ENCODED = ['webp', 'avif', 'png', 'jpeg'] as const;
type Encoded = (typeof ENCODED)[number];
const MIME: Record<Encoded, string> = { webp: 'image/webp', avif: 'image/avif', png: 'image/png', jpeg: 'image/jpeg' };

class ImageError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Renditions made at once, their source's fetch included; the others wait their turn. */
const RENDITIONS_AT_ONCE = 2;

/** The diagnostics channel told the renditions in flight (`{ running, waiting }`, server/slots.ts). */
export const RENDITIONS_CHANNEL = 'glacier:image-renditions';

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);
/** The disk cache's name of one rendition. */
const renditionName = (src: string, width: number, format: Encoded) =>
  `${digest(`${src}\n${width}\n${format}`)}.${format}`;
/** The disk cache's name of the surrogate keys of a media source's renditions (what the upstream named once). */
const keysName = (src: string) => `${digest(src)}.keys`;
/** Every name the disk cache may hold for a source: its renditions at every width and format, and its keys. */
const namesOf = (src: string) => [
  keysName(src),
  ...IMAGE_WIDTHS.flatMap((width) => ENCODED.map((format) => renditionName(src, width, format))),
];

/** The media file a purge tag names (`media:<file>`, or the path `/media/<file>`), when it is an image source. */
function mediaFileOf(tag: string): string | undefined {
  const file = tag.startsWith(`${MEDIA_COLLECTION}:`)
    ? tag.slice(MEDIA_COLLECTION.length + 1)
    : tag.startsWith(pathTag('/media/'))
      ? tag.slice(pathTag('/media/').length)
      : undefined;
  return file !== undefined && MEDIA_SOURCE.test(`media/${file}`) ? file : undefined;
}

/** Resize one source to `width` in `format`. SVG is rasterized at the density that gives the width directly. */
async function renderImage(input: Buffer, width: number, format: Encoded): Promise<Buffer> {
  const meta = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
  const vector = meta.format === 'svg';
  const density = vector && meta.width ? Math.min(2400, Math.max(1, (72 * width) / meta.width)) : undefined;
  let pipeline = sharp(input, { limitInputPixels: 40_000_000, density, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: !vector });
  if (format === 'webp') pipeline = pipeline.webp({ quality: 78, effort: 4 });
  // chroma at half resolution, as WebP and JPEG have it: AVIF files 5 % smaller and 15-20 % faster to encode
  else if (format === 'avif') pipeline = pipeline.avif({ quality: 55, effort: 2, chromaSubsampling: '4:2:0' });
  else if (format === 'png') pipeline = pipeline.png({ compressionLevel: 9, palette: true });
  else pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
  return pipeline.toBuffer();
}

/**
 * `GET /_img/w_{width},f_{format}/{source}`: the image pipeline (ADR 0030). Sources are allow-listed: `media/{file}`
 * (the upstream's media, fetched through the upstream client like /media/*) and `site/{file}` (an image of public/).
 * Renditions are written once to the disk cache (`cacheDir`); those of the site's files are answered as immutable, those of media
 * files with the media's keys and policy, and purged with them. `f_auto` answers avif to browsers that take it when
 * the avif rendition is smaller, webp otherwise (`Vary: Accept`).
 */
export const imageRoutes =
  (options: { cacheDir: string }): FastifyPluginAsync =>
  async (app) => {
    // libvips keeps the results of its recent operations (50 MB, 100 operations by default) for a repeat of the same
    // operation; every rendition is made once and then read from the disk cache, so that memory only grew the process
    sharp.cache(false);
    // each rendition in flight holds its source (up to UPSTREAM_MAX_BYTES) and its decoded pixels in libvips, and on
    // glibc every thread that ran one keeps the memory in an arena of its own: a flood of distinct renditions made them
    // all at once on libuv's threads. A few at once; the others wait (each is made once, then read from disk)
    const slots = createSlots(RENDITIONS_AT_ONCE, RENDITIONS_CHANNEL);
    const renditions = await createDiskCache(join(options.cacheDir, 'images'));
    const publicDir = join(paths().root, 'public');
    const siteFiles = new Set((await readdir(publicDir).catch(() => [])).filter((f) => SITE_IMAGE.test(f)));

    /** A source's bytes, and for a media file the upstream's keys of the items that show it. */
    async function source(
      src: string,
      locale: Parameters<typeof app.upstream.client.sendBytes>[1],
    ): Promise<{ bytes: Buffer; surrogateKey: string | undefined }> {
      const media = MEDIA_SOURCE.exec(src);
      if (media && !src.includes('..')) {
        const res = await app.upstream.client.sendBytes(`/media/${media[1]}`, locale);
        if (res.status === 404) throw new ImageError(404, 'Image not found');
        if (res.status !== 200) throw new ImageError(502, 'Image source unavailable');
        if (!res.contentType?.startsWith('image/')) throw new ImageError(415, 'Source is not an image');
        return { bytes: res.bytes, surrogateKey: res.surrogateKey };
      }
      const file = SITE_SOURCE.exec(src)?.[1];
      if (file !== undefined && siteFiles.has(file))
        return { bytes: await readFile(join(publicDir, file)), surrogateKey: undefined };
      throw new ImageError(404, 'Image source is not allowed');
    }

    const stats = newStats();

    /** One rendition: from disk, else rendered once (concurrent requests share the work). */
    async function rendition(src: string, width: number, format: Encoded, load: () => Promise<{ bytes: Buffer }>) {
      const result = await renditions.get(renditionName(src, width, format), () =>
        slots.run(async () =>
          renderImage((await load()).bytes, width, format).catch((err: unknown) => {
            if (err instanceof ImageError) throw err;
            throw new ImageError(415, 'Source is not a readable image');
          }),
        ),
      );
      stats.l1[result.hit ? 'hit' : 'miss'] += 1;
      return result;
    }

    /**
     * The renditions of media files are purged with them (ADR 0109): a purge of `media:<file>` (or of the path
     * `/media/<file>`) removes the file's renditions and keys from the disk cache in every process, so the next
     * request renders the new file; one of `media` removes them all.
     */
    const purgeable: Purgeable = {
      name: 'image-renditions',
      purgeLocal(tags) {
        if (tags.includes(MEDIA_COLLECTION)) return { l1: renditions.dropAll() };
        let l1 = 0;
        for (const tag of tags) {
          const file = mediaFileOf(tag);
          if (file !== undefined) l1 += renditions.drop(namesOf(`media/${file}`));
        }
        return { l1 };
      },
      fromL2Key: () => undefined,
      stats,
      size: 0,
    };
    app.caches.register(purgeable);

    app.get<{ Params: { mods: string; '*': string } }>(`${IMAGE_ENDPOINT}/:mods/*`, async (request, reply) => {
      reply.header('cache-control', CachePolicy.none);
      const mods = Modifiers.safeParse(request.params.mods);
      if (!mods.success)
        return sendErrorJson(request, reply, 400, mods.error.issues[0]?.message ?? 'Invalid modifiers');
      const src = request.params['*'];
      if (!MEDIA_SOURCE.test(src) && !SITE_SOURCE.test(src))
        return sendErrorJson(request, reply, 404, 'Image source is not allowed');
      const { w_: width, f_: wanted } = mods.data;
      // the source is fetched at most once per request, whatever the number of renditions made from it
      let loaded: ReturnType<typeof source> | undefined;
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
        const file = MEDIA_SOURCE.exec(src)?.[1];
        if (file !== undefined) {
          // a media file's renditions are purged with it: its keys, and the policy of media; a rendition from disk
          // whose keys are not kept yet, while the upstream fails, still has the file's own
          const keys = await renditions
            .get(keysName(src), async () =>
              Buffer.from(surrogateKeyHeader(mediaKeys(file, (await load()).surrogateKey))),
            )
            .then(
              (kept) => kept.bytes.toString(),
              () => surrogateKeyHeader(mediaKeys(file, undefined)),
            );
          reply.header('cache-control', CachePolicy.media).header('surrogate-key', keys);
        } else reply.header('cache-control', CachePolicy.immutable);
        return reply
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
