import { describe, expect, it } from 'vitest';
import { sharedContentApi, startTestApp } from '../../../helpers/app.ts';
import { content } from '../../../helpers/content.ts';
import { forwardTo, json, startFakeUpstream } from '../../../helpers/fake-upstream.ts';
import { atFileEnd } from '../../../helpers/file-end.ts';
import { esc, escapeRe, hydrationDataOf } from '../../../helpers/html.ts';

// the render path itself (per-response nonce); stored pages are covered by page-cache.test.ts
const { app, get } = await startTestApp({ config: { PAGE_CACHE_TTL_MS: 0 } });

describe('documents', () => {
  it('streams the Russian home page with header, footer and content from the content API', async () => {
    const res = await get('/', { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<div id="__nuxt">');
    expect(html).toContain('Последние новости');
    expect(html).toMatch(/<nav class="main-nav" aria-label="Основная навигация">/);
    expect(html).toContain('href="/news"');
    expect(html).toContain('class="site-footer"');
    expect(html).toContain('<title>Криосфера Центральной Азии</title>');
  });

  it('shows each date and figure as the data it hydrates with has it: the browser formats none', async () => {
    const list = (await get('/en/news')).body;
    const dates = [...list.matchAll(/<time dateTime="([^"]+)">([^<]+)<\/time>/g)];
    expect(dates.length).toBeGreaterThan(0);
    const { items } = hydrationDataOf(list).loaderData['news-list'] as {
      items: Array<{ published_at: string; publishedText: string }>;
    };
    for (const [, iso, text] of dates) expect(items.find((i) => i.published_at === iso)?.publishedText).toBe(text);
    // every figure of a glacier's page, its panel's (code of its own) included, is text in its data
    const wgms = (await get('/resources/tools/wgms?glacier=abramova')).body;
    const figures = new Set([...wgms.matchAll(/<data value="[^"]*"[^>]*>([^<]+)<\/data>/g)].map((m) => m[1]!));
    expect(figures.size).toBeGreaterThan(50);
    const data = JSON.stringify(hydrationDataOf(wgms));
    for (const text of figures) expect(data, text).toContain(JSON.stringify(text));
    // and the document ends with the app's scripts: no record of formatted text after them
    expect(wgms).toMatch(/<\/script><\/body><\/html>$/);
    expect(wgms).not.toContain('<script type="application/json"');
  });

  it('serves the English home under /en with English menu and links under /en', async () => {
    const res = await get('/en');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('Latest news');
    expect(res.body).toContain('href="/en/news"');
  });

  /** The news items of the content, newest first: what the list shows, in this order. */
  const newest = [...content.news].sort((a, b) => b.published_at.localeCompare(a.published_at));
  const newsList = async () => {
    const list = await get('/news');
    expect(list.statusCode).toBe(200);
    const slugs = [...list.body.matchAll(/<a class="card__link" href="\/news\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(slugs.length).toBeGreaterThan(0);
    return { list: list.body, slugs };
  };

  it('renders the news list with links to its items, newest first, with their titles', async () => {
    const { list, slugs } = await newsList();
    expect(slugs).toEqual(newest.slice(0, slugs.length).map((n) => n.slug));
    for (const item of newest.slice(0, slugs.length)) expect(list).toContain(esc(item.title.ru));
  });

  it('renders a news item with its title and rich text from the content API, in English under /en', async () => {
    const news = newest[0]!;
    const item = await get(`/news/${news.slug}`);
    expect(item.statusCode).toBe(200);
    expect(item.body).toContain(`<h1>${esc(news.title.ru)}</h1>`);
    // the body's first paragraph, as text, inside the rich-text block
    const first = /<p>([^<]{20,})/.exec(news.body.ru)?.[1];
    expect(first).toBeDefined();
    expect(item.body).toMatch(new RegExp(`class="rich-text"[\\s\\S]*${escapeRe(first!.slice(0, 40))}`));
    const en = await get(`/en/news/${news.slug}`);
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain(`<h1>${esc(news.title.en)}</h1>`);
  });

  // an allowed host (ALLOWED_HOSTS defaults to the listen address and localhost) becomes the origin
  const onLocalhost = (url: string) => get(url, { host: 'localhost:3000' });

  it('links the canonical URL of the page on the allowed host and the hreflang alternates of both locales, page kept', async () => {
    const res = await onLocalhost('/en/news?page=2');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/en/news?page=2"/>');
    expect(res.body).toContain('<link rel="alternate" hrefLang="ru" href="http://localhost:3000/news?page=2"/>');
    expect(res.body).toContain('<link rel="alternate" hrefLang="en" href="http://localhost:3000/en/news?page=2"/>');
  });

  it('sets a meta description', async () => {
    const res = await onLocalhost('/en/news');
    expect(res.body).toMatch(/<meta name="description" content="[^"]+"\/>/);
  });

  const hydrationAt = (html: string) => {
    const hydration = html.indexOf('window.__staticRouterHydrationData = JSON.parse(');
    expect(hydration).toBeGreaterThan(0);
    return hydration;
  };

  it('preloads the app’s modules at low priority, after the stylesheet and the LCP image', async () => {
    for (const path of ['/', '/en/news', '/resources/tools/wgms']) {
      const links = (await get(path)).body.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(links.length, path).toBeGreaterThan(2);
      for (const link of links) expect(link, path).toContain('fetchPriority="low"');
    }
  });

  it('puts every executable inline script under the CSP nonce', async () => {
    const res = await get('/news');
    const html = res.body;
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    // executable inline scripts; JSON data blocks (JSON-LD) are never executed, so CSP does not apply
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)([^>]*)>/g)].map(
      (m) => m[1],
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  it('writes the hydration data script-safe, before the client entry', async () => {
    const html = (await get('/news')).body;
    const hydration = hydrationAt(html);
    const script = html.slice(hydration, html.indexOf('</script>', hydration));
    expect(script).not.toMatch(/<\/|<!--/);
    const entry = html.search(/<script type="module" src="\/assets\/entry\.client-[\w-]+\.js"/);
    expect(entry).toBeGreaterThan(hydration);
  });

  it('answers HEAD with headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/news' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe('');
  });

  it('sends the whole document at once to crawlers', async () => {
    const res = await get('/news', { 'user-agent': 'Googlebot/2.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('</html>');
  });
});

describe('documents of a failed loader', async () => {
  const contentApi = await sharedContentApi();
  const forward = forwardTo(contentApi.url);
  // the news list answers a body its schema refuses: the loader throws the upstream's error
  const upstream = await startFakeUpstream((req, res) =>
    req.url.startsWith('/api/v1/news?') ? json(res, 200, { data: 'not a list' }) : forward(req, res),
  );
  atFileEnd(() => upstream.close());
  const failing = await startTestApp({ upstreamUrl: upstream.url, config: { PAGE_CACHE_TTL_MS: 0 } });

  it('keep the error’s message on the server: neither the page nor the data it hydrates with names it', async () => {
    const res = await failing.app.inject({ method: 'GET', url: '/en/news' });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.body).not.toMatch(/unexpected body|\/api\/v1\/news/);
    expect(hydrationDataOf(res.body).errors).toEqual({
      root: expect.objectContaining({ message: 'Internal Server Error', __type: 'Error' }) as unknown,
    });
  });
});
