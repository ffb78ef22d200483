import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { LOCALES, type Locale } from '../../shared/constants.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { createDiskCache } from '../disk-cache.ts';
import { paths } from '../paths.ts';
import { FEED_TEXT } from './feeds/shared.ts';

/** Theme colours of the manifest: the header's navy and the page background. */
const THEME_COLOR = '#0c3550';
const BACKGROUND_COLOR = '#f4f7fa';

/** An .ico holding PNG images (the format browsers and Windows take since Vista), one per size. */
function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
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
function webManifest(locale: Locale) {
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

/**
 * Icons and manifests, generated with sharp from the site's favicon on first request and kept on disk (ADR 0032):
 * `/favicon.ico` (16, 32, 48), `/apple-touch-icon.png` (180, opaque), `/icon-192.png`, `/icon-512.png`,
 * `/icon-maskable-512.png`, `/manifest.webmanifest` (and `/en/manifest.webmanifest`). Share images: share-images.ts.
 */
export const siteAssetRoutes =
  (options: { cacheDir: string }): FastifyPluginAsync =>
  async (app) => {
    const files = await createDiskCache(join(options.cacheDir, 'site'));
    const favicon = () => readFile(join(paths().root, 'public', 'favicon.svg'));

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
          .send((await files.get(name, make)).bytes),
      );
    png('apple-touch-icon.png', () => icon(180, 0.08, THEME_COLOR));
    png('icon-192.png', () => icon(192, 0));
    png('icon-512.png', () => icon(512, 0));
    png('icon-maskable-512.png', () => icon(512, 0.12, THEME_COLOR));

    app.get('/favicon.ico', async (_request, reply) => {
      const ico = await files.get('favicon.ico', async () =>
        icoFromPngs(await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await icon(size, 0) })))),
      );
      return reply.header('cache-control', immutableDay).type('image/x-icon').send(ico.bytes);
    });

    for (const locale of LOCALES) {
      app.get(`${LOCALE_INFO[locale].basename}/manifest.webmanifest`, async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=86400')
          .type('application/manifest+json; charset=utf-8')
          .send(JSON.stringify(webManifest(locale))),
      );
    }
  };
