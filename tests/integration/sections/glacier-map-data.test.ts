/**
 * The glacier map of the home page and the WGMS page (shared/ui/map/, shared/sections/resources/): every glacier
 * placed where a source puts it, one set of counts on both pages, WGMS's reference glaciers marked on the map and in
 * the table (a shape and a letter, named in words), the outlines drawn from one SVG; the chosen glacier's panel, with
 * its chart, data table and periods, the added glacier's series as its source gives them, and Fedchenko's panel with
 * what is known of it and the portal's article about it.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { OUTPUT_SVG } from '../../../scripts/build-map.ts';
import { PRELIMINARY_FROM_YEAR, WGMS_SOURCE } from '../../../shared/glacier-data.ts';
import { formatElevationChange, formatMassBalance } from '../../../shared/i18n/format.server.ts';
import { MAP_COUNTRIES } from '../../../shared/ui/map/central-asia-map.generated.ts';
import { keepNumberSign } from '../../../shared/ui/number-sign.ts';
import { startTestApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { esc, escapeRe, LOCALES, mainOf, panelOf, panelPartOf, prefix } from '../../helpers/html.ts';

const { app } = await startTestApp();
const get = async (url: string) => {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body.replace(/<!-- -->/g, '');
};
const { glaciers } = content;
const placed = glaciers.filter((g) => g.lat !== null && g.lon !== null);
const unmapped = glaciers.filter((g) => !placed.includes(g));
/** The answer itself, for the tests that read its status, headers or the markup as React writes it. */
const inject = (url: string) => app.inject({ method: 'GET', url });
const reference = glaciers.filter((g) => g.wgms_reference);

/** The counts sentence of a page (`data-counts`), its numbers in order. */
const counts = (html: string) => {
  const sentence = /<p class="[^"]*" data-counts="">([^<]*)<\/p>/.exec(mainOf(html))?.[1];
  expect(sentence).toBeDefined();
  return { sentence: sentence!, numbers: [...sentence!.matchAll(/\d+/g)].map((m) => Number(m[0])) };
};

/** Each map point of a page, by its glacier: its class, its link and its accessible name. */
const points = (html: string) =>
  new Map(
    [
      ...html.matchAll(
        /<a class="(ca-map__point[^"]*)"[^>]* data-glacier="([a-z0-9-]+)" href="([^"]+)"[^>]*><title>([^<]*)</g,
      ),
    ].map((m) => [m[2]!, { className: m[1]!, href: m[3]!, title: m[4]! }]),
  );

const TEXT = {
  ru: {
    reference: 'опорный ледник WGMS',
    legend: 'Опорный ледник WGMS',
    studies: 'Что показали геодезические',
    none: 'рядов наблюдений нет',
    noneLegend: 'Ледник без рядов наблюдений',
    // what a page must not claim of a glacier without a series
    claim: /с данными WGMS|Ряды приведены как в базе/,
    nothing: 'Для этого ледника нет рядов наблюдений, поэтому скачивать нечего.',
    noAnnual: 'нет ряда годового баланса массы',
  },
  en: {
    reference: 'WGMS reference glacier',
    legend: 'WGMS reference glacier',
    studies: 'What geodetic studies found',
    none: 'no series of measurements',
    noneLegend: 'Glacier without series of measurements',
    claim: /with WGMS data|Series are shown as in the database/,
    nothing: 'This glacier has no series of measurements, so there is nothing to download.',
    noAnnual: 'holds no annual mass-balance series',
  },
} as const;
const hasSeries = (g: (typeof glaciers)[number]) => g.mass_balance.length > 0 || g.elevation_change.length > 0;

describe('the glaciers on the map and their counts', () => {
  it('state the same counts on the home page and the WGMS page, those of the content, in both locales', async () => {
    const want = [
      glaciers.length,
      placed.length,
      glaciers.filter((g) => g.mass_balance.length > 0).length,
      reference.length,
    ];
    for (const locale of LOCALES) {
      const home = counts(await get(prefix(locale) || '/'));
      const wgms = counts(await get(`${prefix(locale)}/resources/tools/wgms`));
      expect(home.numbers).toEqual(want);
      expect(wgms.sentence).toBe(home.sentence);
    }
  });
});

