import { describe, expect, it } from 'vitest';
import { localizeHref, offSiteHref, prepareResponse, sanitizeRichText } from '../../../../server/upstream/sanitize.ts';

describe('rich text sanitizer', () => {
  it('strips everything that could run code, embed a page or restyle the text', () => {
    const dirty =
      '<p style="color:red" onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|style=|iframe/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('opens external links in a new tab, keeping the markup around them as written', () => {
    const clean = sanitizeRichText('<h2>T</h2><ul><li><a href="https://wgms.ch">WGMS</a></li></ul>');
    expect(clean).toBe(
      '<h2>T</h2><ul><li><a href="https://wgms.ch" target="_blank" rel="noopener noreferrer">WGMS</a></li></ul>',
    );
  });

  it('keeps a passage marked as written in another language (span lang), and nothing else on the span', () => {
    const clean = sanitizeRichText(
      '<p>база данных (<span lang="en" style="color:red" onclick="x()" class="c">Fluctuations of Glaciers</span>)</p>',
    );
    expect(clean).toBe('<p>база данных (<span lang="en">Fluctuations of Glaciers</span>)</p>');
  });

  it('sanitizes every rich-text field of a response, deep', () => {
    const out = prepareResponse('newsItem', {
      data: { title: '<b>t</b>', body: '<p onclick="x()">b</p>', related: [{ body: '<script>1</script>' }] },
    });
    expect(out).toEqual({ data: { title: '<b>t</b>', body: '<p>b</p>', related: [{ body: '' }] } });
  });

  it('localizes internal links for English readers only, keeping query and hash', () => {
    expect(localizeHref('/glacier-map', 'en')).toBe('/en/glacier-map');
    expect(localizeHref('/', 'en')).toBe('/en');
    expect(localizeHref('/news?page=2#top', 'en')).toBe('/en/news?page=2#top');
    expect(localizeHref('/glacier-map', 'ru')).toBe('/glacier-map');
    // already localized, another site, protocol-relative, mail and anchors: untouched
    expect(localizeHref('/en/news', 'en')).toBe('/en/news');
    expect(localizeHref('https://wgms.ch/', 'en')).toBe('https://wgms.ch/');
    expect(localizeHref('//cdn.example/x', 'en')).toBe('//cdn.example/x');
    expect(localizeHref('mailto:info@cryoportal.asia', 'en')).toBe('mailto:info@cryoportal.asia');
    expect(localizeHref('#methods', 'en')).toBe('#methods');
  });

  it('localizes the links of every rich-text field when the response is prepared for the cache, per locale', () => {
    const data = {
      data: {
        title: 'Tuyuksu',
        body: '<p><a href="/glacier-map">map</a> <a href="/wgms">WGMS</a> <a href="https://wgms.ch/">out</a></p>',
        related: [{ content: '<a href="/news/x?page=2">x</a>' }],
      },
    };
    expect(prepareResponse('newsItem', data, 'en')).toEqual({
      data: {
        title: 'Tuyuksu',
        body:
          '<p><a href="/en/glacier-map">map</a> ' +
          // a path a route rule sends off the site: the external link it is
          '<a href="https://wgms.ch/" target="_blank" rel="noopener noreferrer">WGMS</a> ' +
          '<a href="https://wgms.ch/" target="_blank" rel="noopener noreferrer">out</a></p>',
        related: [{ content: '<a href="/en/news/x?page=2">x</a>' }],
      },
    });
    // the Russian cache entry keeps the links as the editors wrote them
    expect(prepareResponse('newsItem', data, 'ru')).toMatchObject({
      data: { body: expect.stringContaining('<a href="/glacier-map">map</a>') },
    });
    // non-text fields are never rewritten, even when they look like paths
    expect(prepareResponse('newsItem', { data: { url: '/glacier-map' } }, 'en')).toEqual({
      data: { url: '/glacier-map' },
    });
  });

  it('writes a site path that a route rule sends off the site as the address it leaves for, in either locale', () => {
    expect(offSiteHref('/wgms')).toBe('https://wgms.ch/');
    expect(offSiteHref('/en/wgms?from=news#top')).toBe('https://wgms.ch/');
    // a redirect inside the site, a page, another site and a mail address are kept
    expect(offSiteHref('/glacier-map')).toBe('/glacier-map');
    expect(offSiteHref('/news/x')).toBe('/news/x');
    expect(offSiteHref('https://example.org/wgms')).toBe('https://example.org/wgms');
    expect(offSiteHref('mailto:a@b.c')).toBe('mailto:a@b.c');
  });
});
