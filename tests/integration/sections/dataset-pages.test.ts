/** shared/sections/resources: a landing page per database file (`/resources/database/{slug}`). */
import { describe, expect, it } from 'vitest';
import { WGMS_CITATION, WGMS_TERMS_TEXT, WGMS_TERMS_URL } from '../../../shared/glacier-data.ts';
import { startRecordedApp, startTestApp, sharedContentApi } from '../../helpers/app.ts';
import { formatDate } from '../../../shared/i18n/format.server.ts';
import { content } from '../../helpers/content.ts';
import { forwardTo, json, startFakeUpstream } from '../../helpers/fake-upstream.ts';
import { atFileEnd } from '../../helpers/file-end.ts';
import { esc, LOCALES, mainOf, nodesOfType, prefix } from '../../helpers/html.ts';
import { keepNumberSign } from '../../../shared/ui/number-sign.ts';

const { get, upstreamCalls } = await startRecordedApp();

const files = content['database-files'];
/** a file made from glacier series holds data; every other file is a sample (ADR 0097) */
const dataFiles = files.filter((f) => f.glaciers.length > 0);
const samples = files.filter((f) => f.glaciers.length === 0);
const newestFirst = <T extends { published_at: string }>(list: T[]) =>
  [...list].sort((a, b) => b.published_at.localeCompare(a.published_at));
const ABRAMOV = 'abramov-mass-balance-1968-2025';
const SAMPLE = 'kazakhstan-glaciers-annual-review-2024';

type Download = { '@type': string; encodingFormat: string; contentUrl: string; contentSize: string };
type Dataset = Record<string, unknown> & { distribution: Download[] };