describe('WGMS reference glaciers and a glacier without a series', () => {
  it('are framed, or drawn hollow, on both maps and named so, and the legend says what each kind means', async () => {
    // Fedchenko: on the map, with its WGMS id (FoG's 2323) and no series
    const without = glaciers.filter((g) => !hasSeries(g));
    expect(without.map((g) => [g.slug, g.wgms_id, g.lat !== null])).toEqual([['fedchenko', 2323, true]]);
    for (const locale of LOCALES) {
      const home = await get(prefix(locale) || '/');
      const page = await get(`${prefix(locale)}/resources/tools/wgms`);
      for (const html of [home, page]) {
        const drawn = points(html);
        for (const g of placed) {
          const point = drawn.get(g.slug)!;
          expect(point.className.includes('ca-map__point--reference'), g.slug).toBe(g.wgms_reference);
          expect(point.title.includes(TEXT[locale].reference), g.slug).toBe(g.wgms_reference);
          expect(point.className.includes('ca-map__point--no-data'), g.slug).toBe(!hasSeries(g));
          expect(point.title.includes(TEXT[locale].none), g.slug).toBe(!hasSeries(g));
        }
        const frames = [
          ...html.matchAll(/data-glacier="([a-z0-9-]+)"[^>]*>(?:(?!<\/a>)[\s\S])*?<rect class="ca-map__reference"/g),
        ];
        expect(frames.map((m) => m[1]).sort()).toEqual(reference.map((g) => g.slug).sort());
        // what the page says, the map's title (streamed after the main part) included, not its strings' data
        expect(html.replace(/<script[\s\S]*?<\/script>/g, '')).not.toMatch(TEXT[locale].claim);
      }
      const legend = /<ul class="glacier-map__legend">[\s\S]*?<\/ul>/.exec(page)![0];
      expect(legend).toContain('glacier-map__key--reference');
      expect(legend).toContain(TEXT[locale].legend);
      expect(legend).toContain(TEXT[locale].noneLegend);
    }
  });

  it('carry a letter in the table, spelt out for screen readers and explained under the table', async () => {
    for (const locale of LOCALES) {
      const page = mainOf(await get(`${prefix(locale)}/resources/tools/wgms`));
      const rows = new Map(
        [...page.matchAll(/<tr id="glacier-([a-z0-9-]+)"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => [m[1]!, m[2]!]),
      );
      expect(rows.size).toBe(glaciers.length);
      for (const g of glaciers) {
        const row = rows.get(g.slug)!;
        const marked =
          /<abbr title="[^"]+" aria-hidden="true">[^<]+<\/abbr><span class="visually-hidden">\(([^)]+)\)/.exec(row);
        expect(marked?.[1] ?? null, g.slug).toBe(g.wgms_reference ? esc(TEXT[locale].reference) : null);
      }
      expect(page).toMatch(locale === 'ru' ? /О\s—\sопорный ледник WGMS: / : /R — WGMS reference glacier: /);
    }
  });
});

