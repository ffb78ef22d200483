import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { LOCALES, SHARE_IMAGE_PATH, SHARE_IMAGE_SIZE, SHARE_TITLE_MAX, type Locale } from '../../shared/constants.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { landscapeSvg } from '../content-api/media.ts';
import { CachePolicy } from '../cache-policies.ts';
import { paths } from '../paths.ts';
import { FEED_TEXT } from './feeds.ts';

/** Theme colours of the manifest: the header's navy and the page background. */
export const THEME_COLOR = '#0c3550';
const BACKGROUND_COLOR = '#f4f7fa';
/** Share images are 1200×630 (Open Graph's recommended 1.91:1). */
const SHARE_IMAGE = SHARE_IMAGE_SIZE;
/** Distinct share images kept on disk at most (titles come from the query, so the set is bounded here). */
const SHARE_DISK_MAX = 5000;

const xmlEscape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The title broken into at most `maxLines` lines of about `perLine` characters, with an ellipsis when cut. */
export function wrapTitle(title: string, perLine = 30, maxLines = 4): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > perLine && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const last = lines[maxLines - 1] ?? '';
    return [...lines.slice(0, maxLines - 1), `${last.replace(/[\s.,;:—-]+$/, '')}…`];
  }
  return lines;
}

/** The share image's SVG: the site's mountain artwork, a dark band, the title and the site's name. */
export function shareImageSvg(title: string, locale: Locale): string {
  const { width: w, height: h } = SHARE_IMAGE;
  const art = landscapeSvg('share-artwork', w, h)
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '');
  // DejaVu Sans Bold is about 0.66 em wide per character: 24 characters of 62 px, or 30 of 50 px, fit in 1056 px
  const large = wrapTitle(title, 24, 4);
  const lines = large.length <= 3 ? large : wrapTitle(title, 30, 4);
  const size = large.length <= 3 ? 62 : 50;
  const top = h - 110 - lines.length * size * 1.18;
  const text = lines
    .map(
      (l, i) =>
        `<text x="72" y="${(top + (i + 1) * size * 1.18).toFixed(0)}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${xmlEscape(l)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${art}` +
    `<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#06202f" stop-opacity="0.15"/><stop offset="0.45" stop-color="#06202f" stop-opacity="0.55"/><stop offset="1" stop-color="#06202f" stop-opacity="0.92"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#shade)"/>` +
    `<rect x="72" y="64" width="56" height="8" fill="#7cc4ea"/>` +
    `<text x="72" y="118" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#dcefff">${xmlEscape(FEED_TEXT[locale].site)}</text>` +
    `${text}</svg>`
  );
}

/** An .ico holding PNG images (the format browsers and Windows take since Vista), one per size. */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

/** The web app manifest of a locale. */
export function webManifest(locale: Locale) {
  const base = LOCALE_INFO[locale].basename;
  return {
    name: FEED_TEXT[locale].site,
    short_name: locale === 'ru' ? 'Криосфера ЦА' : 'Cryosphere CA',
    description: FEED_TEXT[locale].description,
    lang: locale,
    // the home page's canonical URL (`/en/` would be a redirect to `/en`), and a scope that holds it
    start_url: base || '/',
    scope: base || '/',
    display: 'browser',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

const ShareQuery = z.object({
  t: z.string().trim().min(1).max(SHARE_TITLE_MAX),
  l: z.enum(LOCALES).default('ru'),
});

/**
 * Icons, manifests and share images, generated with sharp from the site's favicon and artwork on first request and
 * kept on disk (ADR 0032): `/favicon.ico` (16, 32, 48), `/apple-touch-icon.png` (180, opaque), `/icon-192.png`,
 * `/icon-512.png`, `/icon-maskable-512.png`, `/manifest.webmanifest` (and `/en/manifest.webmanifest`), and
 * `/_og/image.png?l={locale}&t={title}` (1200×630, the title on the artwork).
 */
export const siteAssetRoutes =
  (options: { cacheDir: string }): FastifyPluginAsync =>
  async (app) => {
    const dir = join(options.cacheDir, 'site');
    await mkdir(dir, { recursive: true });
    let onDisk = (await readdir(dir)).length;
    const favicon = () => readFile(join(paths().root, 'public', 'favicon.svg'));
    const jobs = new Map<string, Promise<Buffer>>();

    /** Made once: from disk, else by `make`, written atomically (unless the disk bound is reached). */
    function cached(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
      let job = jobs.get(name);
      if (!job) {
        job = (async () => {
          const file = join(dir, name);
          const hit = await readFile(file).catch(() => null);
          if (hit) return hit;
          const bytes = await make();
          if (onDisk < SHARE_DISK_MAX) {
            const tmp = `${file}.${process.pid}.tmp`;
            await writeFile(tmp, bytes);
            await rename(tmp, file);
            onDisk += 1;
          }
          return bytes;
        })();
        jobs.set(name, job);
        // share images are read from disk after the first time; icons stay in memory
        job.then(
          () => name.startsWith('og-') && jobs.delete(name),
          () => jobs.delete(name),
        );
      }
      return job;
    }

    const icon = async (size: number, padding: number, background?: string) => {
      const inner = Math.round(size * (1 - 2 * padding));
      const png = await sharp(await favicon(), { density: Math.ceil((72 * inner) / 32) })
        .resize(inner, inner)
        .png()
        .toBuffer();
      return sharp({
        create: {
          width: size,
          height: size,
          channels: 4,
          background: background ?? { r: 0, g: 0, b: 0, alpha: 0 },
        },
      })
        .composite([{ input: png, gravity: 'centre' }])
        .png()
        .toBuffer();
    };

    const immutableDay = 'public, max-age=604800';
    const png = (name: string, make: () => Promise<Buffer>) =>
      app.get(`/${name}`, async (_request, reply) =>
        reply
          .header('cache-control', immutableDay)
          .type('image/png')
          .send(await cached(name, make)),
      );
    png('apple-touch-icon.png', () => icon(180, 0.08, THEME_COLOR));
    png('icon-192.png', () => icon(192, 0));
    png('icon-512.png', () => icon(512, 0));
    png('icon-maskable-512.png', () => icon(512, 0.12, THEME_COLOR));

    app.get('/favicon.ico', async (_request, reply) => {
      const ico = await cached('favicon.ico', async () =>
        icoFromPngs(await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await icon(size, 0) })))),
      );
      return reply.header('cache-control', immutableDay).type('image/x-icon').send(ico);
    });

    for (const locale of LOCALES) {
      app.get(`${LOCALE_INFO[locale].basename}/manifest.webmanifest`, async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=86400')
          .type('application/manifest+json; charset=utf-8')
          .send(JSON.stringify(webManifest(locale))),
      );
    }

    app.get(SHARE_IMAGE_PATH, async (request, reply) => {
      const query = ShareQuery.safeParse(request.query);
      if (!query.success)
        return reply
          .code(400)
          .header('cache-control', CachePolicy.none)
          .send({ statusCode: 400, error: 'Bad Request', message: 'Give t (title, 1–140 characters) and l (ru|en)' });
      const { t: title, l: locale } = query.data;
      const key = createHash('sha256').update(`${locale}\n${title}`).digest('hex').slice(0, 32);
      const bytes = await cached(`og-${key}.png`, () =>
        sharp(Buffer.from(shareImageSvg(title, locale)))
          .png({ compressionLevel: 9, palette: true, quality: 90 })
          .toBuffer(),
      );
      return reply.header('cache-control', CachePolicy.immutable).type('image/png').send(bytes);
    });
  };
