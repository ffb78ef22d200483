/** shared/sections/resources: the database, monitoring methods, tools and the WGMS page. */
import { describe, expect, it } from 'vitest';
import {
  PRELIMINARY_FROM_YEAR,
  RGI_SOURCE,
  WGMS_CITATION,
  WGMS_FOG_DOI_URL,
  WGMS_SOURCE,
  WGMS_TERMS_TEXT,
  WGMS_TERMS_URL,
} from '../../../shared/glacier-data.ts';
import { formatNumber } from '../../../shared/i18n/format.server.ts';
import { startRecordedApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import {
  escapeRe,
  esc as html,
  hydrationDataOf,
  LOCALES,
  mainOf,
  nodesOfType,
  panelOf,
  prefix,
} from '../../helpers/html.ts';

// the real content API behind a recording proxy, so tests can also see which upstream calls a page made
const { app, get, upstreamCalls, upstream } = await startRecordedApp();

const files = content['database-files'];
const fileIds = (body: string) =>
  [...body.matchAll(/<article class="file[^"]*" id="file-([a-z0-9-]+)"/g)].map((m) => m[1]);
const fileTypes = (body: string) => [...body.matchAll(/<span class="file__type">([^<]+)<\/span>/g)].map((m) => m[1]);
// the files with data first, then the samples (made from no series), each newest first (ADR 0126)
const newestFirst = [...files].sort(
  (a, b) =>
    Number(a.glaciers.length === 0) - Number(b.glaciers.length === 0) || b.published_at.localeCompare(a.published_at),
);
const { methods, tools, glaciers } = content;

const pages = new Map<string, ReturnType<typeof get>>();
/** A page fetched once per file, for tests that only read it. */
const getOnce = (url: string) => {
  if (!pages.has(url)) pages.set(url, get(url));
  return pages.get(url)!;
};

/** «Найден 1 файл», «Найдено 2 файла», «Найдено 5 файлов»: the count line of the database in Russian. */
const ruFilesFound = (n: number) =>
  ({ one: `Найден ${n} файл`, few: `Найдено ${n} файла`, many: `Найдено ${n} файлов`, other: `Найдено ${n} файла` })[
    new Intl.PluralRules('ru').select(n) as 'one' | 'few' | 'many' | 'other'
  ];

describe('resources/database', () => {
  it('says which pages exist past the last page, instead of "no files match"', async () => {
    const res = await get('/en/resources/database?page=99');
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(main).toContain('There is no page 99');
    expect(main).toContain('<p class="empty pagination-past-end">');
    expect(main).not.toContain('No files match these conditions');
  });

  it('lists the newest files first with their metadata, download links and anchors, in both locales', async () => {
    const ru = await getOnce('/resources/database');
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain('<h1>База данных</h1>');
    expect(ru.body).toContain(ruFilesFound(files.length));
    const first = newestFirst[0]!;
    expect(ru.body).toContain(`id="file-${first.slug}"`);
    expect(ru.body).toContain(html(first.title.ru));
    expect(ru.body).toMatch(/<a class="button file__download" href="\/media\/files\/[a-z0-9-]+\.[a-z]+" download=""/);
    expect(ru.body).toMatch(/<dd>[\d,]+ (Б|КБ|МБ|ГБ)<\/dd>/);
    expect(fileIds(ru.body)).toHaveLength(10);
    const en = await getOnce('/en/resources/database');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<h1>Database</h1>');
    expect(en.body).toContain(`${files.length} files found`);
    expect(en.body).toContain(html(first.title.en));
  });

  it('offers the five filters and the text search with options from the taxonomies, in both locales', async () => {
    const ru = await getOnce('/resources/database');
    expect(ru.statusCode).toBe(200);
    // the five filters and the text search, with options from the taxonomy calls
    for (const name of ['type', 'year', 'country', 'tag', 'language'])
      expect(ru.body).toContain(`<select name="${name}">`);
    expect(ru.body).toContain('<input type="search" name="q" value=""/>');
    expect(ru.body).toContain('<option value="dataset">Набор данных</option>');
    expect(ru.body).toContain('<option value="kyrgyzstan">Кыргызстан</option>');
    const en = await getOnce('/en/resources/database');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<option value="dataset">Dataset</option>');
  });

  it('counts the files found in the words of each language: 1 file, 2 файла, 5 файлов', async () => {
    const counts = new Map<string, number>();
    for (const f of files)
      if (f.country) counts.set(`${f.country} ${f.type}`, (counts.get(`${f.country} ${f.type}`) ?? 0) + 1);
    const one = [...counts].find(([, n]) => n === 1);
    const few = [...counts].find(([, n]) => n >= 2 && n <= 4);
    expect(one && few).toBeTruthy();
    for (const [filter, n] of [one!, few!]) {
      const [country, type] = filter.split(' ');
      const query = `?country=${country}&type=${type}`;
      expect(mainOf((await get(`/resources/database${query}`)).body)).toContain(ruFilesFound(n));
      expect(mainOf((await get(`/en/resources/database${query}`)).body)).toContain(
        n === 1 ? '1 file found' : `${n} files found`,
      );
    }
  });

  it('combines filters, each chosen value selected', async () => {
    const res = await get('/resources/database?country=kyrgyzstan&type=dataset');
    expect(res.statusCode).toBe(200);
    const expected = files.filter((f) => f.country === 'kyrgyzstan' && f.type === 'dataset').map((f) => f.slug);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body).toContain(ruFilesFound(expected.length));
    expect(new Set(fileIds(res.body))).toEqual(new Set(expected));
    expect(new Set(fileTypes(res.body))).toEqual(new Set(['Набор данных']));
    expect(res.body).toContain('<option value="dataset" selected="">Набор данных</option>');
    expect(res.body).toContain('<option value="kyrgyzstan" selected="">Кыргызстан</option>');
    expect(res.body).toContain('class="filters__reset"');
  });

  it('searches the file titles for the trimmed text', async () => {
    const q = await get('/resources/database?q=%20Abramov%20');
    const abramov = files
      .filter((f) => `${f.title.ru} ${f.title.en}`.toLowerCase().includes('abramov'))
      .map((f) => f.slug);
    expect(abramov.length).toBeGreaterThan(0);
    for (const slug of abramov) expect(fileIds(q.body)).toContain(slug);
    expect(q.body).toContain('<input type="search" name="q" value="Abramov"/>');
  });

  it('paginates 10 files a page', async () => {
    // (which files, in which order, over every page: research-data.test.ts)
    const page2 = await get('/resources/database?page=2');
    expect(page2.statusCode).toBe(200);
    expect(fileIds(page2.body)).toHaveLength(10);
    expect(page2.body).toContain('aria-current="page" aria-label="Страница 2"');
  });

  it('keeps the filters in the page links', async () => {
    const english = files.filter((f) => f.language === 'en');
    expect(english.length).toBeGreaterThan(10);
    const filtered = await get('/resources/database?language=en');
    expect(filtered.body).toContain('href="/resources/database?language=en&amp;page=2"');
    const filtered2 = await get('/resources/database?language=en&page=2');
    expect(fileIds(filtered2.body)).toHaveLength(Math.min(10, english.length - 10));
  });

  it('ignores unknown filter values instead of failing (the upstream would answer 422)', async () => {
    for (const url of [
      '/resources/database?type=nonsense',
      '/resources/database?year=1800&country=atlantis&tag=%3Cscript%3E&language=xx',
      '/en/resources/database?year=2025.5&page=abc',
      `/resources/database?q=${'a'.repeat(300)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
    }
    const res = await get('/resources/database?type=nonsense');
    expect(res.body).toContain(ruFilesFound(files.length));
    expect(res.body).not.toContain('selected="">Набор');
    // only known values reach the upstream
    const listCalls = upstreamCalls('/api/v1/database-files/index');
    expect(listCalls.some((r) => r.url.includes('nonsense') || r.url.includes('atlantis'))).toBe(false);
  });

  it('shows the empty state when nothing matches', async () => {
    const res = await get('/resources/database?q=zzzzzzzz');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Найдено 0 файлов');
    expect(res.body).toContain('<p class="empty">');
  });
});

describe('resources/monitoring-methods and resources/tools', () => {
  it('shows each method as an anchored section with a table of contents, in both locales', async () => {
    const ordered = [...methods].sort((a, b) => a.position - b.position);
    for (const [prefix, locale, h1] of [
      ['', 'ru', 'Методы мониторинга'],
      ['/en', 'en', 'Monitoring methods'],
    ] as const) {
      const res = await get(`${prefix}/resources/monitoring-methods`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<h1>${h1}</h1>`);
      for (const m of ordered) {
        expect(res.body).toContain(`<a href="#${m.slug}">${html(m.title[locale])}</a>`);
        expect(res.body).toContain(`id="${m.slug}"`);
      }
      expect(res.body).toContain('class="rich-text"');
      expect(res.body).toContain('class="method__image"');
    }
  });

  it('shows each tool as a card linking to its page, in a new tab when it is external', async () => {
    const ru = await get('/resources/tools');
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain('<h1>Интерактивные инструменты</h1>');
    for (const tool of tools) {
      expect(ru.body).toContain(html(tool.title.ru));
      expect(ru.body).toContain(`id="${tool.slug}"`);
    }
    expect(ru.body).toContain('<a class="card__link" href="/resources/tools/wgms"');
    const external = tools.find((t) => t.url.startsWith('https://'))!;
    expect(ru.body).toContain(
      `<a href="${external.url}" class="card__link" target="_blank" rel="noopener noreferrer">`,
    );

    const en = await get('/en/resources/tools');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<h1>Interactive tools</h1>');
    expect(en.body).toContain('<a class="card__link" href="/en/resources/tools/wgms"');
  });
});

describe('resources/tools/wgms', () => {
  const abramov = glaciers.find((g) => g.slug === 'abramova')!;
  const latest = abramov.mass_balance[abramov.mass_balance.length - 1]!;

  it('explains WGMS and mass balance', async () => {
    const res = await getOnce('/resources/tools/wgms');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Карта ледников WGMS</h1>');
    expect(res.body).toContain('Что такое баланс массы');
    expect((await getOnce('/en/resources/tools/wgms')).body).toContain('What is WGMS');
  });

  it('asks for the map outlines in the head: the map is the largest paint and they are a CSS background', async () => {
    for (const path of ['/resources/tools/wgms', '/en/resources/tools/wgms?glacier=abramova']) {
      const { body } = await get(path);
      const head = body.slice(0, body.indexOf('</head>'));
      // the URL the stylesheet draws it from (the compiled server's: tests/integration/server/main.test.ts)
      const href = /<link rel="preload" href="([^"]+)" as="image" fetchPriority="high"\/>/.exec(head)?.[1];
      expect(href, path).toMatch(/^\/assets\/central-asia-map\.generated-[\w-]+\.svg$/);
    }
    // not on the home page, whose map is below the hero image that is its largest paint
    const home = await getOnce('/');
    expect(home.body.slice(0, home.body.indexOf('</head>'))).not.toContain('central-asia-map');
  });

  it('cites the WGMS database with a link', async () => {
    const res = await getOnce('/resources/tools/wgms');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<a href="https://wgms.ch" target="_blank" rel="noopener noreferrer">База данных WGMS «Колебания ледников» (FoG)<span',
    );
    // how to cite, with the DOI, and WGMS's terms
    expect(res.body).toContain('href="https://doi.org/10.5904/wgms-fog-2026-02-10"');
    expect(res.body).toContain('открытый доступ при условии корректной ссылки на источник');
    const en = await getOnce('/en/resources/tools/wgms');
    expect(en.body).toContain('>WGMS Fluctuations of Glaciers database<span class="visually-hidden" lang="en">');
  });

  it.each(LOCALES)(
    "shows Abramov Glacier's latest mass balance in its table row, in the numbers of %s",
    async (locale) => {
      const res = await getOnce(`${prefix(locale)}/resources/tools/wgms`);
      expect(res.statusCode).toBe(200);
      const row = /<tr id="glacier-abramova"[^>]*>(.*?)<\/tr>/.exec(res.body)?.[1] ?? '';
      expect(row).toContain(html(abramov.name[locale]));
      expect(row).toContain(`href="${prefix(locale)}/resources/tools/wgms?glacier=abramova"`);
      expect(row).toContain(`<td class="num">${abramov.wgms_id}</td>`);
      expect(row).toContain(`<td class="num">${abramov.mass_balance.length}</td>`);
      expect(row).toContain(
        `<data value="${latest.value_mm_we}" class="wgms__loss">${formatNumber(locale, latest.value_mm_we)}</data>`,
      );
      expect(row).toContain(`(<!-- -->${latest.year}<!-- -->)`);
    },
  );

  it('says when a glacier has no series', async () => {
    const res = await getOnce('/en/resources/tools/wgms');
    expect(res.statusCode).toBe(200);
    const without = glaciers.find((g) => g.mass_balance.length === 0)!;
    const noSeries = new RegExp(`<tr id="glacier-${without.slug}"[^>]*>(.*?)</tr>`).exec(res.body)?.[1] ?? '';
    expect(noSeries).toContain('No series');
  });

  it('fetches the mass balance of every glacier with a series', async () => {
    upstream.reset();
    app.upstream.cache.clear();
    const res = await get('/resources/tools/wgms?glacier=abramova');
    expect(res.statusCode).toBe(200);
    const massBalanceCalls = upstream.requests.filter((r) => /^\/api\/v1\/glaciers\/\d+\/mass-balance$/.test(r.url));
    expect(massBalanceCalls).toHaveLength(glaciers.filter((g) => g.mass_balance.length > 0).length);
    // and the chosen glacier's elevation change; its mass balance once
    const paths = upstream.requests.map((r) => r.url);
    expect(paths).toContain('/api/v1/glaciers/2/elevation-change');
    expect(paths.filter((p) => p === '/api/v1/glaciers/2/mass-balance')).toHaveLength(1);
  });

  it.each([
    ['/resources/tools/wgms?glacier=abramova', 'Ледник Абрамова: годовой баланс массы, мм водного эквивалента'],
    ['/en/resources/tools/wgms?glacier=abramova', 'Abramov Glacier: annual mass balance, millimetres water equivalent'],
  ])('names the chosen glacier once in its chart caption (%s)', async (url, caption) => {
    const main = mainOf((await getOnce(url)).body);
    expect(main).toContain(caption);
    expect(main).not.toMatch(/ледника «Ледник|Annual mass balance of Abramov Glacier/);
  });
});

