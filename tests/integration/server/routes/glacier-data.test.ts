import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WGMS_CITATION, WGMS_LICENCE } from '../../../../shared/glacier-data.ts';
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
  readFileSync(new URL('../../../../server/content-api/content/glaciers.json', import.meta.url), 'utf8'),
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

describe('glacier data downloads', () => {
  const g = withSeries[0]!;

  const csv = () => app.inject({ url: `/data/glaciers/${g.slug}.csv` });

  it('CSV comes as an attachment named after the glacier', async () => {
    const res = await csv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="wgms-${g.slug}.csv"`);
  });

  it('CSV opens with lines naming the glacier, the citation and the licence', async () => {
    const res = await csv();
    expect(res.body).toContain(`# Citation: ${WGMS_CITATION}`);
    expect(res.body).toMatch(new RegExp(`^# Licence: ${WGMS_LICENCE.replace(/\./g, '\\.')} \\(https://`, 'm'));
    expect(res.body.split('\r\n')[0]).toContain(g.name.ru);
  });

  it('CSV holds every value of both series', async () => {
    const res = await csv();
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['series', 'year', 'period_start', 'period_end', 'value', 'unit', 'uncertainty', 'source']);
    const mb = rows.filter((r) => r[0] === 'mass_balance');
    expect(mb.map((r) => [Number(r[1]), Number(r[4])])).toEqual(
      [...g.mass_balance].sort((a, b) => a.year - b.year).map((p) => [p.year, p.value_mm_we]),
    );
    const ec = rows.filter((r) => r[0] === 'elevation_change');
    expect(ec.map((r) => [Number(r[2]), Number(r[3]), Number(r[4])])).toEqual(
      g.elevation_change.map((p) => [p.period_start, p.period_end, p.value_m_per_year]),
    );
  });

  const enJson = async () => {
    const res = await app.inject({ url: `/en/data/glaciers/${g.slug}.json` });
    expect(res.statusCode).toBe(200);
    return JSON.parse(res.body) as {
      glacier: { name: string; wgms_id: number };
      mass_balance: { unit: string; series: unknown[] };
      elevation_change: { periods: unknown[] };
      citation: string;
      licence: { name: string; url: string };
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

  it('JSON carries the citation and licence', async () => {
    const body = await enJson();
    expect(body.citation).toBe(WGMS_CITATION);
    expect(body.licence.name).toBe(WGMS_LICENCE);
  });

  it('JSON states its own URL', async () => {
    const body = await enJson();
    expect(body.url).toBe(`https://cryo.example.org/en/data/glaciers/${g.slug}.json`);
  });

  it('lists every glacier with data in /data/glaciers.json', async () => {
    const index = JSON.parse((await app.inject({ url: '/data/glaciers.json' })).body) as {
      glaciers: { slug: string }[];
    };
    const expected = glaciers
      .filter((x) => x.mass_balance.length > 0 || x.elevation_change.length > 0)
      .map((x) => x.slug);
    expect(index.glaciers.map((x) => x.slug).sort()).toEqual(expected.sort());
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