describe('the glacier panels', () => {
  it('show the added glacier’s annual balances as the content gives them', async () => {
    const added = glaciers.find((g) => g.wgms_id === 21063)!;
    expect(added.mass_balance.map((p) => p.year)).toEqual([2021, 2022, 2023, 2024, 2025]);
    for (const locale of LOCALES) {
      const panel = panelOf(await get(`${prefix(locale)}/resources/tools/wgms?glacier=${added.slug}`));
      for (const p of added.mass_balance) expect(panel).toContain(`<data value="${p.value_mm_we}"`);
    }
  });

  it('give Fedchenko its area, length, WGMS id, the geodetic studies with their papers and the portal’s article', async () => {
    const fedchenko = glaciers.find((g) => g.slug === 'fedchenko')!;
    const article = content.news.find((n) => n.slug === 'fedchenko-glacier-thinning')!;
    for (const locale of LOCALES) {
      const page = await get(`${prefix(locale)}/resources/tools/wgms?glacier=fedchenko`);
      const panel = panelOf(page);
      expect(panel).toContain(esc(fedchenko.name[locale]));
      // no file offered anywhere on the page, and the panel says why
      expect(page).not.toContain('/data/glaciers/fedchenko.');
      expect(panel).toContain(TEXT[locale].nothing);
      const facts = /<dl class="glacier-panel__facts">([\s\S]*?)<\/dl>/.exec(panel)![1]!;
      expect(facts).toMatch(locale === 'ru' ? /579,90?\s*км²/ : /579\.90? km²/);
      expect(facts).toMatch(locale === 'ru' ? />72\s*км</ : />72 km</);
      expect(facts).toContain('<dd>2323</dd>');
      // no empty figure: every fact has a value
      expect(facts).not.toContain('<span aria-hidden="true">—</span>');
      const studies = panelPartOf(panel, 'findings');
      expect(studies).toContain(TEXT[locale].studies);
      for (const f of fedchenko.findings) expect(studies).toContain(esc(f.text[locale]));
      for (const p of fedchenko.papers) {
        expect(studies).toContain(`href="https://doi.org/${p.doi}"`);
        expect(studies).toContain(esc(p.title));
      }
      // no series: no chart; the findings stand in for the periods it has none of, and its sources list their papers
      expect(fedchenko.elevation_change).toEqual([]);
      expect(panel).not.toContain('mb-chart__bar');
      expect(panel).not.toContain('id="glacier-ec-title"');
      const sources = panelPartOf(panel, 'sources');
      for (const p of fedchenko.papers) expect(sources).toContain(esc(p.title));
      // and no WGMS release, citation or terms for a series it does not have
      expect(sources).not.toMatch(TEXT[locale].claim);
      expect(sources).not.toContain(esc(WGMS_SOURCE.text));
      expect(sources).toContain(TEXT[locale].noAnnual);
      const articles = panelPartOf(panel, 'articles');
      expect(articles).toContain(`href="${prefix(locale)}/news/${article.slug}"`);
      expect(articles).toContain(esc(article.title[locale]));
    }
  });
});

/** the glacier map figure */
const figureOf = (body: string) =>
  body.slice(
    body.indexOf('<figure class="glacier-map"'),
    body.indexOf('</figure>', body.indexOf('<figure class="glacier-map"')),
  );
const unmappedOf = (body: string) => {
  const start = body.indexOf('<div class="glacier-explorer__unmapped">');
  return body.slice(start, body.indexOf('</div>', start));
};

