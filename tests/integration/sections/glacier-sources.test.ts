/**
 * Each of a glacier's figures cited to the source it came from, on the WGMS page's panel and in the glacier's
 * downloads, in both locales: the annual series to the WGMS release (only where there is one), coordinates to the RGI
 * 6.0 outline's centroid, the Wikidata item or the GLIMS id of WGMS's lookup table, whichever the record took them
 * from, areas to the WGMS table they were read from; a figure the glacier lacks has no source.
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
import { esc, LOCALES, mainOf, nodesOfType, panelPartOf, prefix } from '../../helpers/html.ts';

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

describe('each glacier figure cited to its own source', () => {
  it('the panel lists, for every glacier in both locales, the source of each figure it has and none for the others', async () => {
    // the cases the rule tells apart are all in the content
    expect(glaciers.some((g) => g.mass_balance.length === 0)).toBe(true);
    expect(glaciers.some((g) => g.lat !== null && g.coordinates_source === 'wikidata')).toBe(true);
    expect(glaciers.some((g) => g.lat !== null && g.coordinates_source === 'glims')).toBe(true);
    expect(glaciers.some((g) => g.lat === null && g.area_km2 === null)).toBe(true);
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
      }
  }, 60_000);

  it('each glacier’s Dataset says what it holds and credits the papers, not WGMS, with the elevation change', async () => {
    for (const locale of LOCALES) {
      const body = (await get(`${prefix(locale)}/resources/tools/wgms`)).body;
      const datasets = nodesOfType(body, 'Dataset');
      const described = glaciers.filter((g) => g.mass_balance.length > 0 || g.elevation_change.length > 0);
      expect(datasets).toHaveLength(described.length);
      for (const glacier of described) {
        const d = datasets.find((x) => String(x.url).endsWith(`glacier=${glacier.slug}`))!;
        const text = `${String(d.name)} ${String(d.description)}`;
        const geodetic = glacier.elevation_change.length > 0;
        // elevation change is named only where the glacier has periods, and then as the papers' (not FoG's)
        expect(/изменение высоты|elevation change/i.test(text), glacier.slug).toBe(geodetic);
        if (geodetic) expect(d.description, glacier.slug).toMatch(/опубликованным работам|published papers/);
        expect(d.description, glacier.slug).not.toMatch(
          /изменение высоты поверхности ледника [^;]+ по базе|elevation change of [^;]+ from the Fluctuations/,
        );
        // the WGMS release for the annual series, the papers besides it for the periods, then the sources of the
        // coordinates and the area, as the panel and the files give them
        const want = expected(glacier);
        const papers = (d.citation as string[]).filter(
          (c) => ![want.mb, want.coordinates, want.area].some((w) => w && citationLine(w) === c),
        );
        expect(d.citation, glacier.slug).toEqual([
          ...(want.mb ? [WGMS_CITATION] : []),
          ...papers,
          ...[want.coordinates, want.area].filter((c) => c !== null).map(citationLine),
        ]);
        expect(papers.length > 0, glacier.slug).toBe(geodetic);
      }
    }
  });

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

  it('the CSV and JSON of every glacier with a series cite its coordinates and its area each to their source', async () => {
    const line = (c: Citation | null) => (c ? citationLine(c) : null);
    for (const locale of LOCALES)
      for (const glacier of glaciers.filter((g) => g.mass_balance.length > 0 || g.elevation_change.length > 0)) {
        const want = expected(glacier);
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
        const json = (await get(`${prefix(locale)}/data/glaciers/${glacier.slug}.json`)).json<{
          glacier: { coordinates_source: Citation | null; area_source: Citation | null };
          mass_balance: { source: Citation | null };
          references: Citation[];
        }>();
        expect(json.glacier.coordinates_source, glacier.slug).toEqual(want.coordinates);
        expect(json.glacier.area_source, glacier.slug).toEqual(want.area);
        expect(json.mass_balance.source, glacier.slug).toEqual(want.mb);
        // the references are the works the file's figures come from, and only those
        for (const source of Object.values(want)) if (source) expect(json.references).toContainEqual(source);
        if (!want.coordinates) expect(json.references).not.toContainEqual(RGI_SOURCE);
      }
  }, 60_000);
});
