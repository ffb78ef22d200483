import { PRELIMINARY_FROM_YEAR } from '../../../../shared/glacier-data.ts';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { formatElevationChange, formatMassBalance } from '../../../../shared/i18n/format.server.ts';
import { MAP_COUNTRIES } from '../../../../shared/ui/map/central-asia-map.generated.ts';
import { OUTPUT_SVG } from '../../../../scripts/build-map.ts';
import { sharedContentApi, startTestApp } from '../../../helpers/app.ts';
import { forwardTo, startFakeUpstream } from '../../../helpers/fake-upstream.ts';
import { esc as html, escapeRe, panelOf } from '../../../helpers/html.ts';
import { keepNumberSign } from '../../../../shared/ui/number-sign.ts';

// the real content API behind a recording proxy, so the tests also see which upstream calls were made
const content = await sharedContentApi();
const upstream = await startFakeUpstream(forwardTo(content.url));
afterAll(() => upstream.close());
// the page cache is off: these tests watch the loaders' upstream calls on every render
const { app } = await startTestApp({ upstreamUrl: upstream.url, config: { PAGE_CACHE_TTL_MS: 0 } });

beforeEach(() => {
  upstream.handler = forwardTo(content.url);
  upstream.reset();
});

type Localized = { ru: string; en: string };
interface GlacierRecord {
  id: number;
  slug: string;
  name: Localized;
  country_code: string;
  wgms_id: number | null;
  lat: number | null;
  lon: number | null;
  area_km2: number | null;
  area_year: number | null;
  mass_balance: { year: number; value_mm_we: number }[];
  elevation_change: {
    period_start: number;
    period_end: number;
    value_m_per_year: number;
    unit: string;
    uncertainty?: number;
    source: string;
  }[];
  notes: string;
  sources: string[];
}
const glaciers = JSON.parse(
  readFileSync(new URL('../../../../content-api/content/glaciers.json', import.meta.url), 'utf8'),
) as GlacierRecord[];
const mapped = glaciers.filter((g) => g.lat !== null && g.lon !== null);
const unmapped = glaciers.filter((g) => g.lat === null || g.lon === null);

const get = (url: string) => app.inject({ method: 'GET', url });
/** the glacier map figure */
const figureOf = (body: string) =>
  body.slice(
    body.indexOf('<figure class="glacier-map"'),
    body.indexOf('</figure>', body.indexOf('<figure class="glacier-map"')),
  );
