/**
 * Each of a glacier's figures cited to the source it came from, on the WGMS page's panel and in the glacier's
 * downloads, in both locales: the annual series to the WGMS release (only where there is one), coordinates to the RGI
 * 6.0 outline's centroid, the Wikidata item or the GLIMS id of WGMS's lookup table, whichever the record took them
 * from, areas to the WGMS table they were read from; a figure the glacier lacks has no source. Each paper cited as a
 * researcher cites it, whole, with its DOI or no link.
 */
import { describe, expect, it } from 'vitest';
import {
  type Citation,
  citationLine,
  GLIMS_ID_SOURCE,
  RGI_SOURCE,
  WGMS_AREA_SOURCE,
  WGMS_CITATION,
  WGMS_SOURCE,
  WIKIDATA_SOURCE,
} from '../../../shared/glacier-data.ts';
import { startTestApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { esc, LOCALES, mainOf, nodesOfType, panelOf, panelPartOf, prefix } from '../../helpers/html.ts';

const { app } = await startTestApp();
const get = (url: string) => app.inject({ url });
const { glaciers } = content;

const HEADINGS = {
  ru: { mb: 'Годовой баланс массы', coordinates: 'Координаты', area: 'Площадь' },
  en: { mb: 'Annual mass balance', coordinates: 'Coordinates', area: 'Area' },
} as const;

/** The panel's list of sources: each heading with the texts of the works cited under it. */
function panelSources(html: string): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const [, heading, items] of panelPartOf(html, 'sources').matchAll(
    /<p class="glacier-panel__source-head">([^<]+)<\/p><ul lang="en">([\s\S]*?)<\/ul>/g,
  ))
    lists.set(
      heading!,
      [...items!.matchAll(/<li>(?:<a [^>]*>)?([^<]+)/g)].map((m) => m[1]!),
    );
  return lists;
}

/** What each of a glacier's figures should be cited to (null: the glacier has no such figure). */
const expected = (g: (typeof glaciers)[number]) => ({
  mb: g.mass_balance.length > 0 ? WGMS_SOURCE : null,
  coordinates:
    g.lat === null || g.lon === null
      ? null
      : { rgi: RGI_SOURCE, wikidata: WIKIDATA_SOURCE, glims: GLIMS_ID_SOURCE }[
          g.coordinates_source ?? (g.rgi_id !== null ? 'rgi' : 'wikidata')
        ],
  area: g.area_km2 === null ? null : WGMS_AREA_SOURCE,
});

/** Hosts that serve copies or abstracts of papers, or a publisher's staging: never where a citation sends a reader. */
const MIRROR = /studylib|acemap|researchgate|homsy-staging|core-cms|core-reader/i;

/** The works a glacier panel cites for its geodetic periods: beside each period and in the list of sources. */
function paperCitationsOf(panel: string): Array<{ text: string; url: string | null }> {
  const citation = (html: string) => {
    const link = /^<a href="([^"]*)"[^>]*>([^<]*)<\/a>$/.exec(html.trim());
    const decode = (s: string) =>
      s
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'");
    return link ? { text: decode(link[2]!), url: decode(link[1]!) } : { text: decode(html.trim()), url: null };
  };
  const beside = [...panel.matchAll(/<p class="ec-list__source">[\s\S]*?<span lang="en">([\s\S]*?)<\/span><\/p>/g)];
  const listed = [...panel.matchAll(/<ul lang="en">([\s\S]*?)<\/ul>/g)].flatMap(([, list]) =>
    [...list!.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!),
  );
  return [...beside.map((m) => m[1]!), ...listed]
    .map(citation)
    .filter((c) => !/^(WGMS \(\d{4}\)|RGI Consortium|Wikidata)/.test(c.text));
}

/**
 * A paper as a researcher cites it: `Authors (year): Title. Journal volume, pages.`, the title a phrase of several
 * words (not a journal's abbreviation), and a link to its DOI or none.
 */
function incompletePaper({ text, url }: { text: string; url: string | null }): string | null {
  const parts = /^(.+?) \((\d{4})\): (.+)$/.exec(text);
  const title = parts?.[3]?.split(/\. (?=[A-Z])/)[0] ?? '';
  const problems = [
    parts ? null : `no "Authors (year): …": ${text}`,
    parts && title.split(/\s+/).length < 4 ? `no title: ${text}` : null,
    url !== null && !/^https:\/\/doi\.org\/10\.\d{4,9}\/\S+$/.test(url) ? `not a DOI link: ${url}` : null,
    MIRROR.test(`${text} ${url ?? ''}`) ? `a mirror: ${text} ${url}` : null,
  ];
  return problems.find((problem) => problem !== null) ?? null;
}

