/**
 * The reference glaciers compared on the WGMS page (shared/sections/resources/RegionComparison.tsx) and as a download
 * (server/routes/region-data.ts): every figure checked against sums made here from the content file itself.
 */
import { describe, expect, it } from 'vitest';
import { PRELIMINARY_FROM_YEAR, WGMS_CITATION, WGMS_TERMS_TEXT } from '../../../shared/glacier-data.ts';
import { startTestApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { csvRows } from '../../helpers/csv.ts';
import { esc, LOCALES, prefix } from '../../helpers/html.ts';

const { app } = await startTestApp({ config: { PUBLIC_ORIGIN: 'https://cryo.example.org' } });

const file = content.glaciers;

/** Each reference glacier's running sum of its annual balances, from its first year. */
const reference = file
  .filter((g) => g.wgms_reference && g.mass_balance.length > 0)
  .map((g) => {
    let sum = 0;
    const points = [...g.mass_balance]
      .sort((a, b) => a.year - b.year)
      .map((p) => ({ year: p.year, value: p.value_mm_we, sum: (sum += p.value_mm_we) }));
    return { slug: g.slug, name: g.name, points };
  });
/** The region's mean each year: over the reference glaciers measured in it, and the sum of the means. */
const years = [...new Set(reference.flatMap((g) => g.points.map((p) => p.year)))].sort((a, b) => a - b);
let total = 0;
const mean = years.map((year) => {
  const values = reference.flatMap((g) => g.points.filter((p) => p.year === year).map((p) => p.value));
  const value = values.reduce((s, v) => s + v, 0) / values.length;
  total += value;
  return { year, glaciers: values.length, value: Math.round(value), sum: Math.round(total) };
});
/** The newest year of the release: WGMS's preliminary values. */
const newest = Math.max(...years);
const alone = mean.filter((m) => m.glaciers === 1).map((m) => m.year);

const pages = new Map<string, Promise<string>>();
const page = (locale: (typeof LOCALES)[number]) => {
  const url = `${prefix(locale)}/resources/tools/wgms`;
  if (!pages.has(url))
    pages.set(
      url,
      app.inject({ url }).then((res) => res.body),
    );
  return pages.get(url)!;
};
const comparisonOf = (html: string) => {
  const start = html.indexOf('<section class="region-comparison"');
  return html.slice(start, html.indexOf('</section>', start));
};
/** The data table's rows: the year, whether it is marked preliminary, and each cell's `<data value>` (null: none). */
const tableRows = (section: string) =>
  [...section.matchAll(/<tr data-year="(\d+)">([\s\S]*?)<\/tr>/g)].map(([, year, row]) => ({
    year: Number(year),
    preliminary: /<th scope="row">[\s\S]*mb-chart__preliminary/.test(row!),
    cells: [...row!.matchAll(/<td class="num"[^>]*>([\s\S]*?)<\/td>/g)].map(([, cell]) => {
      const value = /<data value="(-?[\d.]+)"/.exec(cell!)?.[1];
      return value === undefined ? (/^\d+$/.test(cell!) ? cell : null) : Number(value);
    }),
  }));

describe('the region compared: the data the sums are checked against', () => {
  it('has four reference glaciers, 1 to 4 of them measured a year, Central Tuyuksu alone in 1999–2010', () => {
    expect(reference.map((g) => g.slug)).toEqual(['tsentralnyy-tuyuksu', 'abramova', 'golubina', 'kara-batkak']);
    expect([Math.min(...mean.map((m) => m.glaciers)), Math.max(...mean.map((m) => m.glaciers))]).toEqual([1, 4]);
    expect([alone[0], alone.at(-1), alone.length]).toEqual([1999, 2010, 12]);
    expect(mean.at(-1)!.sum).toBe(-28207);
    expect(newest).toBe(PRELIMINARY_FROM_YEAR);
  });
});

describe('the region compared on the WGMS page, rendered on the server (no JavaScript needed)', () => {
  it('heads the page with the mean of the designated glaciers only: the latest year’s and the cumulative', async () => {
    // the designated glaciers are those compared; Igli Tuyuksu has 34 years of measurements, but is not designated
    expect(file.filter((g) => g.wgms_reference).map((g) => g.slug)).toEqual(reference.map((g) => g.slug));
    const igli = file.find((g) => g.slug === 'igli-tuyuksu')!;
    expect([igli.wgms_reference, igli.mass_balance.length > 30]).toEqual([false, true]);
    for (const [locale, foot] of [
      ['ru', 'Здесь 4 таких ледника.'],
      ['en', '4 of them are here.'],
    ] as const) {
      const html = await page(locale);
      const figure = (name: string) =>
        Number(new RegExp(`data-figure="${name}">[\\s\\S]*?<data value="(-?\\d+)"`).exec(html)?.[1]);
      expect([figure('latest'), figure('cumulative')], locale).toEqual([mean.at(-1)!.value, mean.at(-1)!.sum]);
      // and counts as WGMS glaciers only those WGMS has
      expect(figure('glaciers'), locale).toBe(file.filter((g) => g.wgms_id !== null).length);
      expect(/<p class="region-figures__foot">([^<]*)<\/p>/.exec(html)?.[1], locale).toContain(foot);
    }
  });

  it('draws one line per reference glacier and one for the mean in an SVG image with a title, a description and a legend', async () => {
    for (const locale of LOCALES) {
      const section = comparisonOf(await page(locale));
      expect(section, locale).toContain(
        locale === 'ru' ? 'Опорные ледники в сравнении' : 'The reference glaciers compared',
      );
      expect(section, locale).toMatch(
        /<svg class="cmp-chart__svg"[^>]* role="img" aria-labelledby="[^"]+-title" aria-describedby="[^"]+-desc"/,
      );
      const lines = [
        ...section.matchAll(
          /<path class="cmp-chart__line cmp-chart__line--(\w+)" d="(M[^"]+)" data-glacier="([^"]+)"/g,
        ),
      ];
      expect(
        lines.map((m) => m[3]),
        locale,
      ).toEqual([...reference.map((g) => g.slug), 'mean']);
      // four different dash styles, and the mean's own
      expect(new Set(lines.map((m) => m[1])).size, locale).toBe(reference.length + 1);
      // Abramova's gap (1999–2011 unmeasured) breaks its line: a second `M`
      const abramova = lines.find((m) => m[3] === 'abramova')![2]!;
      expect(abramova.match(/M/g)!.length, locale).toBe(2);
      const desc = /<desc id="[^"]+">([^<]*)<\/desc>/.exec(section)?.[1] ?? '';
      for (const g of reference) {
        expect(section, `${locale} ${g.slug}`).toContain(`</svg>${esc(g.name[locale])}</li>`);
        expect(desc, `${locale} ${g.slug}`).toContain(esc(g.name[locale]));
      }
      expect(section, locale).toContain(
        locale === 'ru' ? 'Среднее по опорным ледникам' : 'Mean of the reference glaciers',
      );
    }
  });

  it('its data table holds each glacier’s cumulative sum of the WGMS series, year by year, and the mean with its count', async () => {
    for (const locale of LOCALES) {
      const rows = tableRows(comparisonOf(await page(locale)));
      expect(
        rows.map((r) => r.year),
        locale,
      ).toEqual(years);
      const want = years.map((year, i) => ({
        year,
        preliminary: year === newest,
        cells: [
          ...reference.map((g) => g.points.find((p) => p.year === year)?.sum ?? null),
          String(mean[i]!.glaciers),
          mean[i]!.value,
          mean[i]!.sum,
        ],
      }));
      expect(rows, locale).toEqual(want);
    }
  });

  it('says how many glaciers the mean averages each year and which years are one glacier alone, naming the year', async () => {
    const [ru, en] = [await page('ru'), await page('en')];
    const tuyuksu = reference[0]!.name;
    const averagedRu = `от 1 до 4; в ${alone[0]}–${alone.at(-1)} годах — только ${esc(tuyuksu.ru)}.`;
    const averagedEn = `from 1 to 4; in ${alone[0]}–${alone.at(-1)} only ${esc(tuyuksu.en)}.`;
    // under the chart and under the region's cumulative figure
    expect(comparisonOf(ru)).toContain(averagedRu);
    expect(comparisonOf(en)).toContain(averagedEn);
    const cumulative = (html: string) => /data-figure="cumulative">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(cumulative(ru)).toContain(averagedRu);
    expect(cumulative(en)).toContain(averagedEn);
    // on the chart, a bar a year under the plot, as high as its count
    for (const html of [ru, en]) {
      const bars = [
        .../<g class="cmp-chart__strip"[^>]*>([\s\S]*?)<\/g>/
          .exec(html)![1]!
          .matchAll(/<rect [^>]*height="([\d.]+)" data-year="(\d+)"/g),
      ].map((m) => [Number(m[2]), Number(m[1])]);
      const full = Math.max(...bars.map(([, h]) => h!));
      expect(
        bars.map(([year, h]) => [year, Math.round((h! / full) * Math.max(...mean.map((m) => m.glaciers)))]),
      ).toEqual(mean.map((m) => [m.year, m.glaciers]));
    }
    // the latest figure's count names its year, not «this year»
    const latest = (html: string) => /data-figure="latest">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(latest(ru)).toContain(`ледников с измерениями в ${newest} году: 4`);
    expect(latest(ru)).not.toContain('в этом году');
    expect(latest(en)).toContain(`glaciers measured in ${newest}: 4`);
  });

  it('marks the preliminary years in the legend, on the plot and in a note', async () => {
    for (const locale of LOCALES) {
      const section = comparisonOf(await page(locale));
      expect(section, locale).toContain(
        locale === 'ru' ? `предварительные значения (${newest})` : `preliminary values (${newest})`,
      );
      expect(section, locale).toMatch(/<g class="cmp-chart__preliminary"><rect x="[\d.]+"/);
      expect(section, locale).toContain(
        locale === 'ru' ? `Значения ${newest} года предварительные` : `The values of ${newest} are preliminary`,
      );
    }
  });

  it('links to the comparison’s CSV and JSON in the page’s language', async () => {
    for (const locale of LOCALES) {
      const section = comparisonOf(await page(locale));
      for (const format of ['csv', 'json'])
        expect(section, locale).toContain(
          `href="${prefix(locale)}/data/region/reference-cumulative.${format}" download="wgms-reference-cumulative.${format}"`,
        );
    }
  });
});

