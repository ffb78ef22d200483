import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PRELIMINARY_FROM_YEAR,
  WGMS_CITATION,
  WGMS_FOG_DOI_URL,
  WGMS_TERMS,
  WGMS_TERMS_TEXT,
} from '../../../../shared/glacier-data.ts';
import { startTestApp } from '../../../helpers/app.ts';

const { app } = await startTestApp({ config: { PUBLIC_ORIGIN: 'https://cryo.example.org' } });

type Localized = { ru: string; en: string };
interface Record {
  slug: string;
  name: Localized;
  wgms_id: number | null;
  mass_balance: { year: number; value_mm_we: number }[];
  elevation_change: { period_start: number; period_end: number; value_m_per_year: number }[];
}
const glaciers = JSON.parse(
  readFileSync(new URL('../../../../content-api/content/glaciers.json', import.meta.url), 'utf8'),
) as Record[];
const withSeries = glaciers.filter((g) => g.mass_balance.length > 0 && g.elevation_change.length > 0);

/** A minimal RFC 4180 reader (quoted fields with commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((line) => {
      const out: string[] = [];
      let field = '';
      let quoted = false;
      for (let i = 0; i < line.length; i += 1) {
        const c = line[i]!;
        if (quoted) {
          if (c === '"' && line[i + 1] === '"') {
            field += '"';
            i += 1;
          } else if (c === '"') quoted = false;
          else field += c;
        } else if (c === '"') quoted = true;
        else if (c === ',') {
          out.push(field);
          field = '';
        } else field += c;
      }
      out.push(field);
      return out;
    });
}

/** The paper of the first glacier's geodetic periods, as its record cites it. */
const KAPITSA_2020 =
  'Kapitsa et al. (2020): Assessment of Changes in Mass Balance of the Tuyuksu Group of Glaciers, Northern Tien Shan, Between 1958 and 2016 Using Ground-Based Observations and Pléiades Satellite Imagery. Front. Earth Sci. 8, 259.';

describe('glacier data downloads', () => {
  const g = withSeries[0]!;

  const csv = () => app.inject({ url: `/data/glaciers/${g.slug}.csv` });

  it('CSV comes as an attachment named after the glacier', async () => {
    const res = await csv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="wgms-${g.slug}.csv"`);
  });

  it('CSV opens with lines naming the glacier, the WGMS citation with its DOI, WGMS’s terms and the papers', async () => {
    const res = await csv();
    expect(res.body).toContain(`# Как цитировать: ${WGMS_CITATION}`);
    expect(WGMS_CITATION).toContain('https://doi.org/10.5904/wgms-fog-2026-02-10');
    expect(res.body).toContain(`# Условия использования: ${WGMS_TERMS_TEXT.ru}`);
    expect(res.body).toMatch(/^# Источник: Kapitsa et al\. \(2020\)/m);
    // coordinates: the RGI 6.0 outline's centroid; area: WGMS's table, the release it was read from
    expect(res.body).toMatch(/^# Координаты: RGI Consortium \(2017\)/m);
    expect(res.body).toMatch(/^# Площадь: WGMS \(2021\): .* https:\/\/doi\.org\/10\.5904\/wgms-fog-2021-05$/m);
    expect(res.body.split('\r\n')[0]).toContain(g.name.ru);
    // the English file: the same lines in English
    const en = (await app.inject({ url: `/en/data/glaciers/${g.slug}.csv` })).body;
    expect(en).toContain(`# Citation: ${WGMS_CITATION}`);
    expect(en).toContain(`# Terms: ${WGMS_TERMS}`);
    expect(en).toMatch(/^# Reference: Kapitsa et al\. \(2020\)/m);
    // no licence the source does not give, no provenance of the data file
    expect(res.body).not.toMatch(/CC BY|Licence|github:|DOI-WGMS|trimmed|oggm/i);
  });

  it('CSV holds every value of both series', async () => {
    const res = await csv();
    const [header, ...rows] = parseCsv(res.body);
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

  const enJson = async () => {
    const res = await app.inject({ url: `/en/data/glaciers/${g.slug}.json` });
    expect(res.statusCode).toBe(200);
    return JSON.parse(res.body) as {
      glacier: { name: string; wgms_id: number };
      mass_balance: { unit: string; series: { year: number; preliminary: boolean }[]; source: { url: string } };
      elevation_change: { periods: { source: { text: string } }[] };
      citation: string;
      license: { text: string; url: string };
      references: { text: string }[];
      url: string;
    };
  };

  it('JSON under /en names the glacier in English', async () => {
    const body = await enJson();
    expect(body.glacier.name).toBe(g.name.en);
    expect(body.glacier.wgms_id).toBe(g.wgms_id);
  });

  it('JSON holds the same series as the CSV', async () => {
    const body = await enJson();
    expect(body.mass_balance.unit).toBe('mm w.e.');
    expect(body.mass_balance.series).toHaveLength(g.mass_balance.length);
    expect(body.elevation_change.periods).toHaveLength(g.elevation_change.length);
  });

  it('JSON carries the citation, WGMS’s terms, each figure’s source and the preliminary flags', async () => {
    const body = await enJson();
    expect(body.citation).toBe(WGMS_CITATION);
    expect(body.license.text).toBe(WGMS_TERMS);
    expect(body.mass_balance.source.url).toBe(WGMS_FOG_DOI_URL);
    expect(body.elevation_change.periods.map((p) => p.source.text)).toEqual(g.elevation_change.map(() => KAPITSA_2020));
    for (const point of body.mass_balance.series) expect(point.preliminary).toBe(point.year >= PRELIMINARY_FROM_YEAR);
    expect(JSON.stringify(body)).not.toMatch(/CC BY|github:|DOI-WGMS|trimmed|"notes?"/i);
  });

  it('JSON states its own URL', async () => {
    const body = await enJson();
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
        if (!has) expect([entry.csv, entry.json]).toEqual([null, null]);
        // every file it offers is there
        for (const url of [entry.csv, entry.json].filter((u): u is string => u !== null))
          expect((await app.inject({ url: new URL(url).pathname })).statusCode, url).toBe(200);
      }
    }
  });

  it('a glacier without a series offers no download on its panel, and says so', async () => {
    const none = glaciers.find((x) => x.mass_balance.length === 0 && x.elevation_change.length === 0)!;
    for (const [prefix, text] of [
      ['', 'нет рядов наблюдений'],
      ['/en', 'no series of measurements'],
    ] as const) {
      const res = await app.inject({ url: `${prefix}/resources/tools/wgms?glacier=${none.slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(`/data/glaciers/${none.slug}.`);
      expect(res.body).toContain(text);
    }
  });

  it('answers 404 for the data of an unknown glacier or a malformed slug', async () => {
    for (const url of ['/data/glaciers/no-such-glacier.csv', '/data/glaciers/Bad_Slug.json'])
      expect((await app.inject({ url })).statusCode, url).toBe(404);
  });

  it('the WGMS page panel links both downloads of the selected glacier', async () => {
    const res = await app.inject({ url: `/resources/tools/wgms?glacier=${g.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`href="/data/glaciers/${g.slug}.csv"`);
    expect(res.body).toContain(`href="/data/glaciers/${g.slug}.json"`);
    const en = await app.inject({ url: `/en/resources/tools/wgms?glacier=${g.slug}` });
    expect(en.body).toContain(`href="/en/data/glaciers/${g.slug}.csv"`);
    expect(en.body).toContain('Download the series as CSV');
  });
});
