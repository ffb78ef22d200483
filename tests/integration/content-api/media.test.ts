import { cpSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startContentApi, type ContentChange } from '../../../content-api/app.ts';
import { wavDurationSeconds } from '../../../content-api/audio.ts';
import { defaultContentDir } from '../../../content-api/config.ts';
import { purgeBff } from '../../../content-api/purge-client.ts';
import { loadContent } from '../../../content-api/store.ts';
import { startTestApp } from '../../helpers/app.ts';
import { SLUG } from '../../helpers/editable-upstream.ts';

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
      // what each file holds, read as a person opening it: tests/integration/sections/research-data.test.ts
    }
    expect([...formats].sort()).toEqual(['csv', 'geojson', 'pdf', 'xlsx', 'zip']);
  });

  it('gives videos a poster and an honest state', async () => {
    const { data } = await json<{ data: { poster: Img | null; state?: string; state_note?: string; video_url: null } }>(
      '/api/v1/videos/1',
    );
    expect(data.poster?.url).toMatch(/\.jpg$/);
    expect(data.video_url).toBeNull();
    expect(data.state).toBe('in_preparation');
    expect(data.state_note).toMatch(/poster/);
  });
});

const TOKEN = 'a-purge-token-of-the-media-watch';
/** the picture of a news item, which an editor replaces */
const PICTURE = 'news-east-zulmart-glacier.jpg';

const tmp = join(dataDir, 'media-watch');

/** A one-colour JPEG an editor could upload. */
const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

/** The colour of an image's first pixel. */
async function colourOf(bytes: Buffer) {
  const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return [data[0], data[1], data[2]];
}

const near = (colour: (number | undefined)[], want: number[]) =>
  colour.every((c, i) => c !== undefined && Math.abs(c - (want[i] ?? 0)) < 12);

describe('a replaced media file', () => {
  it('names the items that show it, and the watch purges it: the BFF serves the new bytes and a new rendition', async () => {
    const contentDir = join(tmp, 'content');
    cpSync(defaultContentDir(), contentDir, { recursive: true });
    mkdirSync(join(contentDir, 'media'));
    const red = await jpeg(220, 20, 20);
    writeFileSync(join(contentDir, 'media', PICTURE), red);

    // the editor's loop of `npm start`: the content API purges the BFF after a change (content-api/embedded.ts)
    let bffUrl = '';
    const changes: ContentChange[] = [];
    let changed: (change: ContentChange) => void = () => {};
    const content = await startContentApi(0, {
      contentDir,
      dataDir: join(tmp, 'data'),
      watch: true,
      onChange: async (change) => {
        await purgeBff(bffUrl, TOKEN, change.keys, pino({ level: 'silent' }));
        changes.push(change);
        changed(change);
      },
    });
    afterAll(() => content.app.close());
    const { app } = await startTestApp({
      upstreamUrl: content.url,
      config: { PURGE_TOKEN: TOKEN, CACHE_DIR: join(tmp, 'cache') },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    bffUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // the content API names the items that show the file; the BFF passes them on with the file's own keys
    const upstream = await fetch(`${content.url}/media/${PICTURE}`);
    expect(upstream.headers.get('surrogate-key')?.split(' ')).toContain(`news:${SLUG}`);
    // a file that is one object names its collection (`about-project`)
    const about = loadContent(contentDir).about.image.file;
    expect((await fetch(`${content.url}/media/${about}`)).headers.get('surrogate-key')).toContain('about-project');
    const get = (url: string) => app.inject({ method: 'GET', url });
    const file = await get(`/media/${PICTURE}`);
    expect(file.rawPayload.equals(red)).toBe(true);
    expect(String(file.headers['surrogate-key']).split(' ')).toEqual(
      expect.arrayContaining(['media', `media:${PICTURE}`, `news:${SLUG}`]),
    );
    const rendition = `/_img/w_320,f_png/media/${PICTURE}`;
    expect(near(await colourOf((await get(rendition)).rawPayload), [220, 20, 20])).toBe(true);
    expect((await get(rendition)).headers['x-cache']).toBe('HIT');

    // the editor replaces the file (a new file renamed over it)
    const blue = await jpeg(20, 20, 220);
    const purged = new Promise<ContentChange>((resolve) => (changed = resolve));
    writeFileSync(join(contentDir, 'media', `${PICTURE}.tmp`), blue);
    renameSync(join(contentDir, 'media', `${PICTURE}.tmp`), join(contentDir, 'media', PICTURE));
    expect(await purged).toEqual({ files: [], media: [PICTURE], keys: [`media:${PICTURE}`] });

    expect((await get(`/media/${PICTURE}`)).rawPayload.equals(blue)).toBe(true);
    const fresh = await get(rendition);
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(near(await colourOf(fresh.rawPayload), [20, 20, 220])).toBe(true);
    expect(changes).toHaveLength(1);
  });
});
