import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultContentDir } from '../../../content-api/config.ts';
import { databaseDownloads } from '../../../content-api/files.ts';
import { loadContent } from '../../../content-api/store.ts';
import { paths } from '../../../server/paths.ts';
import { bundledMessages } from '../../../shared/i18n/messages.ts';

const content = loadContent(defaultContentDir());
/** WGMS's figures as received (the source data beside the project), which the content's records must keep. */
const SOURCE_DATA = join(paths().root, '..', 'shared', 'data', 'glaciers.json');

describe('content files', () => {
  it('hold at least the content the portal promises', () => {
    expect(content.news.length).toBeGreaterThanOrEqual(30);
    expect(content.events.length).toBeGreaterThanOrEqual(12);
    expect(content.opportunities.length).toBeGreaterThanOrEqual(10);
    expect(new Set(content.opportunities.map((o) => o.category)).size).toBeGreaterThanOrEqual(3);
    expect(content.videos.length).toBeGreaterThanOrEqual(8);
    expect(content['photo-galleries'].length).toBeGreaterThanOrEqual(6);
    expect(content['photo-galleries'].every((g) => g.photos.length >= 3)).toBe(true);
    expect(content.podcasts.length).toBeGreaterThanOrEqual(6);
    expect(content['online-courses'].length).toBeGreaterThanOrEqual(6);
    expect(content.webinars.length).toBeGreaterThanOrEqual(8);
    expect(content['database-files'].length).toBeGreaterThanOrEqual(40);
    expect(content.methods.length).toBeGreaterThanOrEqual(8);
    expect(content.tools.length).toBeGreaterThanOrEqual(5);
    expect(content.tools.some((t) => t.url === '/resources/tools/wgms')).toBe(true);
    expect(content['country-profiles'].map((p) => p.slug).sort()).toEqual([
      'kazakhstan',
      'kyrgyzstan',
      'tajikistan',
      'turkmenistan',
      'uzbekistan',
    ]);
    expect(content['cryosphere-subpages'].map((s) => s.slug).sort()).toEqual([
      'glacial-lakes',
      'glaciers',
      'permafrost',
      'river-and-lake-ice',
      'snow-cover',
    ]);
    expect(content.sliders.length).toBeGreaterThanOrEqual(3);
    expect(content['feedback-types']).toHaveLength(4);
  });

  it('spread the file database across types, years, countries, tags and languages', () => {
    const files = content['database-files'];
    expect(new Set(files.map((f) => f.type)).size).toBe(content['database-file-types'].length);
    expect(new Set(files.map((f) => f.year)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(files.map((f) => f.country)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(files.map((f) => f.language)).size).toBeGreaterThanOrEqual(4);
    for (const f of files) {
      if (f.country) expect(content.countries.map((c) => c.slug)).toContain(f.country);
      for (const tag of f.tags) expect(content.tags.map((t) => t.slug)).toContain(tag);
    }
  });

  it('reach every country page and every cryosphere subpage from the menu', () => {
    const urls = content.menu.flatMap((item) => [item.url, ...item.subitems.map((s) => s.url)]);
    for (const c of content.countries) expect(urls).toContain(`/countries/${c.slug}`);
    for (const s of content['cryosphere-subpages']) expect(urls).toContain(`/${s.slug}`);
  });

  it('translate only UI keys the site uses (the bundled dictionary is the fallback for the rest)', async () => {
    const bundled = await bundledMessages('ru');
    for (const key of Object.keys(content.translations)) expect(bundled, key).toHaveProperty(key);
  });

  // the source data is beside the project's checkout, not inside every copy of it (the Docker build): skipped there
  it.runIf(existsSync(SOURCE_DATA))(
    'keep the WGMS glacier figures exactly as received, with WGMS’s reference designation and the papers beside them',
    () => {
      const original = JSON.parse(readFileSync(SOURCE_DATA, 'utf8')) as Record<string, unknown>[];
      const kept = JSON.parse(readFileSync(join(defaultContentDir(), 'glaciers.json'), 'utf8')) as {
        wgms_reference: boolean;
        notes: string;
        added?: { fields: string[] };
        [field: string]: unknown;
      }[];
      // what this file adds beside the record: never a WGMS figure
      const BESIDE = [
        'wgms_reference',
        'papers',
        'findings',
        'articles',
        'added',
        'coordinates_source',
        'length_km',
        'length_year',
      ];
      const received = kept
        .filter((g) => !g.added?.fields.includes('record'))
        .map((g) => {
          const record = Object.fromEntries(Object.entries(g).filter(([key]) => !BESIDE.includes(key)));
          // a figure added with its provenance (`added`) was missing from the record: null there
          for (const field of g.added?.fields ?? []) if (field in record) record[field] = null;
          return record;
        });
      expect(received).toEqual(original);
      // the designation is the one the record's provenance notes give
      for (const g of kept.filter((x) => !x.added?.fields.includes('record')))
        expect(g.wgms_reference, g.notes).toBe(g.notes.includes('WGMS reference glacier'));
    },
  );
});

describe('the papers of the geodetic periods', () => {
  it('are cited whole for every paper a period’s source names, each DOI one the record’s own sources give', () => {
    let named = 0;
    for (const g of content.glaciers) {
      // the periods whose source names a paper (`Kapitsa et al. 2020`)
      const notes = g.elevation_change.flatMap((period) => {
        const note = /([A-Z][\p{L}'-]+ et al\.) (\d{4})/u.exec(period.source);
        return note ? [{ source: period.source, citedAs: `${note[1]} ${note[2]}` }] : [];
      });
      for (const { source, citedAs } of notes) {
        named++;
        const paper = g.papers.find((p) => p.cited_as === citedAs);
        expect(paper, `${g.slug}: ${source}`).toBeDefined();
        expect(paper!.title.split(' ').length, g.slug).toBeGreaterThanOrEqual(4);
      }
      // a DOI from the provenance (a publisher's URL or a note), or one whose provenance the paper states (where it
      // was read), never one from elsewhere
      const provenance = JSON.stringify([g.sources, g.notes, g.elevation_change, g.added]);
      for (const p of g.papers.filter((paper) => paper.doi))
        expect(provenance.includes(p.doi!) || (p.doi_source ?? '').length > 20, p.cited_as).toBe(true);
    }
    expect(named).toBeGreaterThanOrEqual(3);
  });
});

describe('the file database downloads', () => {
  it('follow the glaciers’ series: a reloaded series makes the datasets anew', () => {
    const files = content['database-files'];
    const dataset = files.find((f) => f.glaciers.length > 0)!;
    const name = `${dataset.slug}.${dataset.format}`;
    const before = databaseDownloads(files, content.glaciers).get(name)!.body.toString();
    const glaciers = content.glaciers.map((g) =>
      g.slug === dataset.glaciers[0]
        ? { ...g, mass_balance: g.mass_balance.map((p, i) => (i === 0 ? { ...p, value_mm_we: 12345 } : p)) }
        : g,
    );
    const after = databaseDownloads(files, glaciers).get(name)!.body.toString();
    expect(after).not.toBe(before);
    expect(after).toContain('12345');
    // the same versions give the same bytes, made once
    expect(databaseDownloads(files, glaciers).get(name)!.body.toString()).toBe(after);
  });
});