type Download = { '@type': string; contentUrl: string; encodingFormat: string };
/** The creator of the WGMS series and of every file made from them, as the JSON-LD names it. */
const WGMS_CREATOR = {
  ru: {
    '@type': 'Organization',
    name: 'Всемирная служба мониторинга ледников (WGMS)',
    alternateName: 'WGMS',
    url: 'https://wgms.ch/',
  },
  en: {
    '@type': 'Organization',
    name: 'World Glacier Monitoring Service',
    alternateName: 'WGMS',
    url: 'https://wgms.ch/',
  },
} as const;

const intl = (tag: string, digits: number) => new Intl.NumberFormat(tag, { maximumFractionDigits: digits });

describe('resources/tools/wgms: the glacier data in the page language', () => {
  const abramov = glaciers.find((g) => g.slug === 'abramova')!;

  it('names the units in the page language with a localized gloss', async () => {
    const ru = panelOf((await get('/resources/tools/wgms?glacier=abramova')).body);
    expect(ru).toContain('<span class="ec-list__unit">м в. э.</span>');
    expect(ru).toContain('(<!-- -->геодезический баланс массы<!-- -->)');
    expect(ru).toContain('(<!-- -->изменение средней толщины<!-- -->)');
    expect(ru).not.toContain('m w.e.');
    expect(ru).not.toContain('geodetic mass balance');
    const en = panelOf((await get('/en/resources/tools/wgms?glacier=abramova')).body);
    expect(en).toContain('<span class="ec-list__unit">m w.e.</span>');
    expect(en).toContain('(<!-- -->geodetic mass balance<!-- -->)');
    expect(en).not.toContain('м в. э.');
  });

  it('rounds coordinates to 4 decimals and areas to 2, in the locale number format', async () => {
    const ru = panelOf((await get('/resources/tools/wgms?glacier=abramova')).body);
    const lat = intl('ru-RU', 4).format(abramov.lat!);
    expect(lat).toBe('39,6097');
    expect(ru).toContain(`${lat}°\u00a0с.\u00a0ш., ${intl('ru-RU', 4).format(abramov.lon!)}°\u00a0в.\u00a0д.`);
    expect(ru).toContain(`${intl('ru-RU', 2).format(abramov.area_km2!)} км²`);
    expect(ru).not.toContain(String(abramov.lat).replace('.', ','));
    // beside them the country, the year of the area's survey and the WGMS id
    expect(ru).toContain('<dd>Кыргызстан</dd>');
    expect(ru).toContain(`съёмка ${abramov.area_year} г.`);
    expect(ru).toContain(`<dd>${abramov.wgms_id}</dd>`);
    const en = panelOf((await get('/en/resources/tools/wgms?glacier=abramova')).body);
    expect(en).toContain('39.6097°\u00a0N, 71.5699°\u00a0E');
    expect(en).toContain(`${intl('en-GB', 2).format(abramov.area_km2!)} km²`);
    expect(en).toMatch(/aria-label="1968: −423 mm w\.e\."/);
    // the table: areas with 2 decimals at most
    const table = (await get('/resources/tools/wgms')).body;
    const areas = [...table.matchAll(/<td class="num">(\d+(?:,\d+)?)<span class="wgms__year">/g)].map((m) => m[1]!);
    expect(areas.length).toBeGreaterThan(5);
    for (const area of areas) expect(area).toMatch(/^\d+(,\d{1,2})?$/);
  });

  it('cites each figure to the work it comes from as works (WGMS FoG, RGI, the paper), with links, DOI and terms', async () => {
    const ru = panelOf((await get('/resources/tools/wgms?glacier=abramova')).body);
    const link = (c: { text: string; url: string | null }) =>
      `<a href="${html(c.url!)}" target="_blank" rel="noopener noreferrer" class="glacier-panel__url">${html(c.text)}` +
      '<span class="visually-hidden" lang="ru"> (откроется в новой вкладке)</span><span aria-hidden="true">\u00a0↗</span></a>';
    // the annual series: the WGMS release; coordinates: RGI 6.0; never a repository path
    expect(ru).toContain(link(WGMS_SOURCE));
    expect(ru).toContain(link(RGI_SOURCE));
    expect([WGMS_SOURCE.url, RGI_SOURCE.url]).toEqual([
      'https://doi.org/10.5904/wgms-fog-2026-02-10',
      'https://doi.org/10.7265/N5-RGI-60',
    ]);
    expect(WGMS_CITATION).toBe(`${WGMS_SOURCE.text} ${WGMS_FOG_DOI_URL}`);
    expect(ru).toContain('открытый доступ при условии корректной ссылки на источник');
    expect(ru).not.toContain('github:');
    expect(ru).not.toContain('@f15dcbc2');
    // the geodetic periods: the paper, whole, never linked to an abstract on another host (no DOI known: no link)
    expect(ru).toContain(
      '<li>Denzinger et al. (2021): Geodetic mass balance of Abramov Glacier from 1975 to 2015. J. Glaciol.</li>',
    );
    expect(ru).not.toContain('acemap');
    expect(ru).not.toContain('abstract of');
  });
});

