/**
 * ADR 0081: a page carries the layout's strings and its own section's only (hydration data and payload), with the
 * upstream's texts winning over the bundled ones, and the bundled ones kept when the translations call fails.
 */
import { describe, expect, it } from 'vitest';
import { en as layoutEn } from '../../../../shared/i18n/messages.ts';
import { sectionsInLayout, stringsRouteId } from '../../../../shared/router/route-tree.ts';
import { en as newsEn } from '../../../../shared/sections/news/messages.ts';
import { sections } from '../../../../shared/sections/registry.ts';
import { forwardTo, json, type FakeHandler } from '../../../helpers/fake-upstream.ts';
import { startRecordedApp } from '../../../helpers/app.ts';
import { hydrationDataOf, mainOf } from '../../../helpers/html.ts';

// no upstream cache and no page cache: every request sees the upstream as scripted
const { get, upstream, contentApiUrl } = await startRecordedApp({ config: { CACHE_TTL_MS: 0, PAGE_CACHE_TTL_MS: 0 } });
/** The content API, with the translations call answered by `translations`. */
const withTranslations =
  (translations: FakeHandler): FakeHandler =>
  (req, res) =>
    req.url.startsWith('/api/v1/translations') ? translations(req, res) : forwardTo(contentApiUrl)(req, res);

const ownKeys = async (name: string) => Object.keys((await sections.find((s) => s.name === name)!.messages()).en);
/** The keys of `html`'s hydration data (`"key":"text"` in its JSON) among `keys`. */
const carried = (html: string, keys: string[]) => {
  const data = JSON.stringify(hydrationDataOf(html));
  return keys.filter((key) => data.includes(`"${key}":"`));
};

describe("a page's strings", () => {
  it("a news page carries the layout's strings and the news section's, no other section's", async () => {
    const html = (await get('/en/news')).body;
    expect(carried(html, Object.keys(layoutEn))).toEqual(Object.keys(layoutEn));
    expect(carried(html, Object.keys(newsEn))).toEqual(Object.keys(newsEn));
    const others = sections.filter((section) => section.name !== 'news' && !sectionsInLayout.includes(section));
    for (const section of others) {
      expect(carried(html, await ownKeys(section.name)), section.name).toEqual([]);
    }
    // e.g. the glacier panel's heading, of the resources section
    expect(carried(html, ['glacier.panel'])).toEqual([]);
  });

  it("home carries its own strings, and only the map block's of the resources section, which it borrows", async () => {
    const html = (await get('/en')).body;
    expect(carried(html, await ownKeys('home'))).toEqual(await ownKeys('home'));
    expect(carried(html, await ownKeys('resources'))).toEqual(
      (await ownKeys('resources')).filter(
        (key) =>
          key.startsWith('map.block.') || key === 'map.svgTitle' || key === 'map.noData' || key === 'map.reference',
      ),
    );
    expect(mainOf(html)).toContain('Glaciers on the map');
  });

  it("shows the upstream's text of a section key, in the document and in the payload", async () => {
    upstream.handler = withTranslations((_req, res) =>
      json(res, 200, { data: { 'news.rss': 'News feed (upstream)', 'glacier.panel': 'Panel (upstream)' } }),
    );
    const html = (await get('/en/news')).body;
    expect(mainOf(html)).toContain('News feed (upstream)');
    // other sections' upstream texts stay out of the page
    expect(html).not.toContain('Panel (upstream)');
    const payload = JSON.parse((await get('/en/news/_payload.json?x')).body) as {
      loaderData: Record<string, Record<string, string>>;
    };
    expect(payload.loaderData[stringsRouteId('news')]!['news.rss']).toBe('News feed (upstream)');
  });

  it('keeps the bundled texts when the translations call fails (SPEC §8)', async () => {
    upstream.handler = withTranslations((_req, res) => void res.socket?.destroy());
    const res = await get('/en/news');
    expect(res.statusCode).toBe(200);
    expect(mainOf(res.body)).toContain(newsEn['news.rss']);
    expect(res.body).toContain(layoutEn['nav.skip']);
  });
});
