import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startContentApi } from '../../../content-api/app.ts';
import { wavDurationSeconds } from '../../../content-api/audio.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'content-media-'));
const { app, url } = await startContentApi(0, { dataDir });
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string, locale = 'en') => fetch(url + path, { headers: { 'accept-language': locale } });
const json = async <T>(path: string, locale = 'en') => (await (await get(path, locale)).json()) as T;

type Img = { url: string; alt: string; width: number; height: number };

describe('embedded content that tells the truth', () => {
  it('gives every item its own raster illustration, as stated and rendered once', async () => {
    const news = await json<{ data: { image: Img }[] }>('/api/v1/news?per_page=6');
    const hashes = new Set<string>();
    for (const { image } of news.data) {
      expect(image.url).toMatch(/^\/media\/[a-z0-9-]+\.jpg$/);
      const res = await get(image.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', image.width, image.height]);
      hashes.add(bytes.toString('base64'));
    }
    expect(hashes.size).toBe(news.data.length);
    expect(readdirSync(join(dataDir, 'cache', 'media'))).toHaveLength(news.data.length);
  });

  it('describes the generated picture in the alt text, in the page language', async () => {
    const ru = await json<{ data: { photos: { image: Img }[] } }>('/api/v1/photo-galleries/1', 'ru');
    const en = await json<{ data: { photos: { image: Img }[] } }>('/api/v1/photo-galleries/1', 'en');
    for (const p of ru.data.photos) expect(p.image.alt).toMatch(/^Иллюстрация: /);
    for (const p of en.data.photos) expect(p.image.alt).toMatch(/^Illustration: /);
    // the snow-survey gallery shows snow scenes, not generic mountains
    expect(en.data.photos.some((p) => /snow/.test(p.image.alt))).toBe(true);
  });

  it('states podcast durations that match the audio actually served', async () => {
    const list = await json<{ data: { slug: string; duration_s: number; audio_url: string }[] }>('/api/v1/podcasts');
    expect(list.data.length).toBeGreaterThan(0);
    for (const p of list.data) {
      const res = await get(p.audio_url);
      expect(res.status).toBe(200);
      const wav = Buffer.from(await res.arrayBuffer());
      expect(wav.subarray(0, 4).toString()).toBe('RIFF');
      expect(p.duration_s).toBe(wavDurationSeconds(wav));
      // the episode that plays it: purging the episode purges its audio in shared caches
      expect(res.headers.get('surrogate-key')).toBe(`podcasts:${p.slug}`);
    }
  });

  it('serves every download of the file database in its format, with the stated size', async () => {
    const files = await json<{ data: { slug: string; format: string; size_bytes: number; file_url: string }[] }>(
      '/api/v1/database-files/index?per_page=100',
    );
    expect(files.data.length).toBeGreaterThanOrEqual(40);
    const formats = new Set<string>();
    for (const f of files.data) {
      const res = await get(f.file_url);
      expect(res.status, f.file_url).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length, f.file_url).toBe(f.size_bytes);
      expect(res.headers.get('surrogate-key'), f.file_url).toBe(`database-files:${f.slug}`);
      formats.add(f.format);
      if (f.format === 'xlsx') {
        const parts = unzipSync(body);
        expect(Object.keys(parts)).toContain('xl/worksheets/sheet1.xml');
        expect(strFromU8(parts['xl/worksheets/sheet1.xml']!)).toContain('<sheetData>');
      }
      if (f.format === 'zip') expect(Object.keys(unzipSync(body))).toContain('README.txt');
      if (f.format === 'pdf') expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect([...formats].sort()).toEqual(['csv', 'geojson', 'pdf', 'xlsx', 'zip']);
  });

  const video = () =>
    json<{ data: { poster: Img | null; state?: string; state_note?: string; video_url: null } }>('/api/v1/videos/1');

  it('gives videos a poster', async () => {
    expect((await video()).data.poster?.url).toMatch(/\.jpg$/);
  });

  it('gives videos an honest state', async () => {
    const { data } = await video();
    expect(data.video_url).toBeNull();
    expect(data.state).toBe('in_preparation');
    expect(data.state_note).toMatch(/poster/);
  });
});
