/**
 * The figures glaciers.json adds to the WGMS record as received (`added`): each equals the source row it records
 * verbatim, read as the rest of the record was read (FoG annual balance in m w.e. ×1000 = mm w.e.; a GLIMS glacier id
 * `G{lon×1000}E{lat×1000}N` as the point it names; the FoG state table's AREA and LENGTH for its survey year), and
 * every glacier a source places is on the map.
 */
import { describe, expect, it } from 'vitest';
import { defaultContentDir } from '../../../content-api/config.ts';
import { loadContent } from '../../../content-api/store.ts';

const { glaciers } = loadContent(defaultContentDir());
const added = glaciers.filter((g) => g.added !== undefined);

/** A CSV row's cells, quoted or not (the FoG tables quote their text cells, some with commas inside). */
const cells = (row: string) => row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((c) => c.replace(/^"(.*)"$/, '$1'));

/** The rows of a glacier's provenance that belong to its WGMS id. */
const rowsOf = (g: (typeof glaciers)[number]) =>
  (g.added?.source_rows ?? []).map(cells).filter((c) => Number(c[2]) === g.wgms_id);

describe('the figures added to the WGMS record', () => {
  it('are recorded with their sources for the glaciers that lacked them, and a glacier the record lacked', () => {
    expect(added.map((g) => g.slug).sort()).toEqual(
      ['barkrak-sredniy', 'fedchenko', 'lednik-457-nhd', 'turgen-aksuu', 'vostochnyy-zulmart'].sort(),
    );
    for (const g of added) {
      expect(g.added!.sources.length, g.slug).toBeGreaterThan(0);
      expect(rowsOf(g).length, g.slug).toBeGreaterThan(0);
    }
  });

  it('give each added annual balance as its FoG 2026 row, m w.e. ×1000, and no year the rows lack', () => {
    const whole = added.filter((g) => g.added!.fields.includes('record'));
    expect(whole.map((g) => g.wgms_id)).toEqual([21063]);
    for (const g of whole) {
      // FoG 2026 rows: country, name, WGMS id, year, annual balance (m w.e.)
      const series = rowsOf(g)
        .filter((c) => c.length === 5)
        .map((c) => ({ year: Number(c[3]), value_mm_we: Math.round(Number(c[4]) * 1000) }));
      expect(series.length, g.slug).toBeGreaterThanOrEqual(5);
      expect(g.mass_balance, g.slug).toEqual(series);
      expect(g.country_code).toBe(rowsOf(g)[0]![0]);
    }
  });

  it('place each glacier at the point its GLIMS id names, cited to it, and give area and length as the state table', () => {
    let placed = 0;
    for (const g of added) {
      const lut = rowsOf(g).find((c) => c.length === 8);
      expect(lut, g.slug).toBeDefined();
      const glims = /^G(\d{3})(\d{3})E(\d{2})(\d{3})N$/.exec(lut![5] ?? '');
      if (g.added!.fields.includes('lat')) {
        placed++;
        expect(glims, g.slug).not.toBeNull();
        expect(g.lon).toBe(Number(`${glims![1]}.${glims![2]}`));
        expect(g.lat).toBe(Number(`${glims![3]}.${glims![4]}`));
        expect(g.coordinates_source).toBe('glims');
        expect(g.rgi_id).toBe(lut![6]);
      }
      // FoG 2021 state rows: …, YEAR (3), …, LENGTH (8), …, AREA (10)
      const state = rowsOf(g).find((c) => c.length >= 19 && Number(c[3]) === g.area_year);
      if (g.added!.fields.includes('area_km2')) {
        expect(state, g.slug).toBeDefined();
        expect(g.area_km2).toBe(Number(state![10]));
        expect(g.length_km).toBe(Number(state![8]));
        expect(g.length_year).toBe(g.area_year);
      }
    }
    expect(placed).toBe(3);
  });

  it('leave unplaced only a glacier none of whose sources gives a position, and say so', () => {
    const unplaced = glaciers.filter((g) => g.lat === null || g.lon === null);
    expect(unplaced.map((g) => g.wgms_id)).toEqual([21063]);
    for (const g of unplaced) {
      expect(
        rowsOf(g).some((c) => /^G\d{6}E\d{5}N$/.test(c[5] ?? '')),
        g.slug,
      ).toBe(false);
      expect(g.notes, g.slug).toMatch(/no coordinates/);
    }
  });

  // its WGMS id and its article: tests/integration/sections/glacier-map-data.test.ts
  it('give Fedchenko the papers of its geodetic studies and what they found', () => {
    const fedchenko = glaciers.find((g) => g.slug === 'fedchenko')!;
    expect(fedchenko.papers.map((p) => p.doi)).toEqual(['10.3189/2014JoG13J130', '10.1017/jog.2018.52']);
    expect(fedchenko.findings.map((f) => f.cited_as)).toEqual(fedchenko.papers.map((p) => p.cited_as));
  });
});
