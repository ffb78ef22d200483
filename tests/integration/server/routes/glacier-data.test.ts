import { describe, expect, it } from 'vitest';
import {
  PRELIMINARY_FROM_YEAR,
  WGMS_FOG_DOI_URL,
  WGMS_TERMS,
  WGMS_TERMS_TEXT,
} from '../../../../shared/glacier-data.ts';
import { startTestApp } from '../../../helpers/app.ts';
import { content } from '../../../helpers/content.ts';
import { csvRows } from '../../../helpers/csv.ts';

const { app } = await startTestApp({ config: { PUBLIC_ORIGIN: 'https://cryo.example.org' } });

const { glaciers } = content;
const withSeries = glaciers.filter((g) => g.mass_balance.length > 0 && g.elevation_change.length > 0);

/** The paper of the first glacier's geodetic periods, as its record cites it. */
const KAPITSA_2020 =
  'Kapitsa et al. (2020): Assessment of Changes in Mass Balance of the Tuyuksu Group of Glaciers, Northern Tien Shan, Between 1958 and 2016 Using Ground-Based Observations and Pléiades Satellite Imagery. Front. Earth Sci. 8, 259.';

describe('glacier data downloads', () => {
  const g = withSeries[0]!;

  const csv = () => app.inject({ url: `/data/glaciers/${g.slug}.csv` });

  it('CSV comes as an attachment named after the glacier', async () => {
    const res = await csv();
    // (its status and media type: data-api.test.ts)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="wgms-${g.slug}.csv"`);
  });

  it('CSV opens with lines naming the glacier, WGMS’s terms and the papers', async () => {
    // (the citation's line: data-api.test.ts; the coordinates' and the area's: glacier-sources.test.ts)
    const res = await csv();
    expect(res.body).toContain(`# Условия использования: ${WGMS_TERMS_TEXT.ru}`);
    expect(res.body).toMatch(/^# Источник: Kapitsa et al\. \(2020\)/m);
    expect(res.body.split('\r\n')[0]).toContain(g.name.ru);
    // the English file: the same lines in English
    const en = (await app.inject({ url: `/en/data/glaciers/${g.slug}.csv` })).body;
    expect(en).toContain(`# Terms: ${WGMS_TERMS}`);
    expect(en).toMatch(/^# Reference: Kapitsa et al\. \(2020\)/m);
    // no licence the source does not give, no provenance of the data file
    expect(res.body).not.toMatch(/CC BY|Licence|github:|DOI-WGMS|trimmed|oggm/i);
  });

  it('CSV holds every value of both series', async () => {
    const res = await csv();
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'series',
      'year',
      'period_start',
      'period_end',
      'value',
      'unit',
      'uncertainty',
      'preliminary',
      'source',
    ]);
    const mb = rows.filter((r) => r[0] === 'mass_balance');
    expect(mb.map((r) => [Number(r[1]), Number(r[4])])).toEqual(
      [...g.mass_balance].sort((a, b) => a.year - b.year).map((p) => [p.year, p.value_mm_we]),
    );
    const ec = rows.filter((r) => r[0] === 'elevation_change');
    expect(ec.map((r) => [Number(r[2]), Number(r[3]), Number(r[4])])).toEqual(
      g.elevation_change.map((p) => [p.period_start, p.period_end, p.value_m_per_year]),
    );
    // each row cites its own source: the WGMS release for the annual values, the paper for the geodetic periods
    expect(new Set(mb.map((r) => r[8]))).toEqual(new Set([expect.stringContaining(WGMS_FOG_DOI_URL) as string]));
    for (const row of ec) expect(row[8]).toBe(`${KAPITSA_2020} https://doi.org/10.3389/feart.2020.00259`);
    // the newest year's values are flagged preliminary, the others not
    for (const row of mb) expect(row[7]).toBe(String(Number(row[1]) >= PRELIMINARY_FROM_YEAR));
    expect(mb.some((r) => r[7] === 'true')).toBe(true);
  });

  it('JSON under /en: the glacier in English, the series of the CSV, WGMS’s terms, the papers, the flags, its URL', async () => {
    const res = await app.inject({ url: `/en/data/glaciers/${g.slug}.json` });
    expect(res.statusCode).toBe(200);
    // (its citation and version: data-api.test.ts; each figure's source: glacier-sources.test.ts)
    const body = res.json<{
      glacier: { name: string; wgms_id: number };
      mass_balance: { unit: string; series: { year: number; preliminary: boolean }[] };
      elevation_change: { periods: { source: { text: string } }[] };
      license: { text: string };
      url: string;
    }>();
    expect(body.glacier.name).toBe(g.name.en);
    expect(body.glacier.wgms_id).toBe(g.wgms_id);
    expect(body.mass_balance.unit).toBe('mm w.e.');
    expect(body.mass_balance.series).toHaveLength(g.mass_balance.length);
    expect(body.elevation_change.periods).toHaveLength(g.elevation_change.length);
    expect(body.license.text).toBe(WGMS_TERMS);
    expect(body.elevation_change.periods.map((p) => p.source.text)).toEqual(g.elevation_change.map(() => KAPITSA_2020));
    for (const point of body.mass_balance.series) expect(point.preliminary).toBe(point.year >= PRELIMINARY_FROM_YEAR);
    expect(body.url).toBe(`https://cryo.example.org/en/data/glaciers/${g.slug}.json`);
  });

  it('lists every glacier in /data/glaciers.json; one with no series says so and offers no file', async () => {
    for (const prefix of ['', '/en']) {
      const index = JSON.parse((await app.inject({ url: `${prefix}/data/glaciers.json` })).body) as {
        glaciers: { slug: string; has_series: boolean; csv: string | null; json: string | null }[];
      };
      expect(index.glaciers.map((x) => x.slug).sort()).toEqual(glaciers.map((x) => x.slug).sort());
      for (const entry of index.glaciers) {
        const record = glaciers.find((x) => x.slug === entry.slug)!;
        const has = record.mass_balance.length > 0 || record.elevation_change.length > 0;
        expect(entry.has_series, entry.slug).toBe(has);
        // an index: the glacier's files, not its series
        expect(Object.keys(entry), entry.slug).not.toContain('series');
        if (!has) expect([entry.csv, entry.json]).toEqual([null, null]);
        // every file it offers is there
        for (const url of [entry.csv, entry.json].filter((u): u is string => u !== null))
          expect((await app.inject({ url: new URL(url).pathname })).statusCode, url).toBe(200);
      }
    }
  });

  it('answers 404 for the data of an unknown glacier or a malformed slug', async () => {
    for (const url of ['/data/glaciers/no-such-glacier.csv', '/data/glaciers/Bad_Slug.json'])
      expect((await app.inject({ url })).statusCode, url).toBe(404);
  });
});