describe('a data file’s landing page', () => {
  it('shows its title, description, dates, coverage, format, size, terms, citation and download, in both locales', async () => {
    const record = files.find((f) => f.slug === ABRAMOV)!;
    const years = content.glaciers.find((g) => g.slug === 'abramova')!.mass_balance.map((p) => p.year);
    for (const locale of LOCALES) {
      const res = await get(`${prefix(locale)}/resources/database/${ABRAMOV}`);
      expect(res.statusCode).toBe(200);
      const main = mainOf(res.body);
      expect(main).toContain(`<h1>${esc(record.title[locale])}</h1>`);
      expect(main).toContain(esc(record.description[locale]));
      expect(main).toContain(`${Math.min(...years)}–${Math.max(...years)}`);
      expect(main).toContain(`<dd>${formatDate(locale, '2026-02-18')}</dd>`);
      const words = {
        ru: ['Дата публикации', 'Годы наблюдений', 'Кыргызстан', 'CSV', 'Условия использования'],
        en: ['Published', 'Years covered', 'Kyrgyzstan', 'CSV', 'Terms of use'],
      }[locale];
      for (const word of words) expect(main, word).toContain(word);
      // WGMS's terms, linked to its data policy
      expect(main).toContain(
        `<a href="${WGMS_TERMS_URL}" target="_blank" rel="noopener noreferrer">${esc(WGMS_TERMS_TEXT[locale])}<span`,
      );
      // a citation of the file (its landing page's address) and of the data it is made from
      const cite = main.slice(main.indexOf('<figure class="citation"'), main.indexOf('</figure>'));
      expect(cite).toContain(`/resources/database/${ABRAMOV}`);
      expect(cite).toContain(
        locale === 'ru' ? 'Криосфера Центральной Азии (2026)' : 'Cryosphere of Central Asia (2026)',
      );
      expect(cite).toContain(esc(WGMS_CITATION));
      // the download button of a file with data, its size stated
      expect(main).toMatch(
        new RegExp(`<a class="button file__download" href="/media/files/${ABRAMOV}\\.csv" download="">`),
      );
      expect(main).toMatch(locale === 'ru' ? /Скачать CSV, [\d,]+ (Б|КБ)/ : /Download CSV, [\d.]+ (B|KB)/);
      expect(main).not.toContain('dataset__sample-notice');
      // the breadcrumbs lead back to the list
      expect(res.body).toContain(`href="${prefix(locale)}/resources/database"`);
    }
  });

  it('carries a valid Dataset JSON-LD with its download, in both locales', async () => {
    for (const locale of LOCALES) {
      const res = await get(`${prefix(locale)}/resources/database/${ABRAMOV}`);
      const datasets = nodesOfType<Dataset>(res.body, 'Dataset');
      expect(datasets).toHaveLength(1);
      const d = datasets[0]!;
      expect(d).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Dataset',
        name: files.find((f) => f.slug === ABRAMOV)!.title[locale],
        identifier: ABRAMOV,
        url: expect.stringMatching(new RegExp(`^https?://[^/]+${prefix(locale)}/resources/database/${ABRAMOV}$`)),
        temporalCoverage: '1968/2025',
        isAccessibleForFree: true,
        citation: WGMS_CITATION,
        usageInfo: WGMS_TERMS_URL,
        creator: { '@type': 'Organization', url: 'https://wgms.ch/' },
        publisher: { '@type': 'Organization' },
        datePublished: '2026-02-18',
        includedInDataCatalog: {
          '@type': 'DataCatalog',
          url: expect.stringMatching(new RegExp(`^https?://[^/]+${prefix(locale)}/resources/database$`)),
        },
      });
      expect(String(d.description).length).toBeGreaterThanOrEqual(50);
      expect(d.distribution).toHaveLength(1);
      const [download] = d.distribution;
      expect(download).toMatchObject({ '@type': 'DataDownload', encodingFormat: 'text/csv' });
      expect(download!.contentSize).toMatch(/^\d+ B$/);
      // the download is the file the page offers, and it is served with that size
      const path = new URL(download!.contentUrl).pathname;
      expect(res.body).toContain(`href="${path}" download=""`);
      const file = await get(path);
      expect(file.statusCode).toBe(200);
      expect(`${file.rawPayload.length} B`).toBe(download!.contentSize);
    }
  });

  it('gives every data file a page, in both locales, linking its glaciers’ panels, with its Dataset placed where they are: a point, a box around them, or only its area where some lack coordinates', async () => {
    for (const f of dataFiles) {
      const located = content.glaciers.filter((g) => f.glaciers.includes(g.slug));
      expect(located.map((g) => g.slug).sort(), f.slug).toEqual([...f.glaciers].sort());
      const points = located.filter((g) => g.lat !== null && g.lon !== null);
      const lats = points.map((g) => g.lat!);
      const lons = points.map((g) => g.lon!);
      for (const locale of LOCALES) {
        const res = await get(`${prefix(locale)}/resources/database/${f.slug}`);
        expect(res.statusCode, f.slug).toBe(200);
        const main = mainOf(res.body);
        for (const g of located)
          expect(main, `${f.slug} ${g.slug}`).toContain(
            `<a href="${prefix(locale)}/resources/tools/wgms?glacier=${g.slug}" data-discover="true">${esc(keepNumberSign(g.name[locale]))}</a>`,
          );
        const area = f.country
          ? content.countries.find((c) => c.slug === f.country)!.title[locale]
          : { ru: 'Центральная Азия', en: 'Central Asia' }[locale];
        const expected =
          points.length < located.length
            ? { '@type': 'Place', name: area }
            : located.length === 1
              ? {
                  '@type': 'Place',
                  name: located[0]!.name[locale],
                  geo: { '@type': 'GeoCoordinates', latitude: lats[0], longitude: lons[0] },
                }
              : {
                  '@type': 'Place',
                  name: area,
                  geo: {
                    '@type': 'GeoShape',
                    box: `${Math.min(...lats)} ${Math.min(...lons)} ${Math.max(...lats)} ${Math.max(...lons)}`,
                  },
                };
        const datasets = nodesOfType<Dataset>(res.body, 'Dataset');
        expect(datasets.map((d) => d.identifier)).toEqual([f.slug]);
        expect(datasets[0]!.spatialCoverage, `${locale} ${f.slug}`).toEqual(expected);
      }
    }
    expect(mainOf((await get(`/resources/database/${SAMPLE}`)).body)).not.toContain('dataset__glaciers');
  });

  it('is keyed for purges by its file, and found in a list of several upstream pages', async () => {
    const res = await get(`/resources/database/${ABRAMOV}`);
    expect(String(res.headers['surrogate-key']).split(' ')).toEqual(
      expect.arrayContaining(['database-files', `database-files:${ABRAMOV}`]),
    );
    // an upstream that gives at most 10 files a page: the file on its last page still has its landing page
    const forward = forwardTo((await sharedContentApi()).url);
    const upstream = await startFakeUpstream((req, res) =>
      forward({ ...req, url: req.url.replace(/([?&]per_page=)100\b/, '$110') }, res),
    );
    atFileEnd(() => upstream.close());
    const small = await startTestApp({ upstreamUrl: upstream.url });
    const last = newestFirst(samples).at(-1)!;
    const page = await small.app.inject({ method: 'GET', url: `/en/resources/database/${last.slug}` });
    expect(page.statusCode).toBe(200);
    expect(mainOf(page.body)).toContain(`<h1>${esc(last.title.en)}</h1>`);
    const lists = upstream.requests.filter((r) => r.url.startsWith('/api/v1/database-files/index'));
    expect(lists.length).toBe(Math.ceil(files.length / 10));
  });
});

