import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';

const { app } = await startTestApp();

/** What a browser without JavaScript gets: the server's HTML alone. */
describe('header without JavaScript (server HTML)', () => {
  for (const [path, base] of [
    ['/news', ''],
    ['/en/news', '/en'],
  ] as const) {
    it(`${path}: the menu is rendered once, inside a <details> whose summary is the hamburger; search is a link`, async () => {
      const html = (await app.inject({ url: path })).body;
      const menu = /<details class="mobile-menu"[^>]*>([\s\S]*?)<\/details>/.exec(html)?.[1];
      expect(menu).toBeDefined();
      expect(menu).toMatch(/^<summary class="hamburger"[^>]*aria-controls="mobile-menu"/);
      // the one navigation (desktop row or mobile menu, laid out by CSS) is inside the details element
      expect(html.match(/<nav class="main-nav"/g)).toHaveLength(1);
      expect(menu).toMatch(/<nav class="main-nav" aria-label="[^"]+">/);
      // every menu link (sections and their subitems) appears once in the header (language links aside)
      const header = /<header class="site-header"[\s\S]*?<\/header>/.exec(html)![0];
      const hrefs = (text: string) =>
        [...text.matchAll(/<a [^>]*href="([^"]+)"[^>]*>/g)].filter((m) => !m[0].includes('hrefLang')).map((m) => m[1]!);
      const links = hrefs(/<nav class="main-nav"[\s\S]*?<\/nav>/.exec(menu!)![0]);
      expect(links.length).toBeGreaterThan(10);
      for (const href of links)
        expect(
          hrefs(header).filter((h) => h === href),
          href,
        ).toHaveLength(1);
      // the mobile search is a GET form to the search page
      expect(menu).toMatch(new RegExp(`<form role="search"[^>]* action="${base}/search" method="get"`));
      // the desktop search icon is a link to the search page
      expect(html).toMatch(
        new RegExp(`<a href="${base}/search" class="icon-button search-toggle"[^>]*aria-label="[^"]+"`),
      );
    });
  }

  it('the language dropdown is a button whose name starts with its label', async () => {
    const html = (await app.inject({ url: '/' })).body;
    expect(html).toMatch(/<button type="button" class="lang-dropdown__toggle"[^>]*aria-label="РУ — [^"]+"/);
    expect((await app.inject({ url: '/en' })).body).toMatch(
      /class="lang-dropdown__toggle"[^>]*aria-label="EN — [^"]+"/,
    );
  });

  it('links icons, the manifest and the news feed from every page', async () => {
    const html = (await app.inject({ url: '/en/about' })).body;
    expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48"/>');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    expect(html).toContain('<link rel="manifest" href="/en/manifest.webmanifest"/>');
    expect(html).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/en\/news\/rss.xml"\/>/,
    );
  });

  it('Open Graph and Twitter card are complete', async () => {
    const html = (await app.inject({ url: '/en/news' })).body;
    for (const p of ['og:title', 'og:description', 'og:url', 'og:type', 'og:site_name', 'og:image', 'og:locale'])
      expect(html, p).toMatch(new RegExp(`<meta property="${p}" content="[^"]+"/>`));
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"\/>/);
  });
});
