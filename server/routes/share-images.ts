import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { LOCALES, SHARE_IMAGE_PREFIX, SHARE_IMAGE_SIZE, SHARE_TITLE_MAX, type Locale } from '../../shared/constants.ts';
import { decodeHtmlText, escapeHtml } from '../../shared/html-text.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { landscapeSvg } from '../../shared/artwork/landscape.ts';
import { CachePolicy } from '../cache-policies.ts';
import { createDiskCache } from '../disk-cache.ts';
import { clientAddress } from '../client-address.ts';
import { sendErrorJson } from '../http/error-document.ts';
import { FEED_TEXT } from './feeds/shared.ts';

/** Distinct share images kept on disk at most (one per distinct page title and locale). */
const SHARE_DISK_MAX = 5000;

/** The drawing queue is full. */
class Busy extends Error {}

/** The title broken into at most `maxLines` lines of about `perLine` characters, with an ellipsis when cut. */
function wrapTitle(title: string, perLine: number, maxLines: number): string[] {
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
function shareImageSvg(title: string, locale: Locale): string {
  const { width: w, height: h } = SHARE_IMAGE_SIZE;
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
        `<text x="72" y="${(top + (i + 1) * size * 1.18).toFixed(0)}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeHtml(l)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${art}` +
    `<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#06202f" stop-opacity="0.15"/><stop offset="0.45" stop-color="#06202f" stop-opacity="0.55"/><stop offset="1" stop-color="#06202f" stop-opacity="0.92"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#shade)"/>` +
    `<rect x="72" y="64" width="56" height="8" fill="#7cc4ea"/>` +
    `<text x="72" y="118" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#dcefff">${escapeHtml(FEED_TEXT[locale].site)}</text>` +
    `${text}</svg>`
  );
}

/** The page a share image URL names (the inverse of shared/images.ts shareImagePath), or undefined. */
function pageOfShareImage(locale: string, rest: string, page: unknown): string | undefined {
  if (!(LOCALES as readonly string[]).includes(locale)) return undefined;
  const match = /^((?:[a-z0-9][a-z0-9._-]{0,200}\/){0,4}[a-z0-9][a-z0-9._-]{0,200})\.png$/.exec(rest);
  if (!match?.[1] || match[1].split('/').some((s) => s.startsWith('.'))) return undefined;
  if (page !== undefined && (typeof page !== 'string' || !/^[2-9][0-9]{0,5}$|^1[0-9]{1,5}$/.test(page)))
    return undefined;
  const path = match[1] === 'index' ? '/' : `/${match[1]}`;
  const base = LOCALE_INFO[locale as Locale].basename;
  const pathname = path === '/' ? base || '/' : base + path;
  return page === undefined ? pathname : `${pathname}?page=${page}`;
}

/** The og:title of a rendered page (React escapes attribute values), or undefined. */
export function ogTitleOf(html: string): string | undefined {
  const raw = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
  if (raw === undefined) return undefined;
  const title = decodeHtmlText(raw).trim();
  return title ? title.slice(0, SHARE_TITLE_MAX) : undefined;
}

export interface ShareImageOptions {
  cacheDir: string;
  /** share images per client IP per minute */
  rateLimit: number;
  /** images drawn at once; default 2 */
  concurrency?: number;
  /** draws waiting for a turn before a request answers 503; default 32 */
  queueMax?: number;
}

/**
 * `/_og/{locale}/{path}.png[?page=N]`: the share image of one of the site's own pages (ADR 0032, 0094), 1200×630,
 * the title that page shows on the site's artwork. The page is asked of this app (a page-cache hit, normally) and its
 * og:title drawn; a URL that names no page answering 200 is a 404, never an image, so no URL can put a text of its
 * own on the portal's artwork. Drawing is bounded: a few at once (a full queue answers 503 with Retry-After), a
 * per-client rate limit, and each title drawn once (kept on disk by the hash of its locale and text).
 */
export const shareImageRoutes =
  (options: ShareImageOptions): FastifyPluginAsync =>
  async (app) => {
    const images = await createDiskCache(join(options.cacheDir, 'site'), { maxFiles: SHARE_DISK_MAX });
    // sharp's SVG rendering takes about 100 ms of CPU per image: a few at once, a bounded queue behind them
    const draw = pLimit(options.concurrency ?? 2);
    const queueMax = options.queueMax ?? 32;
    await app.register(rateLimit, {
      global: true,
      max: options.rateLimit,
      timeWindow: 60_000,
      keyGenerator: clientAddress,
    });

    const notFound = (request: FastifyRequest, reply: FastifyReply) =>
      sendErrorJson(request, reply, 404, 'No page of this site has this share image');
    /** 503 with Retry-After: the page or the drawing is not to be had now */
    const unavailable = (request: FastifyRequest, reply: FastifyReply, message: string) =>
      sendErrorJson(request, reply.header('retry-after', '5'), 503, message);

    app.get<{ Params: { locale: string; '*': string }; Querystring: Record<string, unknown> }>(
      `${SHARE_IMAGE_PREFIX}/:locale/*`,
      async (request, reply) => {
        const { locale } = request.params;
        const url = pageOfShareImage(locale, request.params['*'], request.query.page);
        if (url === undefined) return notFound(request, reply);
        const page = await app.inject({
          method: 'GET',
          url,
          headers: {
            accept: 'text/html',
            'accept-language': locale,
            ...(request.headers.host === undefined ? {} : { host: request.headers.host }),
          },
        });
        if (page.statusCode >= 500) return unavailable(request, reply, 'The page could not be rendered');
        const title = page.statusCode === 200 ? ogTitleOf(page.body) : undefined;
        if (title === undefined) return notFound(request, reply);
        const hash = createHash('sha256').update(`${locale}\n${title}`).digest('hex').slice(0, 32);
        const etag = `"og-${hash}"`;
        const cached = (r: FastifyReply) => {
          r.header('cache-control', CachePolicy.shareImage).header('etag', etag);
          const keys = page.headers['surrogate-key'];
          return typeof keys === 'string' ? r.header('surrogate-key', keys) : r;
        };
        if (request.headers['if-none-match'] === etag) return cached(reply).code(304).send();
        const image = await images
          .get(`og-${hash}.png`, () => {
            if (draw.pendingCount >= queueMax) throw new Busy();
            return draw(() =>
              sharp(Buffer.from(shareImageSvg(title, locale as Locale)))
                .png({ compressionLevel: 9, palette: true, quality: 90 })
                .toBuffer(),
            );
          })
          .catch((err: unknown) => {
            if (err instanceof Busy) return undefined;
            throw err;
          });
        if (!image) return unavailable(request, reply, 'Too many share images are being drawn');
        return cached(reply).type('image/png').send(image.bytes);
      },
    );
  };
