/**
 * 404 pages in the reader's language (shared/ui/ErrorPage.tsx, ADR 0060): search, sections, one log line; the 404 of
 * every section's unknown or invalid slug.
 */
import { describe, expect, it } from 'vitest';
import { content } from '../../../helpers/content.ts';
import { esc, mainOf } from '../../../helpers/html.ts';
import { startServedApp } from '../../../helpers/served-app.ts';

// a real socket: the request log must show what a visitor's request leaves behind
const { logs, origin: base } = await startServedApp();
async function get(url: string) {
  const res = await fetch(base + url, { headers: { accept: 'text/html' }, redirect: 'manual' });
  const body = await res.text();
  return {
    statusCode: res.status,
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
    body,
  };
}

/** What a reader sees of the page's <main>: its text, tags and attributes gone. */
const visibleText = (html: string) =>
  mainOf(html)
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const cases = [
  {
    locale: 'ru',
    unknown: '/no/such/page?x=1',
    detail: '/news/no-such-story',
    title: 'Страница не найдена',
    home: 'На главную',
    search: '/search',
    label: 'Поиск по сайту',
    sections: ['/about', '/news', '/cryosphere', '/resources', '/countries', '/multimedia', '/study'],
  },
  {
    locale: 'en',
    unknown: '/en/no/such/page',
    detail: '/en/news/no-such-story',
    title: 'Page not found',
    home: 'Back to home',
    search: '/en/search',
    label: 'Search the site',
    sections: [
      '/en/about',
      '/en/news',
      '/en/cryosphere',
      '/en/resources',
      '/en/countries',
      '/en/multimedia',
      '/en/study',
    ],
  },
] as const;

describe('404 pages', () => {
  for (const c of cases) {
    it(`${c.locale}: an unknown path and an unknown detail answer 404 with the page in the reader's language`, async () => {
      for (const url of [c.unknown, c.detail]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain(`<html lang="${c.locale}"`);
        // inside the layout, with a way home
        expect(res.body).toContain('class="site-header"');
        expect(res.body).toContain('class="site-footer"');
        const main = mainOf(res.body);
        expect(main).toContain(`<h1 class="error-page__title" id="error-page-title">${c.title}</h1>`);
        expect(main).toContain(c.home);
        // no developer line ("Page Not Found: /x") for readers; the SPEC §8 message stays machine-readable
        expect(visibleText(res.body)).not.toMatch(/Page not found:/i);
        expect(main).not.toContain('error-page__detail');
        expect(main).toMatch(/data-message="Page (Not Found|not found): \//);
        // a search form: GET to the locale's /search with the field q, labelled in the reader's language
        const form = /<form class="error-page__search"[^>]*>([\s\S]*?)<\/form>/.exec(main);
        expect(form?.[0]).toContain(`action="${c.search}"`);
        expect(form?.[0]).toContain('method="get"');
        expect(form?.[0]).toContain('role="search"');
        expect(form?.[1]).toMatch(/<input id="error-page-q" type="search"[^>]* name="q"/);
        expect(form?.[1]).toContain(`<label for="error-page-q" class="error-page__search-label">${c.label}</label>`);
        // the main sections, from the menu
        const nav = /<nav class="error-page__sections"[\s\S]*?<\/nav>/.exec(main)?.[0] ?? '';
        for (const href of c.sections) expect(nav, href).toContain(`href="${href}"`);
        // each link is named as the menu's section, also where it leads to the section's first page
        for (const item of content.menu) expect(nav).toContain(`>${esc(item.title[c.locale])}</a>`);
        // the big numeral is decoration: the heading says it in words
        expect(main).toContain('<p class="error-page__code" aria-hidden="true">404</p>');
      }
      // an unknown path's message names the whole path, its query kept
      expect((await get(c.unknown)).body).toContain(`Page not found: ${c.unknown}`);
    });
  }

  it('the Russian page has no English text in <main>', async () => {
    const text = visibleText((await get('/no/such/page')).body);
    expect(text).toContain('Страница не найдена');
    expect(text).toContain('Разделы сайта');
    expect(text).not.toMatch(/[A-Za-z]{4,}/);
  });

  it('every section link and the search form lead to pages that answer 200', async () => {
    const main = mainOf((await get('/en/no/such/page')).body);
    const nav = /<nav class="error-page__sections"[\s\S]*?<\/nav>/.exec(main)?.[0] ?? '';
    const hrefs = [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThanOrEqual(5);
    for (const href of [...hrefs, '/en/search?q=glacier']) expect((await get(href)).statusCode, href).toBe(200);
  });

  it.each([
    '/en/news/no-such-story',
    '/news/bad_slug!',
    '/news/events/nope',
    '/en/news/events/nope',
    // the content API answers ids too, but the site has slug URLs only
    '/news/events/1',
    '/multimedia/photo-gallery/no-such-gallery',
    '/multimedia/podcasts/no-such-episode',
    '/multimedia/video/no-such-video',
    '/en/multimedia/video/no-such-video',
    '/multimedia/video/1',
    '/multimedia/podcasts/bad_slug!',
    '/study/webinars/no-such-webinar',
    '/study/webinars/1',
  ])('a section answers the unknown or invalid slug %s with 404 "Page Not Found: {path}"', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(`Page Not Found: ${path}`);
  });

  it('logs a 404 once, at info, and nothing at warn or above', async () => {
    const before = logs.length;
    await get('/no/such/logged-page');
    // the request line is written when the answer is complete; wait for it, not for time
    await expect.poll(() => logs.slice(before).some((l) => l.msg === 'request')).toBe(true);
    const lines = logs.slice(before);
    const about = lines.filter((l) => JSON.stringify(l).includes('/no/such/logged-page'));
    expect(about, JSON.stringify(about)).toHaveLength(1);
    expect(about[0]).toMatchObject({ level: 30, status: 404 });
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });
});