describe('each glacier figure cited to its own source', () => {
  it('the panel lists, for every glacier in both locales, the source of each figure it has and none for the others, and its files', async () => {
    // the cases the rule tells apart are all in the content
    expect(glaciers.some((g) => g.mass_balance.length === 0)).toBe(true);
    expect(glaciers.some((g) => g.lat !== null && g.coordinates_source === 'wikidata')).toBe(true);
    expect(glaciers.some((g) => g.lat !== null && g.coordinates_source === 'glims')).toBe(true);
    expect(glaciers.some((g) => g.lat === null && g.area_km2 === null)).toBe(true);
    expect(glaciers.filter((g) => g.elevation_change.length > 0).length).toBeGreaterThanOrEqual(3);
    for (const locale of LOCALES)
      for (const glacier of glaciers) {
        const res = await get(`${prefix(locale)}/resources/tools/wgms?glacier=${glacier.slug}`);
        expect(res.statusCode).toBe(200);
        const listed = panelSources(res.body);
        const want = expected(glacier);
        for (const key of ['mb', 'coordinates', 'area'] as const) {
          const cited = listed.get(HEADINGS[locale][key]);
          const source = want[key];
          expect(cited, `${locale} ${glacier.slug} ${key}`).toEqual(source ? [esc(source.text)] : undefined);
        }
        // RGI's outlines give no area: the inventory is never the area's source
        expect(listed.get(HEADINGS[locale].area) ?? [], glacier.slug).not.toContain(esc(RGI_SOURCE.text));
        // a glacier with series offers both its files, named for what they hold; one without offers none
        const series = glacier.mass_balance.length > 0 || glacier.elevation_change.length > 0;
        const offered = [...mainOf(res.body).matchAll(/href="([^"]*\/data\/glaciers\/[^"/]+\.(?:csv|json))"/g)];
        expect(
          offered.map((m) => m[1]),
          glacier.slug,
        ).toEqual(series ? ['csv', 'json'].map((f) => `${prefix(locale)}/data/glaciers/${glacier.slug}.${f}`) : []);
        expect(panelOf(res.body).includes(locale === 'ru' ? 'Скачать ряды в CSV' : 'Download the series as CSV')).toBe(
          series,
        );
        // each paper of its periods as a researcher cites it: one beside each period, and each once among the sources
        const periods = glacier.elevation_change.length;
        const papers = periods > 0 ? paperCitationsOf(panelOf(res.body)) : [];
        expect(papers.length > periods, glacier.slug).toBe(periods > 0);
        for (const paper of papers) expect(incompletePaper(paper), `${locale} ${glacier.slug}`).toBeNull();
      }
    // the rule sees what the audit found: a journal in place of a title, a link to a reader page or a mirror
    expect(incompletePaper({ text: 'Kronenberg et al. (2016): Ann. Glaciol. 57(71)', url: null })).toMatch(/^no title/);
    expect(
      incompletePaper({
        text: 'Denzinger et al. (2021): Geodetic mass balance of Abramov Glacier from 1975 to 2015. J. Glaciol.',
        url: 'https://www.cambridge.org/core/product/46235271A5791FB520EC0DDBABB51356/core-reader',
      }),
    ).toMatch(/^not a DOI link/);
  }, 60_000);

  it('answers an unknown glacier with 404 in the page’s layout, in both locales, and its payload with 404', async () => {
    for (const locale of LOCALES) {
      const url = `${prefix(locale)}/resources/tools/wgms?glacier=no-such-glacier`;
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(`<html lang="${locale}"`);
      expect(res.body).toContain('<header class="site-header">');
      expect(res.body).toContain('class="error-page');
      expect(mainOf(res.body)).toContain(locale === 'ru' ? 'Страница не найдена' : 'Page not found');
      expect(res.body).not.toContain('class="glacier-panel"');
      expect((await get(url.replace('?', '/_payload.json?'))).statusCode).toBe(404);
    }
  });

  it('the Dataset, CSV and JSON of every glacier with a series cite each figure to its source, each paper whole', async () => {
    const line = (c: Citation | null) => (c ? citationLine(c) : null);
    // a Russian file names its reference lines in Russian; the references themselves stay as published
    const referenceLine = { ru: '# Источник: ', en: '# Reference: ' } as const;
    for (const locale of LOCALES) {
      const page = (await get(`${prefix(locale)}/resources/tools/wgms`)).body;
      const datasets = nodesOfType<{ url: string; name: string; description: string; citation: string[] }>(
        page,
        'Dataset',
      );
      const described = glaciers.filter((g) => g.mass_balance.length > 0 || g.elevation_change.length > 0);
      expect(datasets).toHaveLength(described.length);
      for (const glacier of described) {
        const want = expected(glacier);
        const dataset = datasets.find((d) => d.url.endsWith(`glacier=${glacier.slug}`))!;
        // its Dataset names elevation change only where the glacier has periods, and then as the papers' (not FoG's)
        const geodetic = glacier.elevation_change.length > 0;
        expect(/изменение высоты|elevation change/i.test(`${dataset.name} ${dataset.description}`)).toBe(geodetic);
        if (geodetic) expect(dataset.description, glacier.slug).toMatch(/опубликованным работам|published papers/);
        expect(dataset.description, glacier.slug).not.toMatch(
          /изменение высоты поверхности ледника [^;]+ по базе|elevation change of [^;]+ from the Fluctuations/,
        );
        // and cites the WGMS release for the annual series, the papers besides it for the periods, then the sources
        // of the coordinates and the area, as the panel and the files give them
        const cited = dataset.citation.filter(
          (c) => ![want.mb, want.coordinates, want.area].some((w) => w && citationLine(w) === c),
        );
        expect(dataset.citation, glacier.slug).toEqual([
          ...(want.mb ? [WGMS_CITATION] : []),
          ...cited,
          ...[want.coordinates, want.area].filter((c) => c !== null).map(citationLine),
        ]);
        expect(cited.length > 0, glacier.slug).toBe(geodetic);
        const csv = (await get(`${prefix(locale)}/data/glaciers/${glacier.slug}.csv`)).body;
        const head = (label: string) =>
          csv
            .split('\r\n')
            .find((l) => l.startsWith(`# ${label}: `))
            ?.slice(`# ${label}: `.length) ?? null;
        // the file's labels are in its language, the works cited as published
        const [coordinates, area] = locale === 'ru' ? ['Координаты', 'Площадь'] : ['Coordinates', 'Area'];
        expect(head(coordinates), glacier.slug).toBe(line(want.coordinates));
        expect(head(area), glacier.slug).toBe(line(want.area));
        expect(csv, glacier.slug).not.toContain('Coordinates and area');
        // none empty
        expect(csv.split('\r\n').filter((l) => /^(mass_balance|elevation_change),/.test(l)).length).toBeGreaterThan(0);
        const json = (await get(`${prefix(locale)}/data/glaciers/${glacier.slug}.json`)).json<{
          glacier: { coordinates_source: Citation | null; area_source: Citation | null };
          mass_balance: { source: Citation | null; series: unknown[] };
          elevation_change: { periods: Array<{ source: Citation }> };
          references: Citation[];
        }>();
        expect(json.mass_balance.series.length + json.elevation_change.periods.length).toBeGreaterThan(0);
        expect(json.glacier.coordinates_source, glacier.slug).toEqual(want.coordinates);
        expect(json.glacier.area_source, glacier.slug).toEqual(want.area);
        expect(json.mass_balance.source, glacier.slug).toEqual(want.mb);
        // the references are the works the file's figures come from, and only those
        for (const source of Object.values(want)) if (source) expect(json.references).toContainEqual(source);
        if (!want.coordinates) expect(json.references).not.toContainEqual(RGI_SOURCE);
        // each geodetic period's paper, whole: among the references, in a reference line and in the Dataset's citations
        const papers = json.elevation_change.periods.map((p) => p.source);
        expect(papers.length, glacier.slug).toBe(glacier.elevation_change.length);
        for (const paper of papers) {
          expect(incompletePaper(paper), glacier.slug).toBeNull();
          expect(json.references).toContainEqual(paper);
          expect(csv).toContain(`${referenceLine[locale]}${citationLine(paper)}`);
          expect(dataset.citation, `${locale} ${glacier.slug}`).toContain(citationLine(paper));
        }
      }
    }
  }, 60_000);
});
