import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startContentApi, type ContentChange } from '../../../content-api/app.ts';
import { defaultContentDir } from '../../../content-api/config.ts';
import { mediaItemKeys } from '../../../content-api/content-keys.ts';
import { purgeBff } from '../../../content-api/purge-client.ts';
import { loadContent } from '../../../content-api/store.ts';
import { startTestApp } from '../../helpers/app.ts';
import { SLUG } from '../../helpers/editable-upstream.ts';

const TOKEN = 'a-purge-token-of-the-media-watch';
/** the picture of a news item, which an editor replaces */
const PICTURE = 'news-east-zulmart-glacier.jpg';

const tmp = mkdtempSync(join(tmpdir(), 'media-watch-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

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

describe('the items that show a media file', () => {
  it('are named by their item keys (or the collection of a file that is one object)', () => {
    const keys = mediaItemKeys(loadContent(defaultContentDir()));
    expect(keys.get(PICTURE)).toContain(`news:${SLUG}`);
    const about = loadContent(defaultContentDir()).about.image.file;
    expect(keys.get(about)).toContain('about-project');
  });
});
