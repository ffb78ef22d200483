/** shared/sections/offline: the page the service worker shows offline, a static document (no client app). */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/constants.ts';
import { OFFLINE_LIST_ID, OFFLINE_PATH } from '../../../shared/offline.ts';
import { en, ru } from '../../../shared/sections/offline/messages.ts';
import { LAYOUT_CALLS, startRecordedApp, startTestApp } from '../../helpers/app.ts';
import { esc, LOCALES, mainOf, prefix } from '../../helpers/html.ts';
import { startServedApp } from '../../helpers/served-app.ts';

// no upstream cache, no page cache: every request renders and makes its upstream calls
const { get, upstreamCalls, upstream, clientBuild } = await startRecordedApp({
  config: { CACHE_TTL_MS: 0, PAGE_CACHE_TTL_MS: 0 },
});
// the default page cache
const cached = await startTestApp();
// listening, for the 103 Early Hints of a render
const { origin } = await startServedApp({ config: { PAGE_CACHE_TTL_MS: 0 } });
const messages: Record<Locale, typeof ru | typeof en> = { ru, en };
const pages = LOCALES.map((locale) => ({ locale, path: prefix(locale) + OFFLINE_PATH }));

describe('the offline page', () => {
  it.each(pages)('answers $path with 200 HTML in its language, inside the layout', async ({ locale, path }) => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const { body } = res;
    expect(body).toContain(`<html lang="${locale}">`);
    expect(body).toMatch(/<nav class="main-nav" aria-label="[^"]+">/);
    expect(body).toContain('class="site-footer"');
    const main = mainOf(body);
    expect(main).toContain(`<h1>${esc(messages[locale]['offline.title'])}</h1>`);
    // the page is not saved and will open once online
    expect(main).toContain(esc(messages[locale]['offline.text']));
    expect(main).toContain(esc(messages[locale]['offline.retry']));
    expect(main).toContain(`<h2 class="offline__heading">${esc(messages[locale]['offline.available'])}</h2>`);
    // one list of kept pages, holding only its empty item
    expect(body.match(new RegExp(`id="${OFFLINE_LIST_ID}"`, 'g'))).toHaveLength(1);
    expect(main).toContain(
      `<ul id="${OFFLINE_LIST_ID}" class="offline-pages">` +
        `<li class="offline-pages__empty">${esc(messages[locale]['offline.empty'])}</li></ul>`,
    );
    // a link to the home page of its locale
    expect(main).toMatch(new RegExp(`<a class="button" href="${prefix(locale) || '/'}"[ >]`));
    expect(body).toMatch(/<meta name="robots" content="noindex[^"]*"\/>/);
  });

  it.each(pages)('sends $path as a static document: its stylesheets, no client app', async ({ path }) => {
    const { body } = await get(path);
    expect(body).not.toContain('type="module"');
    expect(body).not.toContain('modulepreload');
    expect(body).not.toContain('__staticRouterHydrationData');
    expect(body).not.toContain('__APP_CONFIG__');
    for (const href of clientBuild.assets.styles) expect(body).toContain(`<link rel="stylesheet" href="${href}"`);
  });

  it('is cached by shared caches as the other pages are', async () => {
    const policy = (await get(OFFLINE_PATH)).headers['cache-control'];
    expect(policy).toBe((await get('/en/about')).headers['cache-control']);
    expect(policy).toMatch(/^public, max-age=0, s-maxage=\d+/);
  });

  it('calls the upstream for nothing but the layout', async () => {
    for (const { path } of pages) expect((await get(path)).statusCode).toBe(200);
    const called = upstream.requests.map((r) => new URL(r.url, 'http://x').pathname);
    expect(upstreamCalls('/api/v1/main-menu').length).toBeGreaterThan(0);
    expect(called.filter((p) => !LAYOUT_CALLS.has(p))).toEqual([]);
  });

  it('answers the payload of a client navigation to it', async () => {
    const res = await get(`/en${OFFLINE_PATH}/_payload.json?${clientBuild.build.id}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ loaderData: object }>().loaderData).sort()).toEqual(['offline', 'strings:offline']);
  });

  it('is not in the sitemap', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/en/about</loc>');
    expect(res.body).not.toContain(OFFLINE_PATH);
  });
});

describe('the offline page with the page cache', () => {
  it('is stored and then answered from the cache', async () => {
    const get = () => cached.app.inject({ method: 'GET', url: `/en${OFFLINE_PATH}` });
    await expect.poll(async () => (await get()).headers['x-cache']).toBe('hit');
    const hit = await get();
    expect(hit.body).toContain(`<ul id="${OFFLINE_LIST_ID}" class="offline-pages">`);
    expect(hit.body).not.toContain('type="module"');
  });
});

describe('the offline page’s 103 Early Hints', () => {
  it('preload the stylesheet and no module', async () => {
    const hints = await new Promise<string[]>((resolve, reject) => {
      const seen: string[] = [];
      const req = httpRequest(`${origin}/en${OFFLINE_PATH}`, { headers: { 'sec-fetch-dest': 'document' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(seen));
      });
      req.on('information', (info) => {
        if (info.statusCode === 103) seen.push(String(info.headers.link));
      });
      req.on('error', reject);
      req.end();
    });
    expect(hints).toHaveLength(1);
    expect(hints[0]).toMatch(/<\/assets\/[^>]+\.css>; rel=preload; as=style/);
    expect(hints[0]).not.toContain('modulepreload');
  });
});
