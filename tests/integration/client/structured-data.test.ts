import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { JsonLd } from '../../../shared/ui/JsonLd.tsx';
import type { JsonLdObject } from '../../../shared/ui/structured-data.ts';
import { nodesOfType } from '../../helpers/html.ts';
import { startTestApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';

const ORIGIN = 'https://cryo.example.org';
const { app } = await startTestApp({ config: { PUBLIC_ORIGIN: ORIGIN } });

describe('JSON-LD in documents', () => {
  it('every page carries Organization and WebSite with a SearchAction to /search?q=', async () => {
    for (const [url, base] of [
      ['/', ORIGIN],
      ['/en/news', `${ORIGIN}/en`],
    ] as const) {
      const page = (await app.inject({ url })).body;
      const [org] = nodesOfType<JsonLdObject>(page, 'Organization');
      expect(org).toMatchObject({
        '@context': 'https://schema.org',
        name: expect.any(String),
        url: expect.any(String),
      });
      const [site] = nodesOfType<JsonLdObject>(page, 'WebSite');
      const action = site!.potentialAction as { target: { urlTemplate: string }; 'query-input': string };
      expect(action.target.urlTemplate).toBe(`${base}/search?q={search_term_string}`);
      expect(action['query-input']).toBe('required name=search_term_string');
    }
  });

  it('pages with breadcrumbs carry a BreadcrumbList with positions and absolute URLs ending at the page', async () => {
    const slug = content.news[0]!.slug;
    const page = (await app.inject({ url: `/news/${slug}` })).body;
    const [crumbs] = nodesOfType<JsonLdObject>(page, 'BreadcrumbList');
    const elements = crumbs!.itemListElement as { position: number; name: string; item: string }[];
    expect(elements.map((e) => e.position)).toEqual(elements.map((_, i) => i + 1));
    expect(elements[0]!.item).toBe(`${ORIGIN}/`);
    expect(elements.at(-1)!.item).toBe(`${ORIGIN}/news/${slug}`);
    for (const e of elements) expect(e.name.length).toBeGreaterThan(0);
  });

  it('escapes < so no text can close the script element', () => {
    const data = { name: '</script><script>alert(1)</script>', note: 'a & b > c' };
    const html = renderToString(createElement(JsonLd, { data }));
    const text = /^<script type="application\/ld\+json">(.*)<\/script>$/.exec(html)![1]!;
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe('JSON-LD of the content pages', () => {
  it('NewsArticle has headline ≤ 110, datePublished, image, author and publisher', async () => {
    const item = content.news[0]!;
    const page = (await app.inject({ url: `/en/news/${item.slug}` })).body;
    const [ld] = nodesOfType(page, 'NewsArticle');
    expect(String(ld!.headline).length).toBeLessThanOrEqual(110);
    expect(ld!.datePublished).toBe(item.published_at);
    expect((ld!.image as string[])[0]).toMatch(/^https:\/\/cryo\.example\.org\/_img\/w_1280,f_webp\/media\//);
    // the portal credited as the Organization node the layout declares (one @id), with its name and home page
    const portal = { '@type': 'Organization', '@id': `${ORIGIN}/#organization`, url: `${ORIGIN}/en` };
    expect(ld!.author).toMatchObject(portal);
    expect(ld!.publisher).toMatchObject({ ...portal, logo: { '@type': 'ImageObject' } });
    expect(nodesOfType(page, 'Organization')).toMatchObject([portal]);
    expect(ld!.mainEntityOfPage).toBe(`${ORIGIN}/en/news/${item.slug}`);
  });

  it('Event has name, startDate, location and attendance mode', async () => {
    const item = content.events[0]!;
    const [ld] = nodesOfType((await app.inject({ url: `/news/events/${item.slug}` })).body, 'Event');
    expect(ld).toMatchObject({ name: item.title.ru, startDate: item.starts_at });
    expect(ld!.location).toMatchObject({ '@type': expect.stringMatching(/^(Place|VirtualLocation)$/) });
    expect(String(ld!.eventAttendanceMode)).toMatch(/^https:\/\/schema\.org\/(On|Off)lineEventAttendanceMode$/);
    expect(ld!.organizer).toMatchObject({
      '@type': 'Organization',
      '@id': `${ORIGIN}/#organization`,
      url: `${ORIGIN}/`,
    });
  });

  it("Dataset per glacier's series has a description (≥ 50 chars) and WGMS's terms, no licence of its own", async () => {
    // its terms, citations and downloads: tests/integration/sections/resources.test.ts and glacier-sources.test.ts
    const datasets = nodesOfType((await app.inject({ url: '/en/resources/tools/wgms' })).body, 'Dataset');
    expect(datasets.length).toBeGreaterThan(0);
    for (const ld of datasets) {
      expect(ld).not.toHaveProperty('license');
      expect(String(ld.description).length).toBeGreaterThanOrEqual(50);
    }
  });
});
