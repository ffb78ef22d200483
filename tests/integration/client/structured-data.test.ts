import { afterAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { JsonLd } from '../../../shared/ui/JsonLd.tsx';
import { scriptSafeJson } from '../../../shared/serialize.ts';
import { organization, type JsonLdObject } from '../../../shared/ui/structured-data.ts';
import { event } from '../../../shared/sections/events-jobs/structured-data.ts';
import { newsArticle } from '../../../shared/sections/news/structured-data.ts';
import { dataset, glacierDataset } from '../../../shared/sections/resources/structured-data.ts';
import { PRELIMINARY_FROM_YEAR } from '../../../shared/glacier-data.ts';
import { nodesOfType } from '../../helpers/html.ts';
import { startContentApi } from '../../../content-api/app.ts';
import { DatabaseFilesResponse } from '../../../shared/schemas/database-files.ts';
import { EventDetailResponse } from '../../../shared/schemas/events.ts';
import { GlaciersResponse } from '../../../shared/schemas/glaciers.ts';
import { NewsDetailResponse, NewsListResponse } from '../../../shared/schemas/news.ts';
import { startTestApp } from '../../helpers/app.ts';

const ORIGIN = 'https://cryo.example.org';
const { app } = await startTestApp({ config: { PUBLIC_ORIGIN: ORIGIN } });
const content = await startContentApi(0);
afterAll(() => content.app.close());
const api = async (path: string, locale = 'en') =>
  (await fetch(content.url + path, { headers: { 'accept-language': locale } })).json() as Promise<unknown>;

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
    const list = NewsListResponse.parse(await api('/api/v1/news?per_page=1', 'ru'));
    const slug = list.data[0]!.slug;
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

describe('structured-data builders on the content API data', () => {
  it('NewsArticle has headline ≤ 110, datePublished, image, author and publisher', async () => {
    const slug = NewsListResponse.parse(await api('/api/v1/news?per_page=1')).data[0]!.slug;
    const item = NewsDetailResponse.parse(await api(`/api/v1/news/${slug}`)).data;
    const ld = JSON.parse(scriptSafeJson(newsArticle(item, ORIGIN, 'en'))) as Record<string, unknown>;
    expect(ld['@type']).toBe('NewsArticle');
    expect(String(ld.headline).length).toBeLessThanOrEqual(110);
    expect(ld.datePublished).toBe(item.published_at);
    expect((ld.image as string[])[0]).toMatch(/^https:\/\/cryo\.example\.org\/_img\/w_1280,f_webp\/media\//);
    // the portal credited as the Organization node the layout declares (one @id), with its name and home page
    const portal = { '@type': 'Organization', '@id': `${ORIGIN}/#organization`, url: `${ORIGIN}/en` };
    expect(ld.author).toMatchObject(portal);
    expect(ld.publisher).toMatchObject({ ...portal, logo: { '@type': 'ImageObject' } });
    expect(organization(ORIGIN, 'en')).toMatchObject(portal);
    expect(ld.mainEntityOfPage).toBe(`${ORIGIN}/en/news/${slug}`);
  });

  it('Event has name, startDate, location and attendance mode', async () => {
    const item = EventDetailResponse.parse(await api('/api/v1/events/1', 'ru')).data;
    const ld = event(item, ORIGIN, 'ru');
    expect(ld).toMatchObject({ '@type': 'Event', name: item.title, startDate: item.starts_at });
    expect(ld.location).toMatchObject({ '@type': expect.stringMatching(/^(Place|VirtualLocation)$/) });
    expect(String(ld.eventAttendanceMode)).toMatch(/^https:\/\/schema\.org\/(On|Off)lineEventAttendanceMode$/);
    expect(ld.organizer).toMatchObject({
      '@type': 'Organization',
      '@id': `${ORIGIN}/#organization`,
      url: `${ORIGIN}/`,
    });
  });

  it('Dataset per database file has name, description (≥ 50 chars) and a DataDownload', async () => {
    const files = DatabaseFilesResponse.parse(await api('/api/v1/database-files/index?per_page=100')).data;
    for (const f of files) {
      const ld = dataset(f, ORIGIN, 'en');
      expect(ld.name).toBe(f.title);
      expect(String(ld.description).length).toBeGreaterThanOrEqual(50);
      const [download] = ld.distribution as { contentUrl: string; encodingFormat: string }[];
      expect(download!.contentUrl).toBe(ORIGIN + f.file_url);
    }
  });

  it("Dataset per glacier's series links the CSV and JSON downloads that answer 200, with terms and citation", async () => {
    const glaciers = GlaciersResponse.parse(await api('/api/v1/glaciers/index')).data.filter(
      (g) => g.mass_balance_years > 0,
    );
    const { slug, name, wgms_id: wgmsId, rgi_id: rgiId, lat, lon, area_km2: areaKm2 } = glaciers[0]!;
    const row = { slug, name, wgmsId, rgiId, lat, lon, areaKm2, coordinatesSource: glaciers[0]!.coordinates_source };
    const ld = glacierDataset({ ...row, firstYear: 1957, lastYear: PRELIMINARY_FROM_YEAR, papers: [] }, ORIGIN, 'en');
    // WGMS's terms (no licence of its own), the citation with the release's DOI, and the release it is based on
    expect(ld).toMatchObject({
      '@type': 'Dataset',
      usageInfo: expect.stringMatching(/^https:/) as string,
      // the release, then the sources of the coordinates (RGI 6.0) and of the area (WGMS 2021)
      citation: [
        expect.stringContaining('https://doi.org/10.5904/wgms-fog-2026-02-10') as string,
        expect.stringContaining('https://doi.org/10.7265/N5-RGI-60') as string,
        expect.stringContaining('https://doi.org/10.5904/wgms-fog-2021-05') as string,
      ],
      isBasedOn: { identifier: 'https://doi.org/10.5904/wgms-fog-2026-02-10' },
    });
    expect(ld).not.toHaveProperty('license');
    expect(String(ld.description).length).toBeGreaterThanOrEqual(50);
    for (const d of ld.distribution as { contentUrl: string }[]) {
      const res = await app.inject({ url: d.contentUrl.slice(ORIGIN.length) });
      expect(res.statusCode, d.contentUrl).toBe(200);
    }
  });
});