const points = (body: string) => [
  ...body.matchAll(
    /<a class="ca-map__point[^"]*" (?:aria-current="true" )?data-glacier="([a-z0-9-]+)" href="([^"]+)"/g,
  ),
];
const unmappedOf = (body: string) => {
  const start = body.indexOf('<div class="glacier-explorer__unmapped">');
  return body.slice(start, body.indexOf('</div>', start));
};

describe('the glacier map on /resources/tools/wgms', () => {
  it('renders the SVG map with one linked point per glacier with coordinates, in Russian', async () => {
    const res = await get('/resources/tools/wgms');
    expect(res.statusCode).toBe(200);
    const figure = figureOf(res.body);
    expect(figure).toContain('data-maps-status="off"');
    expect(figure).toMatch(
      /<svg class="ca-map" viewBox="0 0 1000 \d+" width="1000" height="\d+" aria-labelledby="glacier-map-title glacier-map-caption">/,
    );
    expect(figure).toContain('<figcaption id="glacier-map-caption"');
    expect(figure).not.toContain('role="img"');
    const found = points(figure);
    expect(found).toHaveLength(mapped.length);
    expect(found.map((m) => m[1]).sort()).toEqual(mapped.map((g) => g.slug).sort());
    for (const [, slug, href] of found) expect(href).toBe(`/resources/tools/wgms?glacier=${slug}`);
    // the glaciers that had no coordinates before, placed from WGMS's lookup table
    for (const slug of ['turgen-aksuu', 'barkrak-sredniy', 'vostochnyy-zulmart'])
      expect(found.map((m) => m[1])).toContain(slug);
    // each point is named by its <title>: glacier and country (and, a reference glacier, that it is one)
    const abramov = glaciers.find((g) => g.slug === 'abramova')!;
    expect(figure).toContain(`<title>${html(abramov.name.ru)}, Кыргызстан (опорный ледник WGMS)</title>`);
    // the five countries with their Russian labels; the glaciers without coordinates are listed beside the map
    for (const c of MAP_COUNTRIES.filter((x) => x.core)) expect(figure).toContain(`>${c.name.ru}</text>`);
  });

  it('lists the glaciers without coordinates beside the map', async () => {
    const res = await get('/resources/tools/wgms');
    const beside = unmappedOf(res.body);
    expect(beside).toContain('Не отмечены на карте: координаты неизвестны');
    expect([...beside.matchAll(/<li>/g)]).toHaveLength(unmapped.length);
    for (const g of unmapped)
      expect(beside).toMatch(
        new RegExp(
          `href="/resources/tools/wgms\\?glacier=${g.slug}"[^>]*>${escapeRe(html(keepNumberSign(g.name.ru)))}</a>`,
        ),
      );
  });

  it('invites a choice instead of a panel while no glacier is chosen', async () => {
    const res = await get('/resources/tools/wgms');
    // no glacier chosen: no panel, an invitation instead
    expect(panelOf(res.body)).toBe('');
    expect(res.body.includes('Выберите ледник на карте')).toBe(true);
  });

  it('renders the same map in English under /en, with English labels and localized links', async () => {
    const res = await get('/en/resources/tools/wgms');
    expect(res.statusCode).toBe(200);
    const figure = figureOf(res.body);
    const found = points(figure);
    expect(found).toHaveLength(mapped.length);
    for (const [, slug, href] of found) expect(href).toBe(`/en/resources/tools/wgms?glacier=${slug}`);
    for (const c of MAP_COUNTRIES.filter((x) => x.core)) expect(figure).toContain(`>${c.name.en}</text>`);
    expect(figure).toContain(`<title>${html(mapped[0]!.name.en)}, `);
    expect(unmappedOf(res.body)).toContain('Not shown on the map: coordinates unknown');
    const listed = [...unmappedOf(res.body).matchAll(/glacier=([a-z0-9-]+)/g)].map((m) => m[1]);
    expect(listed).toEqual(unmapped.map((g) => g.slug));
  });

  const abramovChart = async () => {
    const res = await get('/resources/tools/wgms?glacier=abramova');
    expect(res.statusCode).toBe(200);
    const api = (await (await fetch(`${content.url}/api/v1/glaciers/2/mass-balance`)).json()) as {
      data: { series: { year: number; value: number }[]; sources: string[]; unit: string };
    };
    const series = api.data.series;
    expect(series.length).toBe(glaciers.find((g) => g.slug === 'abramova')!.mass_balance.length);
    return { panel: panelOf(res.body), series };
  };

  it('?glacier=abramova: the chart has one bar per mass-balance year', async () => {
    const { panel, series } = await abramovChart();
    expect(panel).toContain('<h3 id="glacier-panel-title" class="glacier-panel__title">Ледник Абрамова</h3>');
    const bars = [
      ...panel.matchAll(
        /<g class="mb-chart__bar (is-loss|is-gain)( is-preliminary)?" data-year="(\d+)" data-value="(-?[\d.]+)" tabindex="0" role="img" aria-label="([^"]+)"/g,
      ),
    ];
    expect(bars).toHaveLength(series.length);
    expect(bars.map((b) => [Number(b[3]), Number(b[4])])).toEqual(series.map((p) => [p.year, p.value]));
    for (const [, kind, preliminary, year, value, label] of bars) {
      expect(kind).toBe(Number(value) < 0 ? 'is-loss' : 'is-gain');
      // the newest year of the release is preliminary, and its bar says so
      expect(Boolean(preliminary)).toBe(Number(year) >= PRELIMINARY_FROM_YEAR);
      // grouped as the table and the panel group the same quantity
      const base = `${year}: ${formatMassBalance('ru', Number(value))} мм в. э.`;
      expect(label).toBe(preliminary ? `${base}, предварительное значение` : base);
    }
  });

  it('?glacier=abramova: the data table holds each mass-balance value exactly', async () => {
    const { panel, series } = await abramovChart();
    // the data table alternative, inside <details>, with every value exact
    const table = panel.slice(panel.indexOf('<details class="mb-chart__table">'), panel.indexOf('</details>'));
    expect(table).toContain('<table');
    let sum = 0;
    for (const p of series) {
      sum += p.value;
      const year =
        p.year >= PRELIMINARY_FROM_YEAR
          ? `${p.year}<span class="mb-chart__preliminary"> (<!-- -->предв.<!-- -->)</span>`
          : `${p.year}`;
      expect(table).toContain(
        `<tr><th scope="row">${year}</th><td class="num"><data value="${p.value}">${formatMassBalance('ru', p.value)}</data></td>`,
      );
      expect(table).toContain(`<data value="${sum}">${formatMassBalance('ru', sum)}</data>`);
    }
  });

  it('?glacier=abramova: the chart has axes', async () => {
    const { panel } = await abramovChart();
    // axes: ticks on both sides, a zero line, year labels
    expect(panel).toContain('class="mb-chart__zero"');
    expect(panel).toMatch(/<text class="mb-chart__tick mb-chart__tick--right"/);
    expect(panel).toMatch(/>1970<\/text>/);
    expect(panel).toContain('class="mb-chart__line"');
  });

  it('?glacier=abramova: the chart says the series has gaps', async () => {
    const { panel } = await abramovChart();
    // Abramov's series has a gap (1999–2011): the chart says so
    expect(panel).toContain('В ряду есть пропуски');
  });

  it('shows the elevation-change periods of the chosen glacier', async () => {
    const abramov = glaciers.find((g) => g.slug === 'abramova')!;
    const panel = panelOf((await get('/resources/tools/wgms?glacier=abramova')).body);
    expect(abramov.elevation_change.length).toBeGreaterThan(0);
    for (const p of abramov.elevation_change) {
      expect(panel).toContain(`${p.period_start}<!-- -->–<!-- -->${p.period_end}`);
      expect(panel).toContain(
        `<data value="${p.value_m_per_year}" class="wgms__loss">${formatElevationChange('ru', p.value_m_per_year)}</data>`,
      );
      if (p.uncertainty !== undefined)
        expect(panel).toContain(`<data value="${p.uncertainty}">${formatElevationChange('ru', p.uncertainty)}</data>`);
    }
  });

  const fedchenko = glaciers.find((g) => g.mass_balance.length === 0 && g.elevation_change.length === 0)!;

  it('says so when a glacier has no elevation-change period and no finding in their place', async () => {
    const other = glaciers.find((g) => g.elevation_change.length === 0 && !('findings' in g))!;
    const panel = panelOf((await get(`/resources/tools/wgms?glacier=${other.slug}`)).body);
    expect(panel).toContain('Для этого ледника нет периодов изменения высоты поверхности.');
  });

  it('marks the chosen glacier on the map', async () => {
    const res = await get(`/resources/tools/wgms?glacier=${fedchenko.slug}`);
    // the chosen point is marked on the map
    expect(figureOf(res.body)).toContain(
      `<a class="ca-map__point ca-map__point--no-data is-selected" aria-current="true" data-glacier="${fedchenko.slug}"`,
    );
  });
});