describe('the region compared as a download', () => {
  it('CSV: the citation, the terms, a row per glacier and year with its cumulative sum, and the mean with its count', async () => {
    for (const locale of LOCALES) {
      const res = await app.inject({ url: `${prefix(locale)}/data/region/reference-cumulative.csv` });
      // (its status and media type for every documented path: data-api.test.ts)
      expect(res.headers['content-disposition'], locale).toBe('attachment; filename="wgms-reference-cumulative.csv"');
      const citation = locale === 'ru' ? 'Как цитировать' : 'Citation';
      expect(res.body, locale).toContain(`# ${citation}: ${WGMS_CITATION}`);
      expect(res.body, locale).toContain(WGMS_TERMS_TEXT[locale]);
      expect(res.body, locale).toContain(
        `https://cryo.example.org${prefix(locale)}/data/region/reference-cumulative.csv`,
      );
      const [header, ...rows] = csvRows(res.body);
      expect(header, locale).toEqual([
        'series',
        'slug',
        'name',
        'wgms_id',
        'year',
        'annual_balance',
        'cumulative_balance',
        'glaciers_averaged',
        'unit',
        'preliminary',
      ]);
      const glacierRows = rows.filter((r) => r[0] === 'glacier');
      expect(
        glacierRows.map((r) => [r[1], r[2], Number(r[4]), Number(r[5]), Number(r[6]), r[9]]),
        locale,
      ).toEqual(
        reference.flatMap((g) =>
          g.points.map((p) => [g.slug, g.name[locale], p.year, p.value, p.sum, String(p.year === newest)]),
        ),
      );
      const meanRows = rows.filter((r) => r[0] === 'reference_mean');
      expect(
        meanRows.map((r) => [Number(r[4]), Number(r[5]), Number(r[6]), Number(r[7]), r[9]]),
        locale,
      ).toEqual(mean.map((m) => [m.year, m.value, m.sum, m.glaciers, String(m.year === newest)]));
    }
  });

  it('JSON: the same figures, the citation and the address of each glacier’s own data', async () => {
    const res = await app.inject({ url: '/en/data/region/reference-cumulative.json' });
    const body = res.json<{
      citation: string;
      unit: string;
      glaciers: {
        slug: string;
        data: string;
        series: { year: number; cumulative_balance: number; preliminary: boolean }[];
      }[];
      reference_mean: { series: { year: number; glaciers_averaged: number; cumulative_balance: number }[] };
    }>();
    expect(body.citation).toBe(WGMS_CITATION);
    expect(body.unit).toBe('mm w.e.');
    expect(body.glaciers.map((g) => [g.slug, g.data])).toEqual(
      reference.map((g) => [g.slug, `https://cryo.example.org/en/data/glaciers/${g.slug}.json`]),
    );
    expect(body.glaciers.map((g) => g.series.map((p) => [p.year, p.cumulative_balance, p.preliminary]))).toEqual(
      reference.map((g) => g.points.map((p) => [p.year, p.sum, p.year === newest])),
    );
    expect(body.reference_mean.series.map((m) => [m.year, m.glaciers_averaged, m.cumulative_balance])).toEqual(
      mean.map((m) => [m.year, m.glaciers, m.sum]),
    );
  });
});
