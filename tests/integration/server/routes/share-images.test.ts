import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../../shared/constants.ts';
import { shareImagePath } from '../../../../shared/images.ts';
import { ogTitleOf, shareImageRoutes } from '../../../../server/routes/share-images.ts';
import { startTestApp } from '../../../helpers/app.ts';

const ORIGIN = 'https://cryo.example.org';
const cacheDir = mkdtempSync(join(tmpdir(), 'share-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const { get } = await startTestApp({ config: { PUBLIC_ORIGIN: ORIGIN, CACHE_DIR: cacheDir } });

const prefix = (l: Locale) => (l === 'en' ? '/en' : '');
const local = (absolute: string) => {
  const url = new URL(absolute);
  expect(url.origin).toBe(ORIGIN);
  return url.pathname + url.search;
};
const metaOf = (html: string, attr: string, name: string) =>
  new RegExp(`<meta ${attr}="${name}" content="([^"]+)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
/** What the share image of a title is stored and validated by. */
const etagOf = (locale: Locale, title: string) =>
  `"og-${createHash('sha256').update(`${locale}\n${title}`).digest('hex').slice(0, 32)}"`;

const PAGES = [
  '/',
  '/news',
  '/news?page=2',
  '/news/international-year-of-glaciers-preservation-2025',
  '/news/events',
  '/resources/tools/wgms',
  '/no-such-page',
  '/about',
  '/search',
];

describe('share images: only of the site’s own pages', () => {
  it('every page’s og:image and twitter:image is a 1200×630 PNG of the title the page shows, in both locales', async () => {
    for (const locale of LOCALES)
      for (const page of PAGES) {
        const url = page === '/' ? prefix(locale) || '/' : prefix(locale) + page;
        const html = (await get(url, { 'accept-language': locale })).body;
        const og = metaOf(html, 'property', 'og:image');
        expect(og, page).toBeDefined();
        // a page that is not there (or not to be indexed) shares the home page's image
        if (page === '/no-such-page' || page === '/search') expect(og).toBe(`${ORIGIN}/_og/${locale}/index.png`);
        expect(metaOf(html, 'name', 'twitter:image')).toBe(og);
        const image = await get(local(og!));
        expect(image.statusCode, og).toBe(200);
        expect(image.headers['content-type']).toBe('image/png');
        if (!og!.endsWith('/index.png')) expect(image.headers.etag).toBe(etagOf(locale, ogTitleOf(html)!));
        const meta = await sharp(image.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
      }
  });

  it('names the image by the page: its path and list page, never a text', () => {
    expect(shareImagePath('en', '/news/some-item')).toBe('/_og/en/news/some-item.png');
    expect(shareImagePath('ru', '/')).toBe('/_og/ru/index.png');
    expect(shareImagePath('ru', '/news', '2')).toBe('/_og/ru/news.png?page=2');
    expect(shareImagePath('ru', '/news', '1')).toBe('/_og/ru/news.png');
  });

  it('JSON-LD of an item without an image of its own points at a share image that exists', async () => {
    for (const locale of LOCALES) {
      const html = (await get(`${prefix(locale)}/news/events`)).body;
      const found = [...html.matchAll(/"(https:\/\/cryo\.example\.org\/_og\/[^"]+)"/g)].map((m) => m[1]!);
      const detail = (await get(`${prefix(locale)}/news/international-year-of-glaciers-preservation-2025`)).body;
      found.push(...[...detail.matchAll(/"(https:\/\/cryo\.example\.org\/_og\/[^"]+)"/g)].map((m) => m[1]!));
      expect(found.length).toBeGreaterThan(0);
      for (const url of new Set(found)) expect((await get(local(url))).statusCode, url).toBe(200);
    }
  });

  it('answers 404, never an image, for any URL that names no page of the site', async () => {
    const text = encodeURIComponent('OFFICIAL: glacier collapse imminent, evacuate Almaty');
    for (const url of [
      `/_og/image.png?l=en&t=${text}`,
      '/_og/en/official-glacier-collapse-imminent-evacuate-almaty.png',
      '/_og/en/news/no-such-item.png',
      '/_og/de/news.png',
      '/_og/en/news.png?page=1',
      '/_og/en/news.png?page=abc',
      '/_og/en/../news.png',
      '/_og/en/news',
      '/_og/en/.png',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/^image\//);
    }
  });

  it('draws a title once (kept on disk), revalidates with its ETag, and carries the page’s surrogate keys', async () => {
    const url = '/_og/en/about.png';
    const first = await get(url);
    const names = () => readdirSync(join(cacheDir, 'site')).filter((f) => f.startsWith('og-'));
    const before = names().length;
    const again = await get(url);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(names()).toHaveLength(before);
    expect(first.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400');
    expect(String(first.headers['surrogate-key'])).toContain('about');
    const revalidated = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });
});

describe('share images: bounded', () => {
  it('limits the images per client and minute (429)', async () => {
    const limited = await startTestApp({ config: { CACHE_DIR: cacheDir, SHARE_IMAGE_RATE_LIMIT: 2 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await limited.app.inject({ url: '/_og/en/about.png' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('draws a few at a time: past a full queue it answers 503 with Retry-After, and every other one is drawn', async () => {
    // pages of their own, each with another title: every image must be drawn
    const pages = Fastify();
    pages.get<{ Params: { n: string } }>('/en/p/:n', async (request, reply) =>
      reply.type('text/html').send(`<meta property="og:title" content="Page ${request.params.n} of the test"/>`),
    );
    const dir = mkdtempSync(join(tmpdir(), 'share-bound-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    await pages.register(shareImageRoutes({ cacheDir: dir, rateLimit: 1000, concurrency: 1, queueMax: 2 }));
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) => pages.inject({ url: `/_og/en/p/${n}.png` })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 503)).toBe(true);
    expect(statuses).toContain(503);
    for (const r of results.filter((r) => r.statusCode === 503)) expect(r.headers['retry-after']).toBe('5');
    await pages.close();
  });
});
