/**
 * Every glacier placed where a source puts it, one set of counts on the home page and the WGMS page, WGMS's reference
 * glaciers marked on the map and in the table (a shape and a letter, named in words), the added glacier's series
 * as its source gives them, and Fedchenko's panel with what is known of it and the portal's article about it.
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { esc, LOCALES, mainOf, panelOf, panelPartOf, prefix } from '../../helpers/html.ts';

const { app } = await startTestApp();
const get = async (url: string) => {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body.replace(/<!-- -->/g, '');
};
const { glaciers } = content;
const placed = glaciers.filter((g) => g.lat !== null && g.lon !== null);
const reference = glaciers.filter((g) => g.wgms_reference);

/** The counts sentence of a page (`data-counts`), its numbers in order. */
const counts = (html: string) => {
  const sentence = /<p class="[^"]*" data-counts="">([^<]*)<\/p>/.exec(mainOf(html))?.[1];
  expect(sentence).toBeDefined();
  return { sentence: sentence!, numbers: [...sentence!.matchAll(/\d+/g)].map((m) => Number(m[0])) };
};

/** Each map point of a page: its class and its accessible name. */
const points = (html: string) =>
  new Map(
    [...html.matchAll(/<a class="(ca-map__point[^"]*)"[^>]* data-glacier="([a-z0-9-]+)"[^>]*><title>([^<]*)</g)].map(
      (m) => [m[2]!, { className: m[1]!, title: m[3]! }],
    ),
  );

const TEXT = {
  ru: { reference: 'опорный ледник WGMS', legend: 'Опорный ледник WGMS', studies: 'Что показали геодезические' },
  en: { reference: 'WGMS reference glacier', legend: 'WGMS reference glacier', studies: 'What geodetic studies found' },
} as const;

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

describe('WGMS reference glaciers', () => {
  it('are framed on both maps and named so, and the legend says what the frame means', async () => {
    for (const locale of LOCALES) {
      const home = await get(prefix(locale) || '/');
      const page = await get(`${prefix(locale)}/resources/tools/wgms`);
      for (const html of [home, page]) {
        const drawn = points(html);
        for (const g of placed) {
          const point = drawn.get(g.slug)!;
          expect(point.className.includes('ca-map__point--reference'), g.slug).toBe(g.wgms_reference);
          expect(point.title.includes(TEXT[locale].reference), g.slug).toBe(g.wgms_reference);
        }
        const frames = [
          ...html.matchAll(/data-glacier="([a-z0-9-]+)"[^>]*>(?:(?!<\/a>)[\s\S])*?<rect class="ca-map__reference"/g),
        ];
        expect(frames.map((m) => m[1]).sort()).toEqual(reference.map((g) => g.slug).sort());
      }
      const legend = /<ul class="glacier-map__legend">[\s\S]*?<\/ul>/.exec(page)![0];
      expect(legend).toContain('glacier-map__key--reference');
      expect(legend).toContain(TEXT[locale].legend);
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
      const panel = panelOf(await get(`${prefix(locale)}/resources/tools/wgms?glacier=fedchenko`));
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
      const articles = panelPartOf(panel, 'articles');
      expect(articles).toContain(`href="${prefix(locale)}/news/${article.slug}"`);
      expect(articles).toContain(esc(article.title[locale]));
    }
  });
});
