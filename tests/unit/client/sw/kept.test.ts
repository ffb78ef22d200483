import { describe, expect, it } from 'vitest';
import { documentTitle, fillOfflineList, keepable, pointAt } from '../../../../client/sw/kept.ts';

const answer = (status: number, cacheControl: string, type = 'text/html; charset=utf-8') =>
  new Response('x', { status, headers: { 'cache-control': cacheControl, 'content-type': type } });
const PAGE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400';

describe('what the service worker keeps', () => {
  it('keeps a 200 page that shared caches may keep', () => {
    expect(keepable(answer(200, PAGE), /text\/html/)).toBe(true);
  });

  it.each([404, 500, 503])('never keeps an error page (%i)', (status) => {
    expect(keepable(answer(status, PAGE), /text\/html/)).toBe(false);
  });

  it.each(['private, no-store', 'no-store', 'private, max-age=60'])('never keeps a `%s` answer', (cacheControl) => {
    expect(keepable(answer(200, cacheControl), /text\/html/)).toBe(false);
  });

  it('never keeps an answer reached through a redirect', () => {
    const redirected = answer(200, PAGE);
    Object.defineProperty(redirected, 'redirected', { value: true });
    expect(keepable(redirected, /text\/html/)).toBe(false);
  });

  it('never keeps an answer of another type than the route expects', () => {
    expect(keepable(answer(200, PAGE, 'application/json'), /text\/html/)).toBe(false);
  });
});

describe('the offline page', () => {
  const page = `<main><h1>Offline</h1><ul id="offline-pages" class="offline-pages"><li class="offline-pages__empty">Nothing kept yet</li></ul><a href="/">Home</a></main>`;

  it("reads a document's title as text, its character references read", () => {
    expect(documentTitle('<head><title>Glaciers &amp; snow &#x27;25 &#60;3 — Site</title></head>')).toBe(
      "Glaciers & snow '25 <3 — Site",
    );
    expect(documentTitle('<head></head>')).toBeUndefined();
  });

  it('lists the kept pages in place of the empty item', () => {
    const html = fillOfflineList(page, [
      { href: '/news', title: 'News & <b>views</b> — Site' },
      { href: '/news?page=2&x="1"', title: '' },
    ]);
    expect(html).toContain(
      '<ul id="offline-pages" class="offline-pages"><li><a href="/news">News &#38; &#60;b&#62;views&#60;/b&#62; — Site</a></li><li><a href="/news?page=2&#38;x=&#34;1&#34;">/news?page=2&#38;x=&#34;1&#34;</a></li></ul>',
    );
    expect(html).not.toContain('offline-pages__empty');
    expect(html).toContain('<a href="/">Home</a>');
  });

  it('keeps the empty item when nothing is kept', () => {
    expect(fillOfflineList(page, [])).toBe(page);
  });
});

describe('pointAt', () => {
  const offline = (locale: 'ru' | 'en') => {
    const own = locale === 'en' ? '/en/offline' : '/offline';
    return (
      `<link rel="canonical" href="https://cryo.example.org${own}"/>` +
      '<link rel="alternate" hrefLang="ru" href="https://cryo.example.org/offline"/>' +
      '<link rel="alternate" hrefLang="en" href="https://cryo.example.org/en/offline"/>' +
      '<a href="/offline" hrefLang="ru">RU</a><a href="/en/offline" hrefLang="en">EN</a><a href="/en/news">News</a>'
    );
  };

  it('points the page’s links to itself at the page asked for, in each language, query kept', () => {
    const html = pointAt(offline('en'), new URL('https://cryo.example.org/en/news/events?page=2'));
    expect(html).toBe(
      '<link rel="canonical" href="https://cryo.example.org/en/news/events?page=2"/>' +
        '<link rel="alternate" hrefLang="ru" href="https://cryo.example.org/news/events?page=2"/>' +
        '<link rel="alternate" hrefLang="en" href="https://cryo.example.org/en/news/events?page=2"/>' +
        '<a href="/news/events?page=2" hrefLang="ru">RU</a><a href="/en/news/events?page=2" hrefLang="en">EN</a>' +
        '<a href="/en/news">News</a>',
    );
  });

  it('takes the home page, and escapes what it writes', () => {
    expect(pointAt('<a href="/offline">RU</a><a href="/en/offline">EN</a>', new URL('https://x.org/en?q="a"'))).toBe(
      '<a href="/?q=%22a%22">RU</a><a href="/en?q=%22a%22">EN</a>',
    );
  });
});
