import { defaultContentDir } from '../../../content-api/config.ts';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SLUG, TITLE } from '../../helpers/editable-upstream.ts';
import { spawnServer } from '../../helpers/spawned-server.ts';

const PAGE = `/en/news/${SLUG}`;

/**
 * The site on the embedded content API (`npm start`'s compiled server, or `npm run dev`), serving a copy of the
 * content files an editor may change.
 */
async function startSite(dev = false) {
  const contentDir = mkdtempSync(join(tmpdir(), 'glacier-content-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'glacier-data-'));
  cpSync(defaultContentDir(), contentDir, { recursive: true });
  onTestFinished(() => {
    rmSync(contentDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });
  const server = await spawnServer({ LOG_LEVEL: 'info', CONTENT_DIR: contentDir, DATA_DIR: dataDir }, { dev });
  return { origin: server.origin, contentDir, logs: server.logs };
}

/** An editor's change to the news file: the item's English title. */
function editTitle(contentDir: string, title: string) {
  const file = join(contentDir, 'news.json');
  const news = JSON.parse(readFileSync(file, 'utf8')) as Array<{ slug: string; title: { en: string } }>;
  const item = news.find((n) => n.slug === SLUG)!;
  item.title.en = title;
  writeFileSync(file, `${JSON.stringify(news, null, 2)}\n`);
}

const page = async (url: string) => {
  const res = await fetch(url);
  return { cache: res.headers.get('x-cache'), body: await res.text() };
};

describe("the editor's loop on the embedded content API", () => {
  it.each([
    ['npm start', false],
    ['npm run dev', true],
  ] as const)(
    '%s: an edited content file shows on the site at the next request',
    async (_name, dev) => {
      const site = await startSite(dev);
      // dev has no page cache: the upstream cache holds the item
      if (!dev) await expect.poll(async () => (await page(site.origin + PAGE)).cache).toBe('hit');
      expect((await page(site.origin + PAGE)).body).toContain(TITLE);
      const edited = `${TITLE} (edited, ${dev})`;
      editTitle(site.contentDir, edited);
      await expect.poll(() => site.logs()).toContain('content changed; the site is purged');
      for (let i = 0; i < 4; i++) expect((await page(site.origin + PAGE)).body).toContain(edited);
      expect(site.logs()).toMatch(/"msg":"purge audit"/);
      expect(site.logs()).toContain(`news:${SLUG}`);
      // the webhook is not public: without PURGE_TOKEN it is not there for anyone else
      const outside = await fetch(`${site.origin}/__purge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer guess-guess-guess-guess' },
        body: JSON.stringify({ keys: ['news'] }),
      });
      expect(outside.status).toBe(404);
    },
    60_000,
  );
});
