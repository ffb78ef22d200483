import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CachePolicy } from '../../../../server/cache-policies.ts';
import { startRecordedApp } from '../../../helpers/app.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'img-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const { app, upstream } = await startRecordedApp({ config: { CACHE_DIR: cacheDir } });

const mediaCalls = () => upstream.requests.filter((r) => r.url.startsWith('/media/')).length;

describe('image endpoint /_img', () => {
  it('resizes a media image to the asked width and converts it to the asked format', async () => {
    const res = await app.inject({ url: '/_img/w_640,f_webp/media/logo-kazhydro.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(640);
  });

  it('lets a rendition of a site file be cached immutably, and one of a media file as the media file (purgeable)', async () => {
    // the site's own public images are taken
    const site = await app.inject({ url: '/_img/w_640,f_webp/site/favicon.svg' });
    expect(site.statusCode).toBe(200);
    expect((await sharp(site.rawPayload).metadata()).width).toBe(640);
    expect(site.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(site.headers['surrogate-key']).toBeUndefined();
    const media = await app.inject({ url: '/_img/w_640,f_webp/media/logo-kazhydro.svg' });
    expect(media.headers['cache-control']).toBe(CachePolicy.media);
    expect(media.headers['surrogate-key']).toContain('media:logo-kazhydro.svg');
  });

  it('renders up to the widest width of SPEC §9 (breakpoints × densities)', async () => {
    const ok = await app.inject({ url: '/_img/w_3072,f_png/media/logo-kazhydro.svg' });
    expect(ok.statusCode).toBe(200);
    expect((await sharp(ok.rawPayload).metadata()).width).toBe(3072);
  });

  it('refuses a width, format or option outside SPEC §9 with 400', async () => {
    for (const bad of ['w_500,f_webp', 'w_640,f_gif', 'w_640,x_1', 'f_webp', 'w_-320']) {
      const res = await app.inject({ url: `/_img/${bad}/media/logo-kazhydro.svg` });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('writes each rendition to the disk cache once and serves it from there without the upstream', async () => {
    const url = '/_img/w_768,f_jpeg/media/logo-unesco.svg';
    const first = await app.inject({ url });
    expect(first.headers['x-cache']).toBe('MISS');
    expect(mediaCalls()).toBe(1);
    upstream.reset();
    const second = await app.inject({ url });
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(mediaCalls()).toBe(0);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(readdirSync(join(cacheDir, 'images')).filter((f) => f.endsWith('.jpeg'))).toHaveLength(1);
  });

  it('coalesces concurrent requests for one rendition into one upstream fetch', async () => {
    const url = '/_img/w_1024,f_webp/media/logo-wgms.svg';
    const answers = await Promise.all([1, 2, 3, 4].map(() => app.inject({ url })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(mediaCalls()).toBe(1);
  });

  const autoForWebp = () =>
    app.inject({
      url: '/_img/w_320,f_auto/media/logo-kazhydro.svg',
      headers: { accept: 'image/webp,*/*' },
    });

  it('f_auto answers webp to browsers that do not take avif, and varies on Accept', async () => {
    const res = await autoForWebp();
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers.vary).toContain('Accept');
  });

  it('f_auto answers avif to browsers that take it only when it is smaller', async () => {
    const webp = await autoForWebp();
    const auto = await app.inject({
      url: '/_img/w_320,f_auto/media/logo-kazhydro.svg',
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    const avif = await app.inject({ url: '/_img/w_320,f_avif/media/logo-kazhydro.svg' });
    expect(avif.headers['content-type']).toBe('image/avif');
    const expected = avif.rawPayload.length < webp.rawPayload.length ? 'image/avif' : 'image/webp';
    expect(auto.headers['content-type']).toBe(expected);
  });

  it('encodes AVIF with 4:2:0 chroma subsampling, as WebP and JPEG are', async () => {
    const avif = await app.inject({ url: '/_img/w_640,f_avif/media/logo-kazhydro.svg' });
    expect(avif.headers['content-type']).toBe('image/avif');
    // the AV1 codec configuration box (ISO/IEC 23008-12, AV1-ISOBMFF §2.3): after the box type, a marker/version
    // byte, a profile/level byte, then tier, bit depth, monochrome, chroma_subsampling_x, chroma_subsampling_y
    const box = avif.rawPayload.indexOf('av1C');
    expect(box).toBeGreaterThan(0);
    const flags = avif.rawPayload[box + 6] ?? 0;
    expect({ x: (flags >> 3) & 1, y: (flags >> 2) & 1 }).toEqual({ x: 1, y: 1 });
  });

  it('refuses every source off the allow-list (URLs, other paths, traversal, non-images, unknown public files)', async () => {
    for (const src of [
      'http://example.org/a.png',
      'https:/example.org/a.png',
      '//example.org/a.png',
      'media/../../etc/passwd',
      'media/..%2F..%2Fapi%2Fv1%2Fnews.png',
      'api/v1/news',
      'media/files/report.pdf',
      'site/robots.txt',
      'site/../package.json',
      'site/missing.png',
    ]) {
      const res = await app.inject({ url: `/_img/w_320,f_webp/${src}` });
      expect([400, 404], src).toContain(res.statusCode);
      expect(res.headers['content-type'] ?? '').not.toMatch(/^image\//);
    }
    expect(upstream.requests.filter((r) => !r.url.startsWith('/media/'))).toEqual([]);
  });

  it('answers 404 for a missing media file', async () => {
    const missing = await app.inject({ url: '/_img/w_320,f_webp/media/no-such-image.png' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 503, not to be cached, when the upstream fails', async () => {
    upstream.handler = (_req, res) => {
      res.writeHead(500).end();
    };
    const failed = await app.inject({ url: '/_img/w_320,f_webp/media/logo-other.svg' });
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['cache-control']).toBe('private, no-store');
  });

  it('serves a rendition from disk whose keys are not kept (a cache from before keys) with the file’s own keys while the upstream fails', async () => {
    const url = '/_img/w_320,f_png/media/logo-wgms.svg';
    expect((await app.inject({ url })).statusCode).toBe(200);
    for (const name of readdirSync(join(cacheDir, 'images')).filter((f) => f.endsWith('.keys')))
      rmSync(join(cacheDir, 'images', name));
    upstream.handler = (_req, res) => {
      res.writeHead(500).end();
    };
    const res = await app.inject({ url });
    expect([res.statusCode, res.headers['x-cache']]).toEqual([200, 'HIT']);
    expect(res.headers['surrogate-key']).toBe('media media:logo-wgms.svg');
  });
});
