import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CachePolicy } from '../../../../server/cache-policies.ts';
import { mediaKeys } from '../../../../server/routes/media.ts';
import { startTestApp } from '../../../helpers/app.ts';
import { SLUG } from '../../../helpers/editable-upstream.ts';

const TOKEN = 'a-purge-token-of-the-media-test';
/** the picture of the news item the purge tests edit */
const PICTURE = 'news-east-zulmart-glacier.jpg';

const cacheDir = mkdtempSync(join(tmpdir(), 'media-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const { app } = await startTestApp({ config: { CACHE_DIR: cacheDir, PURGE_TOKEN: TOKEN } });

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const keysOf = (header: unknown) => String(header).split(' ');
const purge = (body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/__purge',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    payload: JSON.stringify(body),
  });

describe('media answers carry their keys', () => {
  it('a media file: the media collection, its own key and the items that show it, with the media policy', async () => {
    const res = await get(`/media/${PICTURE}`);
    expect(res.statusCode).toBe(200);
    expect(keysOf(res.headers['surrogate-key'])).toEqual(
      expect.arrayContaining(['media', `media:${PICTURE}`, `news:${SLUG}`]),
    );
    expect(res.headers['cache-control']).toBe(CachePolicy.media);
    expect(res.headers['cache-control']).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
    // a browser's revalidation: 304 with the keys again, no body
    const again = await get(`/media/${PICTURE}`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers['surrogate-key']).toBe(res.headers['surrogate-key']);
  });

  it('a file no item shows has its own keys only', async () => {
    const res = await get('/media/logo-kazhydro.svg');
    expect(res.statusCode).toBe(200);
    expect(keysOf(res.headers['surrogate-key'])).toEqual(expect.arrayContaining(['media', 'media:logo-kazhydro.svg']));
    expect(keysOf(res.headers['surrogate-key']).every((k) => k === 'media' || /^[a-z-]+:/.test(k))).toBe(true);
  });

  it('a rendition of a media file carries the file’s keys and policy; one of a site file stays immutable', async () => {
    const file = await get(`/media/${PICTURE}`);
    const rendition = await get(`/_img/w_640,f_webp/media/${PICTURE}`);
    expect(rendition.statusCode).toBe(200);
    expect(rendition.headers['surrogate-key']).toBe(file.headers['surrogate-key']);
    expect(rendition.headers['cache-control']).toBe(CachePolicy.media);
    // from the disk cache, the same keys
    const hit = await get(`/_img/w_640,f_webp/media/${PICTURE}`);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['surrogate-key']).toBe(file.headers['surrogate-key']);
  });

  it('passes on only the upstream’s keys that have the key syntax', () => {
    expect(mediaKeys('a.jpg', 'news:x \r\n<b> glaciers:12 News:y a;b "q" events')).toEqual([
      'media',
      'media:a.jpg',
      'news:x',
      'glaciers:12',
      'events',
    ]);
  });
});

describe('a media purge reaches the renditions the BFF keeps', () => {
  it('purging a file’s key drops its renditions (made again at the next request), not the others’', async () => {
    const mine = `/_img/w_320,f_webp/media/${PICTURE}`;
    const other = '/_img/w_320,f_webp/media/logo-unesco.svg';
    for (const url of [mine, other]) {
      await get(url);
      expect((await get(url)).headers['x-cache']).toBe('HIT');
    }
    const res = await purge({ keys: [`media:${PICTURE}`] });
    expect(res.statusCode).toBe(200);
    expect((await get(mine)).headers['x-cache']).toBe('MISS');
    expect((await get(other)).headers['x-cache']).toBe('HIT');
  });

  it('a path purge of /media/<file> drops them too', async () => {
    const mine = `/_img/w_640,f_jpeg/media/${PICTURE}`;
    await get(mine);
    expect((await get(mine)).headers['x-cache']).toBe('HIT');
    expect((await purge({ paths: [`/media/${PICTURE}`] })).statusCode).toBe(200);
    expect((await get(mine)).headers['x-cache']).toBe('MISS');
  });
});
