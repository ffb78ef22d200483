/**
 * Statements the portal once made that the data contradicts, and references its articles cite: no page says that
 * East Zulmart is Tajikistan's only glacier with a series in the WGMS database (the FoG 2026 release also holds
 * No. 457 (NHD), 2021–2025), that the portal has a daily snow-cover map, or that recordings which were never
 * published are in Multimedia → Video; the papers the glacier articles cite in their prose are listed with their DOI
 * where the publisher's record gives one.
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { panelOf } from '../../helpers/html.ts';

const { get, mainAt } = await startTestApp();
const both = (path: string) => Promise.all([mainAt(path), mainAt(`/en${path}`)]);

/** The false sentences, as each locale wrote them (any of their wordings). */
const FALSE = [
  /только для ледника Восточный Зулмарт|единственный ледник Таджикистана/,
  /only for East Zulmart|the only glacier in Tajikistan/,
  /ежедневно обновляется карта|daily updated map/,
  /[Зз]апись доступна в разделе|Видеоотчёт о школе доступен|recording is available under|video report on the school is available/,
];

/** The pages that spoke of Tajikistan's series in the WGMS database. */
const TAJIK_PAGES = [
  '/countries/tajikistan',
  '/news/east-zulmart-glacier-pamir',
  '/study/webinars/webinar-pamir-glaciers-geodetic-methods',
  '/multimedia/video/lecture-glaciers-of-central-asia-what-we-know',
];
/** The pages that sent readers to recordings the portal has not published. */
const RECORDING_PAGES = [
  '/news/events/world-day-for-glaciers-2026-online-lecture',
  '/news/world-day-for-glaciers-2026',
  '/news/ala-archa-summer-school-2026',
];

/** Every string of the sample content, both locales. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];

describe('corrected statements', () => {
  it('no content says any of the false sentences', () => {
    const all = strings(content);
    for (const re of FALSE) expect(all.filter((s) => re.test(s))).toEqual([]);
  });

  it("the pages on Tajikistan's glaciers name both series of the WGMS release", async () => {
    for (const path of TAJIK_PAGES) {
      const [ru, en] = await both(path);
      expect(ru, path).toMatch(/№\u00a0457 \(NHD/);
      expect(en, path).toContain('No. 457 (NHD');
      for (const re of FALSE) expect(ru + en).not.toMatch(re);
    }
  });

  it('says the recordings are not published, and claims no snow-cover map of its own', async () => {
    for (const path of RECORDING_PAGES) {
      const [ru, en] = await both(path);
      expect(ru, path).toContain('сама запись на портале пока не опубликована');
      expect(en, path).toContain('the recording itself has not been published on the portal yet');
    }
    const [ru, en] = await both('/snow-cover/satellite-monitoring-of-snow');
    expect(ru).toContain('MODIS');
    expect(ru).not.toMatch(/На портале ежедневно/);
    expect(en).not.toMatch(/The portal publishes a daily/);
  });

  it('lists the papers the glacier articles cite, with their DOIs', async () => {
    const [ruRef, enRef] = await both('/glaciers/reference-glaciers-of-central-asia');
    const [ruFed, enFed] = await both('/glaciers/fedchenko-glacier');
    expect(ruRef).toContain('<h2>Литература</h2>');
    expect(enRef).toContain('<h2>References</h2>');
    for (const main of [ruRef, enRef]) {
      expect(main).toContain('Kronenberg, M., Barandun, M.');
      expect(main).toContain('href="https://doi.org/10.3189/2016AoG71A032"');
      expect(main).toContain('Denzinger, F., Machguth, H.');
      expect(main).toContain(
        '(2021): Geodetic mass balance of Abramov Glacier from 1975 to 2015. Journal of Glaciology.',
      );
      // no DOI verified for it: the publisher's page
      expect(main).toMatch(
        /href="https:\/\/www\.cambridge\.org\/core\/journals\/journal-of-glaciology\/article\/geodetic-mass-balance-of-abramov-glacier-from-1975-to-2015\/[0-9A-F]+"[^>]*>Cambridge Core<\/a>/,
      );
    }
    for (const main of [ruFed, enFed]) {
      expect(main).toContain('Lambrecht, A., Mayer, C., Aizen, V., Floricioiu, D., Surazakov, A. (2014)');
      expect(main).toContain('Lambrecht, A., Mayer, C., Wendt, A., Floricioiu, D., Völksen, C. (2018)');
      expect(main).toContain('href="https://doi.org/10.1017/jog.2018.52"');
      // the DOI WGMS's own state table gives the paper (glaciers.json, Fedchenko's added rows)
      expect(main).toContain('href="https://doi.org/10.3189/2014JoG13J130"');
    }
    // the Russian page marks the English references as English
    expect(ruFed).toContain('<li><span lang="en">Lambrecht, A.');
  });

  it("links Kronenberg et al. (2016) to its DOI in Glacier No. 354's panel", async () => {
    const res = await get('/resources/tools/wgms?glacier=lednik-354-akshiirak');
    expect(panelOf(res.body)).toContain('href="https://doi.org/10.3189/2016AoG71A032"');
  });
});