describe('resources: Dataset JSON-LD', () => {
  it('describes each file shown on the database page as a Dataset', async () => {
    for (const [path, h1] of [
      ['/resources/database', 'База данных'],
      ['/en/resources/database', 'Database'],
    ] as const) {
      const res = await get(path);
      expect(res.body).toContain(`<h1>${h1}</h1>`);
      const datasets = nodesOfType(res.body, 'Dataset');
      // a sample is not a dataset: only the files with data are described (their rows carry no sample mark)
      const cards = [...res.body.matchAll(/<article class="file[^"]*" id="file-([a-z0-9-]+)"[\s\S]*?<\/article>/g)];
      const ids = cards.filter((c) => !c[0].includes('class="file__sample"')).map((c) => c[1]);
      expect(ids.length).toBeGreaterThan(0);
      expect(datasets).toHaveLength(ids.length);
      for (const [i, d] of datasets.entries()) {
        expect(d.name).toEqual(expect.any(String));
        expect((d.description as string).length).toBeGreaterThanOrEqual(50);
        // its landing page, which the file's row links to
        expect(String(d.url)).toMatch(new RegExp(`^https?://[^/]+${escapeRe(path)}/${ids[i]}$`));
        expect(res.body).toContain(`<a href="${path}/${ids[i]}"`);
        // made from the WGMS series: WGMS's citation and terms, no licence of the portal's
        expect(d).not.toHaveProperty('license');
        expect(d).toMatchObject({
          usageInfo: WGMS_TERMS_URL,
          conditionsOfAccess: WGMS_TERMS_TEXT[path.startsWith('/en') ? 'en' : 'ru'],
          citation: WGMS_CITATION,
          isBasedOn: { identifier: WGMS_FOG_DOI_URL },
        });
        expect(d.isAccessibleForFree).toBe(true);
        // WGMS measured the series, the creator the WGMS page names; the portal publishes the file made from them
        expect(d.creator).toEqual(WGMS_CREATOR[path.startsWith('/en') ? 'en' : 'ru']);
        expect(d.publisher).toMatchObject({ '@type': 'Organization', '@id': expect.stringMatching(/#organization$/) });
        const [download] = d.distribution as Download[];
        expect(download).toMatchObject({ '@type': 'DataDownload', encodingFormat: expect.stringMatching(/\//) });
        // the same file the row's download button gives
        expect(res.body).toContain(`href="${new URL(download!.contentUrl).pathname}" download=""`);
      }
    }
  });

  it("gives a data file's Dataset the years its series cover, and its keywords and place in the page's language", async () => {
    const made = files.filter((f) => f.glaciers.length > 0);
    for (const locale of ['ru', 'en'] as const) {
      const datasets = nodesOfType(
        (await get(`${locale === 'en' ? '/en' : ''}/resources/database?type=dataset`)).body,
        'Dataset',
      );
      expect(datasets.map((d) => d.identifier).sort()).toEqual(made.map((f) => f.slug).sort());
      for (const d of datasets) {
        const file = made.find((f) => f.slug === d.identifier)!;
        const years = glaciers
          .filter((g) => file.glaciers.includes(g.slug))
          .flatMap((g) => g.mass_balance.map((p) => p.year));
        // an ISO 8601 interval of the years measured, not the file's year
        expect(d.temporalCoverage, file.slug).toBe(`${Math.min(...years)}/${Math.max(...years)}`);
        const title = (list: readonly { slug: string; title: Record<typeof locale, string> }[], slug: string) =>
          list.find((x) => x.slug === slug)!.title[locale];
        expect(d.keywords, file.slug).toEqual([
          title(content['database-file-types'], file.type),
          ...file.tags.map((tag) => title(content.tags, tag)),
        ]);
        const place = file.country
          ? title(content.countries, file.country)
          : { ru: 'Центральная Азия', en: 'Central Asia' }[locale];
        expect(d.spatialCoverage, file.slug).toEqual({ '@type': 'Place', name: place });
      }
    }
  });

  it('describes each glacier series on the WGMS page as a Dataset, crediting WGMS, in the page’s language', async () => {
    const withData = glaciers.filter((g) => g.mass_balance.length > 0 || g.elevation_change.length > 0);
    const hasPreliminary = (g: (typeof glaciers)[number]) =>
      g.mass_balance.some((p) => p.year >= PRELIMINARY_FROM_YEAR);
    // series that end before the preliminary year are among them (Shumskiy 1968–1991, Igli Tuyuksu 1957–1990)
    expect(withData.filter((g) => !hasPreliminary(g)).map((g) => g.slug)).toEqual(
      expect.arrayContaining(['shumskogo', 'igli-tuyuksu']),
    );
    for (const locale of ['ru', 'en'] as const) {
      const prefix = locale === 'en' ? '/en' : '';
      const datasets = nodesOfType((await getOnce(`${prefix}/resources/tools/wgms`)).body, 'Dataset');
      expect(datasets).toHaveLength(withData.length);
      for (const d of datasets) {
        expect(d).toMatchObject({
          name: expect.any(String),
          description: expect.any(String),
          usageInfo: 'https://wgms.ch/data-policy/',
          conditionsOfAccess: prefix
            ? 'Open access under the requirement of correct citation (WGMS data policy)'
            : 'Открытый доступ при условии корректной ссылки на источник (политика WGMS в отношении данных)',
          isBasedOn: { identifier: 'https://doi.org/10.5904/wgms-fog-2026-02-10' },
          isAccessibleForFree: true,
          // WGMS measured the series, the portal publishes them
          creator: WGMS_CREATOR[locale],
          publisher: { '@type': 'Organization', '@id': expect.stringMatching(/#organization$/) },
        });
        const slug = /[?&]glacier=([a-z0-9-]+)/.exec(String(d.url))?.[1];
        const glacier = withData.find((g) => g.slug === slug)!;
        expect(glacier, String(d.url)).toBeDefined();
        const description = String(d.description);
        // the preliminary values are named only where the series holds one
        expect(/предварительн|preliminary/i.test(description), slug).toBe(hasPreliminary(glacier));
        // the name leads, once, as in the chart's caption: never «баланс массы ледника Ледник Абрамова»
        expect(description.startsWith(`${glacier.name[locale]}: `), description).toBe(true);
        expect(description.split(glacier.name[locale]).length, description).toBe(2);
        expect(d.spatialCoverage).toMatchObject({ '@type': 'Place' });
        if (glacier.lat !== null)
          expect(d.spatialCoverage).toMatchObject({ geo: { latitude: glacier.lat, longitude: glacier.lon } });
        if (glacier.mass_balance.length > 0) {
          const years = glacier.mass_balance.map((p) => p.year);
          expect(d.temporalCoverage).toBe(`${Math.min(...years)}/${Math.max(...years)}`);
        }
        // the files the page offers (research-data.test.ts fetches every one)
        const downloads = d.distribution as Download[];
        expect(downloads.map((x) => x.encodingFormat)).toEqual(['text/csv', 'application/json']);
        for (const x of downloads)
          expect(new URL(x.contentUrl).pathname).toBe(
            `${prefix}/data/glaciers/${slug}.${x.encodingFormat === 'text/csv' ? 'csv' : 'json'}`,
          );
      }
      // keywords in the page's language: Central Tuyuksu has both an annual series and geodetic periods
      expect(datasets.find((d) => String(d.url).endsWith('?glacier=tsentralnyy-tuyuksu'))?.keywords).toEqual(
        {
          ru: ['баланс массы ледника', 'изменение высоты поверхности', 'WGMS', 'Центральная Азия'],
          en: ['glacier mass balance', 'elevation change', 'WGMS', 'Central Asia'],
        }[locale],
      );
    }
  });

  it('links the index of the glaciers and their files under the WGMS table, named for what it holds', async () => {
    for (const prefix of ['', '/en']) {
      const res = await getOnce(`${prefix}/resources/tools/wgms`);
      // a list of the glaciers with links to their files: no series in it, and the link does not promise any
      const index = prefix ? 'List of glaciers and their files (JSON)' : 'Список ледников и их файлов (JSON)';
      // (what it lists: tests/integration/server/routes/glacier-data.test.ts)
      expect(res.body).toContain(`<a href="${prefix}/data/glaciers.json" type="application/json">${index}</a>`);
    }
  });

  it("keeps the Datasets' years and glacier selection out of the data the browser hydrates with", async () => {
    const res = await get('/resources/tools/wgms?glacier=abramova');
    const hydration = JSON.stringify(hydrationDataOf(res.body));
    const payload = (await get('/resources/tools/wgms/_payload.json?glacier=abramova')).body;
    for (const data of [hydration, payload]) {
      // the rows the page shows are there; what only the server's JSON-LD reads is not
      expect(data).toContain('"massBalanceYearsText":');
      expect(data).toContain('"hasDatasets":true');
      for (const field of ['"firstYear"', '"lastYear"', '"elevationChangePeriods"']) expect(data).not.toContain(field);
    }
    // (the server's JSON-LD still has every glacier's years: the Datasets' test above)
  });
});