describe('the glacier map on /resources/tools/wgms', () => {
  it.each(LOCALES)(
    'renders the SVG map with one linked point per glacier with coordinates, the others listed beside it (%s)',
    async (locale) => {
      const res = await inject(`${prefix(locale)}/resources/tools/wgms`);
      expect(res.statusCode).toBe(200);
      const figure = figureOf(res.body);
      expect(figure).toContain('data-maps-status="off"');
      expect(figure).toMatch(
        /<svg class="ca-map" viewBox="0 0 1000 \d+" width="1000" height="\d+" aria-labelledby="glacier-map-title glacier-map-caption">/,
      );
      expect(figure).toContain('<figcaption id="glacier-map-caption"');
      expect(figure).not.toContain('role="img"');
      const found = points(figure);
      expect([...found.keys()].sort()).toEqual(placed.map((g) => g.slug).sort());
      for (const [slug, { href }] of found) expect(href).toBe(`${prefix(locale)}/resources/tools/wgms?glacier=${slug}`);
      // the glaciers that had no coordinates before, placed from WGMS's lookup table
      expect(placed.map((g) => g.slug)).toEqual(
        expect.arrayContaining(['turgen-aksuu', 'barkrak-sredniy', 'vostochnyy-zulmart']),
      );
      // each point is named by its <title>: glacier and country (and, a reference glacier, that it is one)
      const abramov = glaciers.find((g) => g.slug === 'abramova')!;
      const named = { ru: 'Кыргызстан (опорный ледник WGMS)', en: 'Kyrgyzstan (WGMS reference glacier)' }[locale];
      expect(figure).toContain(`<title>${esc(abramov.name[locale])}, ${named}</title>`);
      // the five countries, labelled in the page's language
      for (const c of MAP_COUNTRIES.filter((x) => x.core)) expect(figure).toContain(`>${c.name[locale]}</text>`);
      const beside = unmappedOf(res.body);
      expect(beside).toContain(
        locale === 'ru' ? 'Не отмечены на карте: координаты неизвестны' : 'Not shown on the map: coordinates unknown',
      );
      expect([...beside.matchAll(/<li>/g)]).toHaveLength(unmapped.length);
      expect([...beside.matchAll(/glacier=([a-z0-9-]+)/g)].map((m) => m[1])).toEqual(unmapped.map((g) => g.slug));
      for (const g of unmapped)
        expect(beside).toMatch(
          new RegExp(
            `href="${prefix(locale)}/resources/tools/wgms\\?glacier=${g.slug}"[^>]*>${escapeRe(esc(keepNumberSign(g.name[locale])))}</a>`,
          ),
        );
    },
  );

  it('invites a choice instead of a panel while no glacier is chosen', async () => {
    const res = await inject('/resources/tools/wgms');
    // no glacier chosen: no panel, an invitation instead
    expect(panelOf(res.body)).toBe('');
    expect(res.body.includes('Выберите ледник на карте')).toBe(true);
  });

  const abramovChart = async () => {
    const res = await inject('/resources/tools/wgms?glacier=abramova');
    expect(res.statusCode).toBe(200);
    const series = glaciers
      .find((g) => g.slug === 'abramova')!
      .mass_balance.map((p) => ({ year: p.year, value: p.value_mm_we }))
      .sort((a, b) => a.year - b.year);
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
    const panel = panelOf((await inject('/resources/tools/wgms?glacier=abramova')).body);
    expect(abramov.elevation_change.length).toBeGreaterThan(0);
    for (const p of abramov.elevation_change) {
      expect(panel).toContain(`${p.period_start}<!-- -->–<!-- -->${p.period_end}`);
      expect(panel).toContain(
        `<data value="${p.value_m_per_year}" class="wgms__loss">${formatElevationChange('ru', p.value_m_per_year)}</data>`,
      );
      if (typeof p.uncertainty === 'number')
        expect(panel).toContain(`<data value="${p.uncertainty}">${formatElevationChange('ru', p.uncertainty)}</data>`);
    }
  });

  const fedchenko = glaciers.find((g) => g.mass_balance.length === 0 && g.elevation_change.length === 0)!;

  it('says so when a glacier has no elevation-change period and no finding in their place', async () => {
    const other = glaciers.find((g) => g.elevation_change.length === 0 && g.findings.length === 0)!;
    const panel = panelOf((await inject(`/resources/tools/wgms?glacier=${other.slug}`)).body);
    expect(panel).toContain('Для этого ледника нет периодов изменения высоты поверхности.');
  });

  it('marks the chosen glacier on the map and its row in the table', async () => {
    const res = await inject(`/resources/tools/wgms?glacier=${fedchenko.slug}`);
    expect(figureOf(res.body)).toContain(
      `<a class="ca-map__point ca-map__point--no-data is-selected" aria-current="true" data-glacier="${fedchenko.slug}"`,
    );
    expect(res.body).toContain(`<tr id="glacier-${fedchenko.slug}" class="is-selected">`);
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
      const res = await inject(url);
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
    const css = await inject([...stylesheets][0]!);
    expect(css.statusCode).toBe(200);
    const urls = [...css.body.matchAll(/url\((\/assets\/central-asia-map\.generated-[\w-]+\.svg)\)/g)].map(
      (m) => m[1]!,
    );
    expect(urls).toHaveLength(1);
    const asset = await inject(urls[0]!);
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