describe('an upstream without the optional fields', () => {
  it('still gives a file its landing page: no sample mark, no years, no glaciers', async () => {
    const contentApi = await sharedContentApi();
    // the spec's list answer only: `sample`, `series_years` and `glaciers` are the embedded content API's own
    const upstream = await startFakeUpstream(async (req, res) => {
      const language = req.headers['accept-language'];
      const answer = await fetch(contentApi.url + req.url, {
        headers: typeof language === 'string' ? { 'accept-language': language } : {},
      });
      const body = (await answer.json()) as { data?: unknown };
      if (req.url.startsWith('/api/v1/database-files/index') && Array.isArray(body.data))
        for (const file of body.data as Record<string, unknown>[])
          for (const key of ['sample', 'series_years', 'glaciers']) delete file[key];
      json(res, answer.status, body);
    });
    atFileEnd(() => upstream.close());
    const plain = await startTestApp({ upstreamUrl: upstream.url });
    const res = await plain.app.inject({ method: 'GET', url: `/en/resources/database/${ABRAMOV}` });
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(main).toContain(`<h1>${esc(files.find((f) => f.slug === ABRAMOV)!.title.en)}</h1>`);
    expect(main).not.toContain('Years covered');
    expect(main).not.toContain('dataset__glaciers');
    const [d] = nodesOfType<Dataset>(res.body, 'Dataset');
    expect(d).toMatchObject({ '@type': 'Dataset', identifier: ABRAMOV });
    expect(d).not.toHaveProperty('temporalCoverage');
  });
});

describe('a sample’s landing page', () => {
  it('says first that it is an example, with a plain link instead of the download button and no Dataset', async () => {
    const record = files.find((f) => f.slug === SAMPLE)!;
    expect(record.glaciers).toEqual([]);
    for (const locale of LOCALES) {
      const res = await get(`${prefix(locale)}/resources/database/${SAMPLE}`);
      expect(res.statusCode).toBe(200);
      const main = mainOf(res.body);
      expect(main).toContain(`<h1>${esc(record.title[locale])}</h1>`);
      const notice =
        locale === 'ru' ? 'Это пример, а не настоящий материал.' : 'This is an example, not a real document.';
      expect(main).toContain(`<p class="dataset__sample-notice" role="note">${notice}`);
      // the notice comes before the description and the link
      expect(main.indexOf(notice)).toBeLessThan(main.indexOf(esc(record.description[locale])));
      expect(main).not.toContain('file__download');
      expect(main).toContain(
        `<a class="file__sample-download" href="/media/files/${SAMPLE}.pdf" download="">${locale === 'ru' ? 'Скачать пример' : 'Download the example'} (PDF, `,
      );
      expect(main).not.toContain('<figure class="citation"');
      expect(main).toContain(locale === 'ru' ? 'На пример не ссылаются' : 'An example is not cited');
      expect(nodesOfType<Dataset>(res.body, 'Dataset')).toEqual([]);
    }
  });
});

describe('an unknown file', () => {
  for (const path of ['/resources/database/no-such-file', '/en/resources/database/no-such-file']) {
    it(`${path} → the site's 404 page`, async () => {
      const res = await get(path);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(`Page Not Found: ${path}`);
    });
  }

  it('a slug that is not one is a 404 without an upstream call', async () => {
    const res = await get('/resources/database/bad_slug!');
    expect(res.statusCode).toBe(404);
    expect(upstreamCalls('/api/v1/database-files/index')).toEqual([]);
  });
});