describe('the outlines of the map (home and /resources/tools/wgms)', () => {
  /** the map's inline SVG */
  const mapOf = (body: string) => {
    const start = body.indexOf('<svg class="ca-map');
    return start === -1 ? '' : body.slice(start, body.indexOf('</svg>', start) + 6);
  };

  it('are not in the HTML: the stylesheet draws them from one content-hashed SVG, cached for a year', async () => {
    const outlines = readFileSync(OUTPUT_SVG, 'utf8');
    const kazakhstan = /<path id="KZ" d="([^"]{40})/.exec(outlines)![1]!;
    const stylesheets = new Set<string>();
    for (const url of ['/', '/en', '/resources/tools/wgms', '/en/resources/tools/wgms?glacier=abramova']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const map = mapOf(res.body);
      // labels and points inline, no outline: not in the markup, nor in the hydration data
      expect(map, url).toContain('class="ca-map__label ca-map__label--core"');
      expect(map, url).toContain('class="ca-map__point');
      // (the only rectangles are the frames of reference glaciers' points)
      expect(map, url).not.toMatch(/<path|<rect(?! class="ca-map__reference")|\sd="/);
      expect(res.body, url).not.toContain(kazakhstan);
      for (const [, href] of res.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) stylesheets.add(href!);
    }
    // every page links the one stylesheet, and its map rule points at the built outlines
    expect(stylesheets.size).toBe(1);
    const css = await get([...stylesheets][0]!);
    expect(css.statusCode).toBe(200);
    const urls = [...css.body.matchAll(/url\((\/assets\/central-asia-map\.generated-[\w-]+\.svg)\)/g)].map(
      (m) => m[1]!,
    );
    expect(urls).toHaveLength(1);
    const asset = await get(urls[0]!);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe(outlines);
    // precompressed at build time, like the other assets
    const br = await app.inject({ method: 'GET', url: urls[0]!, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(outlines);
  });
});

describe('GET /api/glaciers?bounds=', () => {
  const inBox = (s: number, w: number, n: number, e: number) =>
    mapped.filter((g) => g.lat! >= s && g.lat! <= n && g.lon! >= w && g.lon! <= e).map((g) => g.slug);

  it('returns only the glaciers in the box', async () => {
    const res = await get('/api/glaciers?bounds=41,74,43,79');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as { data: { slug: string; name: string }[] };
    const expected = inBox(41, 74, 43, 79);
    expect(expected.length).toBeGreaterThan(2);
    expect(expected.length).toBeLessThan(mapped.length);
    expect(body.data.map((g) => g.slug).sort()).toEqual(expected.sort());
    expect(body.data.find((g) => g.slug === 'golubina')?.name).toBe(
      glaciers.find((g) => g.slug === 'golubina')!.name.ru,
    );
    const tuyuksu = (await get('/api/glaciers?bounds=42.9,76.9,43.2,77.2')).json() as { data: { slug: string }[] };
    expect(tuyuksu.data.map((g) => g.slug).sort()).toEqual(['igli-tuyuksu', 'tsentralnyy-tuyuksu']);
    expect(((await get('/api/glaciers?bounds=0,0,1,1')).json() as { data: unknown[] }).data).toEqual([]);
  });

  it('names the glaciers in the locale of the path', async () => {
    const en = (await get('/en/api/glaciers?bounds=41,74,43,79')).json() as { data: { slug: string; name: string }[] };
    expect(en.data.find((g) => g.slug === 'golubina')?.name).toBe('Golubin Glacier');
  });

  it('answers the same box again from the cache, whatever its spelling', async () => {
    expect((await get('/api/glaciers?bounds=41,74,43,79')).statusCode).toBe(200);
    // the same box again comes from the cache, whatever its spelling
    upstream.reset();
    expect((await get('/api/glaciers?bounds=41.0,74,43.00,79')).statusCode).toBe(200);
    expect(upstream.requests.filter((r) => r.url.startsWith('/api/v1/glaciers/index'))).toHaveLength(0);
  });

  it('answers 400 to missing or bad bounds, without calling the upstream', async () => {
    upstream.reset();
    for (const query of [
      '',
      '?bounds=',
      '?bounds=41,74,43',
      '?bounds=41,74,43,79,80',
      '?bounds=a,b,c,d',
      '?bounds=41,,43,79',
      '?bounds=91,74,92,79',
      '?bounds=41,-181,43,79',
      '?bounds=43,74,41,79',
      '?bounds=1e400,0,1,1',
    ]) {
      const res = await get(`/api/glaciers${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json() as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe('Invalid bounds');
      expect(Object.keys(body.errors)).toEqual(['bounds']);
    }
    expect(upstream.requests).toHaveLength(0);
  });
});
