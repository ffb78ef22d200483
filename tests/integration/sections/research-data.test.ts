/**
 * What a researcher reads and downloads around the WGMS figures (issue: data a researcher can trust and cite): every
 * download real and marked for what it is, each figure's source, the WGMS citation and terms, preliminary values
 * marked, each locale in its own language, numbers and words by the rules.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { PRELIMINARY_FROM_YEAR, WGMS_CITATION } from '../../../shared/glacier-data.ts';
import { bundledMessages } from '../../../shared/i18n/messages.ts';
import { matchedRoute } from '../../../server/ssr/cache-key.ts';
import { startTestApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { esc, LOCALES, mainOf, nodesOfType, prefix } from '../../helpers/html.ts';

const { app } = await startTestApp({ config: { PUBLIC_ORIGIN: 'https://cryo.example.org' } });
const get = (url: string) => app.inject({ url });
const { glaciers } = content;
const files = content['database-files'];

/** The text of a PDF as a reader sees it (pdf.js, Firefox's reader), pages in order, lines joined by spaces. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const { items } = await (await pdf.getPage(n)).getTextContent();
    pages.push(items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join(''));
  }
  return pages.join(' ').replace(/\s+/g, ' ');
}

/** The text of a file as a person opening it reads it: zip containers (xlsx, docx, zip) unpacked, PDFs read. */
async function textOf(bytes: Buffer, format: string): Promise<string> {
  if (format === 'pdf') return pdfText(bytes);
  if (['xlsx', 'docx', 'zip'].includes(format))
    return Object.values(unzipSync(new Uint8Array(bytes)))
      .map((b) => strFromU8(b))
      .join('\n');
  return bytes.toString('utf8');
}

// the walks over every file, download and route render hundreds of answers: a few seconds, far more on a busy machine
describe('every download is real', () => {
  it('walks every file the database lists, in both locales: none 404, data files hold the series, samples say so', async () => {
    // the files with data first, then the samples (made from no series), each newest first (ADR 0126)
    const newestFirst = (list: typeof files) => [...list].sort((a, b) => b.published_at.localeCompare(a.published_at));
    const order = [
      ...newestFirst(files.filter((f) => f.glaciers.length > 0)),
      ...newestFirst(files.filter((f) => f.glaciers.length === 0)),
    ].map((f) => f.slug);
    for (const locale of LOCALES) {
      const seen = new Set<string>();
      const listed: string[] = [];
      for (let page = 1; page <= Math.ceil(files.length / 10); page++) {
        const res = await get(`${prefix(locale)}/resources/database?page=${page}`);
        const cards = [...mainOf(res.body).matchAll(/<article class="file[ "][\s\S]*?<\/article>/g)].map((m) => m[0]);
        for (const card of cards) {
          const slug = / id="file-([a-z0-9-]+)"/.exec(card)![1]!;
          listed.push(slug);
          // a file made from no series is a sample (ADR 0097), marked so, its card's class said so
          const record = files.find((f) => f.slug === slug)!;
          const sample = record.glaciers.length === 0;
          expect(card.includes('class="file__sample"'), slug).toBe(sample);
          expect(card.startsWith(`<article class="${sample ? 'file file--sample' : 'file'}" `), slug).toBe(true);
          // every card links its landing page; a file with data has the download button, a sample a plain link
          expect(card).toContain(`<a href="${prefix(locale)}/resources/database/${slug}"`);
          const href = new RegExp(
            `class="${sample ? 'file__sample-download' : 'button file__download'}" href="([^"]+)"`,
          ).exec(card)![1]!;
          expect(card.includes(sample ? 'class="button file__download"' : 'class="file__sample-download"')).toBe(false);
          seen.add(href);
          const format = href.split('.').pop()!;
          const file = await get(href);
          expect(file.statusCode, href).toBe(200);
          expect(file.rawPayload.length, href).toBeGreaterThan(0);
          const text = await textOf(file.rawPayload, format);
          if (sample) {
            // the listing and the file say it is an example, in the page's language
            expect(card).toContain(locale === 'ru' ? 'Демонстрационный файл' : 'A demonstration file');
            expect(text, href).toMatch(/EXAMPLE/);
            expect(text, href).toMatch(/ПРИМЕР/);
          } else {
            // a data file: the series it names, value by value, with the WGMS citation
            expect(text, href).toContain(WGMS_CITATION);
            if (format === 'xlsx') {
              // the spreadsheet: a row per glacier and year
              expect((text.match(/<row /g) ?? []).length, href).toBeGreaterThan(100);
              expect(text, href).toContain('<t>tsentralnyy-tuyuksu</t>');
            } else {
              const rows = text.split('\n').filter((l) => glaciers.some((g) => l.startsWith(`"${g.slug}",`)));
              expect(rows.length, href).toBeGreaterThan(5);
              for (const row of rows.slice(0, 40)) {
                const [slug, , , , year, value, preliminary] = row.split(',').map((c) => c.replace(/^"|"$/g, ''));
                const glacier = glaciers.find((g) => g.slug === slug)!;
                expect(glacier.mass_balance.find((p) => p.year === Number(year))?.value_mm_we, row).toBe(Number(value));
                expect(preliminary).toBe(String(Number(year) >= PRELIMINARY_FROM_YEAR));
              }
            }
          }
          // a PDF is whole: both descriptions, every word, in their own letters
          if (format === 'pdf') {
            const words = (s: string) => s.replace(/\s+/g, ' ').trim();
            expect(text, href).toContain(words(record.description.ru));
            expect(text, href).toContain(words(record.description.en));
          }
        }
      }
      expect(seen.size).toBe(files.length);
      expect(listed).toEqual(order);
    }
  }, 60_000);

  it('the mass-balance datasets hold the portal’s series, the same numbers as the WGMS page', async () => {
    const dataset = files.find((f) => f.slug === 'central-tuyuksu-mass-balance-1957-2025')!;
    const csv = (await get(`/media/files/${dataset.slug}.csv`)).body;
    const tuyuksu = glaciers.find((g) => g.slug === 'tsentralnyy-tuyuksu')!;
    const values = csv
      .split('\n')
      .filter((l) => l.startsWith('"tsentralnyy-tuyuksu"'))
      .map((l) => Number(l.split(',')[5]));
    expect(values).toEqual([...tuyuksu.mass_balance].sort((a, b) => a.year - b.year).map((p) => p.value_mm_we));
  });
});

describe('the maintainers’ provenance stays in the data files', () => {
  /**
   * Each glacier record's notes and sources as they would show in an answer: the longest run of each note without
   * characters that HTML or JSON escapes, each note of a geodetic period, and each source that carries a provenance
   * remark (a bare URL may be the link of a public citation).
   */
  const provenance = [
    ...glaciers
      .map((g) => g.notes.split(/["&<>'\\]/).sort((a, b) => b.length - a.length)[0] ?? '')
      .filter((run) => run.length >= 20),
    ...glaciers.flatMap((g) => g.elevation_change.flatMap((p) => (p.note ? [p.note] : []))),
    ...glaciers.flatMap((g) => g.sources).filter((source) => source.includes(' ')),
  ];
  /** The words of the records' provenance and of the source notes they keep, in what a reader reads. */
  const remarks = /github:|trimmed|oggm|not found in sources|DOI-WGMS|CC BY|Note from the source|Примечание источника/i;
  /** A staging, development or local host: some records (kept as received) name one; no answer may link it. */
  const privateHost = /https?:\/\/[^\s"'<>]*(staging|core-cms|localhost|127\.0\.0\.1|\/\/dev\.)[^\s"'<>]*/;

  it('reaches no page, payload, API answer or download of any glacier in either locale, nor a private host', async () => {
    // most glaciers have notes, and every one with a series has sources
    expect(provenance.length).toBeGreaterThan(30);
    expect(provenance).toContain('mean surface lowering 23.2 ± 2.2 m over 1958–2016');
    expect(glaciers.filter((g) => privateHost.test(JSON.stringify(g))).length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      const p = prefix(locale);
      const answers: Array<[string, string | null]> = [
        p || '/',
        `${p}/_payload.json`,
        `${p}/api/glaciers?bounds=30,60,50,90`,
        `${p}/resources/tools/wgms`,
        `${p}/resources/tools/wgms/_payload.json`,
        `${p}/data/glaciers.json`,
      ].map((url) => [url, null]);
      for (const glacier of glaciers) {
        const page = `${p}/resources/tools/wgms?glacier=${glacier.slug}`;
        const own = [page, page.replace('?', '/_payload.json?')];
        if (glacier.mass_balance.length > 0 || glacier.elevation_change.length > 0)
          own.push(...['csv', 'json'].map((f) => `${p}/data/glaciers/${glacier.slug}.${f}`));
        answers.push(...own.map((url): [string, string] => [url, glacier.notes]));
      }
      for (const [url, notes] of answers) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        // as written, and as the hydration data writes a slash
        const found = provenance.filter((t) => res.body.includes(t) || res.body.includes(t.replaceAll('/', '\\u002F')));
        expect(found, url).toEqual([]);
        expect(/"(notes|sources|note)":/.exec(res.body)?.[0], url).toBeUndefined();
        const read = String(res.headers['content-type']).startsWith('text/html') ? mainOf(res.body) : res.body;
        expect(read, url).not.toMatch(remarks);
        expect(privateHost.exec(res.body)?.[0] ?? null, url).toBeNull();
        // the glacier's own note, however short, however it is escaped
        if (notes) expect(read, url).not.toContain(notes.slice(0, 24).replace(/["&<>']/g, ''));
      }
    }
  }, 60_000);
});

/** Text a reader reads in an HTML or plain string: no scripts, code, e-mail addresses or web addresses. */
const readable = (html: string) =>
  html
    .replace(/<(script|style|code|kbd|samp)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/\bhttps?:\/\/\S+|\b[\w.-]+\.(?:asia|org|com|ch|int|gov|edu|net|io)\b\S*/g, ' ');

/** Drop the elements marked as written in `lang` (an English title on a Russian page, the language switcher). */
const withoutLang = (html: string, lang: string) =>
  html.replace(new RegExp(`<(\\w+)\\b[^>]*\\blang="${lang}"[^>]*>[\\s\\S]*?<\\/\\1>`, 'g'), ' ');

/**
 * Runs of English prose on a Russian text, outside elements marked `lang="en"`: two or more Latin words of which one
 * is a lower-case word of three letters or more. Names and acronyms (MODIS, Journal of Glaciology, Landsat) are not
 * prose; "abstract of Denzinger" is.
 */
const englishProse = (html: string) =>
  (readable(withoutLang(html, 'en')).match(/[A-Za-z][A-Za-z'’-]*(?:[ ,:;]+[A-Za-z][A-Za-z'’-]*)+/g) ?? []).filter(
    (run) => run.split(/[ ,:;]+/).some((word) => /^[a-z]{3,}$/.test(word)),
  );

/** Cyrillic words on an English text, outside elements marked `lang="ru"` (the language switcher's «Русский»). */
const cyrillic = (html: string) => readable(withoutLang(html, 'ru')).match(/[А-Яа-яЁё]+(?:[ ,]+[А-Яа-яЁё]+)*/g) ?? [];

/** A word in Latin letters (accents and inner hyphens or apostrophes included): `Glaciers`, `Pléiades`, `TanDEM-X`. */
const LATIN_WORD = "[A-Za-zÀ-ÖØ-öø-ÿ](?:[A-Za-zÀ-ÖØ-öø-ÿ'’-]*[A-Za-zÀ-ÖØ-öø-ÿ])?";

/**
 * Runs of three or more Latin words in a row, separated by spaces only, outside elements marked `lang="en"`: the
 * English name or title of a work in Russian prose (`Fluctuations of Glaciers`, `Journal of Glaciology`). Acronyms,
 * a name with an acronym (`WGMS FoG`) and lists of names (`MODIS, Landsat, Sentinel`) are not such runs.
 */
const latinRuns = (html: string) =>
  readable(
    // a block's end ends a run (a name in one cell, the same in the next), an inline element does not
    withoutLang(html, 'en')
      .replace(/<(script|style|code|kbd|samp)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<\/?(?!(?:a|abbr|b|cite|data|em|i|q|s|small|span|strong|sub|sup|time|u)\b)\w+\b[^>]*>/g, ' ¦ '),
  ).match(new RegExp(`(?<![\\p{L}\\d.-])${LATIN_WORD}(?:[ \\u00a0]+${LATIN_WORD}){2,}(?![\\p{L}\\d])`, 'gu')) ?? [];

/** Every Russian and English text of the content, with where it is; the glaciers' data file only if asked for. */
function contentTexts(withGlaciers = false): Array<{ path: string; locale: 'ru' | 'en'; text: string }> {
  const found: Array<{ path: string; locale: 'ru' | 'en'; text: string }> = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (value && typeof value === 'object')
      for (const [key, v] of Object.entries(value)) {
        if ((key === 'ru' || key === 'en') && typeof v === 'string') found.push({ path, locale: key, text: v });
        else walk(v, `${path}.${key}`);
      }
  };
  const { glaciers: data, ...texts } = content;
  walk(withGlaciers ? { ...texts, glaciers: data } : texts, 'content');
  return found;
}

describe('each locale in its own language; numbers and words by the rules', () => {
  /** The page's main text outside elements marked `lang="en"` (titles of English works), tags and scripts removed. */
  const russianText = (html: string) =>
    mainOf(html)
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<(cite|span|ul|a|p)\b[^>]*lang="en"[^>]*>[\s\S]*?<\/\1>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&[a-z#0-9]+;/gi, ' ');
  // acronyms, identifiers and the letters of a WGMS glacier name (No. 457 (NHD))
  const ALLOWED = /\bwgms\.ch\b|\bRGI\d+-[\d.]+|\b(WGMS|FoG|RGI|CSV|JSON|DOI|https?|doi|org|km|GLIMS|ID|NHD)\b/g;

  it('writes no English prose in any Russian text and no Cyrillic in any English one: content and messages', async () => {
    const found = contentTexts(true).flatMap(({ path, locale, text }) =>
      (locale === 'ru' ? englishProse(text) : cyrillic(text)).map((r) => `${path}.${locale}: ${r}`),
    );
    for (const [key, text] of Object.entries(await bundledMessages('ru')))
      found.push(...englishProse(text).map((r) => `messages.ru ${key}: ${r}`));
    for (const [key, text] of Object.entries(await bundledMessages('en')))
      found.push(...cyrillic(text).map((r) => `messages.en ${key}: ${r}`));
    expect(found).toEqual([]);
    // the rule sees prose: a note left in English is caught, a name or an acronym is not
    expect(englishProse('См. abstract of Denzinger et al. 2021 и данные WGMS, MODIS, Journal of Glaciology')).toEqual([
      'abstract of Denzinger et al',
    ]);
  });

  it('renders every Russian page and one of every English route without the other language’s words, English titles marked', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    const paths: string[] = [];
    const englishRoutes = new Set<string>();
    for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const path = new URL(loc!).pathname;
      const english = path === '/en' || path.startsWith('/en/');
      const id = matchedRoute(path, english ? 'en' : 'ru')?.id;
      if (!english) paths.push(path);
      else if (id && !englishRoutes.has(id)) {
        englishRoutes.add(id);
        paths.push(path);
      }
    }
    // and the WGMS page with each glacier chosen
    paths.push(...glaciers.map((g) => `/resources/tools/wgms?glacier=${g.slug}`));
    expect(englishRoutes.size).toBeGreaterThan(20);
    expect(paths.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const path of paths) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      const body = res.body.slice(res.body.indexOf('<body'));
      // a Russian page: no English prose, and every English name or title of three words or more marked lang="en"
      const words = path.startsWith('/en') ? cyrillic(body) : [...englishProse(body), ...latinRuns(mainOf(body))];
      // a glacier's panel, the strictest: no Latin word of three letters but acronyms and identifiers
      if (path.includes('?glacier='))
        words.push(
          ...(russianText(body)
            .replace(ALLOWED, '')
            .match(/[A-Za-z]{3,}(?:\s+[A-Za-z]{3,})*/g) ?? []),
        );
      found.push(...words.map((w) => `${path}: ${w}`));
    }
    expect(found).toEqual([]);
    // the rule sees a title left unmarked, not a marked one, a list of names or a name and an acronym
    expect(
      latinRuns('<p>база данных (Fluctuations of Glaciers) и журнал <span lang="en">Journal of Glaciology</span></p>'),
    ).toEqual(['Fluctuations of Glaciers']);
    expect(latinRuns('<p>снимки MODIS, Landsat, Sentinel; данные WGMS FoG и RGI 6.0</p>')).toEqual([]);
  }, 120_000);

  it('describes the 2025 WGMS news as an editor would, the records marked preliminary, in both locales', async () => {
    const item = content.news.find((n) => n.slug === 'wgms-data-2025-mass-balance-central-asia')!;
    const expected = {
      ru:
        'По данным WGMS, в 2025 году у всех измеренных ледников Центральной Азии из базы данных портала баланс массы ' +
        'был отрицательным, а у нескольких из них, по предварительным данным, — самым отрицательным за всю историю ' +
        'наблюдений.',
      en:
        'According to WGMS data, every Central Asian glacier in the portal’s database that was measured in 2025 had a ' +
        'negative mass balance, and for several of them the preliminary value is the most negative on record.',
    };
    for (const locale of LOCALES) {
      expect(item.excerpt[locale]).toBe(expected[locale]);
      const page = (await get(`${prefix(locale)}/news/${item.slug}`)).body;
      // the page's description, its share card's and its JSON-LD's are the excerpt, as the news list shows it
      expect(page).toContain(`<meta name="description" content="${esc(expected[locale])}"`);
      expect(page).toContain(`<meta property="og:description" content="${esc(expected[locale])}"`);
      expect(page).toContain(`"description":${JSON.stringify(expected[locale])}`);
    }
  });

  it('gives every event time the venue’s offset, an online one’s and every webinar’s UTC, in both locales', async () => {
    const when = (html: string) => /<dd><span class="event-dates">[\s\S]*?<\/dd>/.exec(html)?.[0] ?? '';
    const plain = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');
    const online = content.events.filter((e) => e.location.en === 'Online');
    expect(online.length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      for (const event of content.events) {
        const shown = plain(when((await get(`${prefix(locale)}/news/events/${event.slug}`)).body));
        // an online event has no venue: «местное время» would say nothing; its time is in UTC, the region's beside it
        expect(shown, event.slug).toMatch(
          online.includes(event)
            ? /\d{2}:\d{2}\u00a0UTC \d{2}:\d{2}\u00a0\S/
            : locale === 'ru'
              ? /\(местное время, UTC[+−]\d+\)$/
              : /\(local time, UTC[+−]\d+\)$/,
        );
      }
      // the webinar the events list announces shows the same time on both pages
      const event = content.events.find((e) => e.slug === 'webinar-field-season-2026-results')!;
      const webinars = mainOf((await get(`${prefix(locale)}/study/webinars`)).body);
      const utc = new Date(event.starts_at).toISOString().slice(11, 16);
      expect(utc).toBe('09:00');
      expect(plain(when((await get(`${prefix(locale)}/news/events/${event.slug}`)).body))).toContain(`${utc}\u00a0UTC`);
      expect(plain(webinars)).toContain(`${utc} UTC`);
      for (const webinar of content.webinars) {
        const page = mainOf((await get(`${prefix(locale)}/study/webinars/${webinar.slug}`)).body);
        expect(plain(page), webinar.slug).toMatch(/\d{2}:\d{2} UTC/);
      }
    }
  }, 60_000);

  it('writes each glacier download in the language of its path; columns and keys stay the same for programs', async () => {
    const files = (locale: 'ru' | 'en', slug: string) =>
      Promise.all(['csv', 'json'].map((f) => get(`${prefix(locale)}/data/glaciers/${slug}.${f}`)));
    /** A CSV's head lines, each without the citations and addresses it gives (works are cited as published). */
    const head = (csv: string) =>
      csv
        .split('\r\n')
        .filter((l) => l.startsWith('# '))
        .map((l) => (/^# [^:]+: (?:WGMS|RGI|Kapitsa|Wikidata|https?:)/.test(l) ? l.slice(0, l.indexOf(':')) : l))
        .map((l) => l.replace(WGMS_CITATION, ''));
    let columns: string | undefined;
    for (const slug of ['tsentralnyy-tuyuksu', 'shumskogo']) {
      const glacier = glaciers.find((g) => g.slug === slug)!;
      const preliminary = glacier.mass_balance.some((p) => p.year >= PRELIMINARY_FROM_YEAR);
      for (const locale of LOCALES) {
        const [csv, json] = await files(locale, slug);
        const lines = head(csv!.body);
        const prose = lines.join('\n');
        // (WGMS's terms in the file's language: glacier-data.test.ts)
        if (locale === 'ru') expect(englishProse(prose), `${slug} csv`).toEqual([]);
        else expect(cyrillic(prose), `${slug} csv`).toEqual([]);
        // the preliminary note only where the series holds a preliminary value
        expect(
          lines.some((l) => /Предварительные|Preliminary/.test(l)),
          `${slug} ${locale}`,
        ).toBe(preliminary);
        // the table's columns are one and the same in both files
        const table = csv!.body.split('\r\n').find((l) => l.startsWith('series,'));
        columns ??= table;
        expect(table).toBe(columns);
        const record = json!.json<{
          mass_balance: { description: string };
          elevation_change: { description: string };
          license: { text: string };
        }>();
        const words = [record.mass_balance.description, record.elevation_change.description, record.license.text];
        if (locale === 'ru') expect(words.flatMap(englishProse), slug).toEqual([]);
        else expect(words.flatMap(cyrillic), slug).toEqual([]);
      }
    }
  });

  it('writes every text of the glaciers’ Datasets a reader may see in the page’s language', async () => {
    type Dataset = Record<string, unknown> & { url: string };
    for (const locale of LOCALES) {
      const datasets = nodesOfType<Dataset>((await get(`${prefix(locale)}/resources/tools/wgms`)).body, 'Dataset');
      expect(datasets.length).toBeGreaterThan(10);
      for (const { citation: _cited, ...d } of datasets) {
        // works cited as published
        const texts = JSON.stringify(d).replace(/"(?:@\w+|url|contentUrl|usageInfo|identifier)":"[^"]*"/g, '');
        if (locale === 'ru') expect(englishProse(texts), d.url).toEqual([]);
        else expect(cyrillic(texts), d.url).toEqual([]);
      }
    }
  });

  it('counts years with the plural rules of Russian', async () => {
    for (const slug of ['golubina', 'kara-batkak']) {
      const n = glaciers.find((g) => g.slug === slug)!.mass_balance.length;
      const form = new Intl.PluralRules('ru').select(n);
      const word = form === 'one' ? 'год' : form === 'few' ? 'года' : 'лет';
      expect((await get(`/resources/tools/wgms?glacier=${slug}`)).body).toContain(`${n} ${word} измерений`);
    }
  });

  it('writes every negative figure of the table with a true minus, every area with two decimals', async () => {
    for (const locale of LOCALES) {
      const table = mainOf((await get(`${prefix(locale)}/resources/tools/wgms`)).body);
      const latest = [...table.matchAll(/<data value="(-?[\d.]+)" class="wgms__(?:loss|gain)">([^<]+)<\/data>/g)];
      expect(latest.length).toBeGreaterThan(10);
      for (const [, value, shown] of latest) {
        if (Number(value) < 0) expect(shown, shown).toMatch(/^\u2212/);
        expect(shown).not.toContain('-');
      }
      const kara = glaciers.find((g) => g.slug === 'kara-batkak')!;
      const area = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(kara.area_km2!);
      expect(table).toContain(area);
    }
  });

  it('writes each quantity in one grouping and precision: mass balance in grouped whole mm, elevation change to 0.01', async () => {
    for (const locale of LOCALES) {
      for (const glacier of glaciers.filter((g) => g.mass_balance.length > 0 || g.elevation_change.length > 0)) {
        const page = mainOf((await get(`${prefix(locale)}/resources/tools/wgms?glacier=${glacier.slug}`)).body);
        const group = locale === 'ru' ? '\u00a0' : ',';
        const point = locale === 'ru' ? ',' : '.';
        // mass balance: the data table, the bars' labels and the table of all glaciers
        const figures = [
          ...[...page.matchAll(/<td class="num"><data value="(-?\d+)">([^<]+)<\/data>/g)].map((m): [string, string] => [
            m[1]!,
            m[2]!,
          ]),
          ...[...page.matchAll(/aria-label="\d{4}: ([^"]+?) (?:мм|mm) /g)].map((m): [string, string] => ['', m[1]!]),
        ];
        for (const [value, shown] of figures) {
          expect(shown, glacier.slug).toMatch(new RegExp(`^\u2212?\\d{1,3}(${group}\\d{3})*$`));
          if (value) expect(shown.replace(/\D/g, ''), glacier.slug).toBe(value.replace('-', ''));
        }
        for (const p of glacier.elevation_change) {
          const shown = new RegExp(`<data value="${p.value_m_per_year}"[^>]*>([^<]+)<`).exec(page)?.[1];
          expect(shown, glacier.slug).toMatch(new RegExp(`^\u2212?\\d+\\${point}\\d{2}$`));
        }
      }
    }
  });

  it('marks preliminary values in the table and the chart, and says why', async () => {
    const ru = mainOf((await get('/resources/tools/wgms?glacier=tsentralnyy-tuyuksu')).body);
    expect(ru).toMatch(/class="wgms__preliminary"> (<!-- -->)?предв\./);
    expect(ru).toContain(`предварительное значение ${PRELIMINARY_FROM_YEAR} года`);
    expect(ru).toContain(`Значения ${PRELIMINARY_FROM_YEAR} года предварительные`);
    const en = mainOf((await get('/en/resources/tools/wgms?glacier=tsentralnyy-tuyuksu')).body);
    expect(en).toContain(`Values for ${PRELIMINARY_FROM_YEAR} are preliminary`);
  });

  it('spells each glacier one way across the content, and writes no doubled full stop after a unit', () => {
    const all = JSON.stringify(content);
    for (const variant of ['Тургень-Аксуу', 'Средний Баркрак', 'w.e..', 'в. э..']) expect(all).not.toContain(variant);
  });

  it('writes each mass balance in prose as the tables do, grouped by Intl.NumberFormat: −1 367 мм в. э., −1,367 mm w.e.', async () => {
    const wrong: string[] = [];
    let checked = 0;
    /** The integers of a text in the mass-balance unit or with a minus sign, each as Intl writes it in the locale. */
    const check = (text: string, locale: 'ru' | 'en', where: string) => {
      const format = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-GB');
      const decimal = locale === 'ru' ? ',' : '.';
      const figures = text.matchAll(/(−?)(\d(?:[\d\u00a0,.]*\d)?)(?=([ \u00a0](?:мм в\. э\.|mm w\.e\.))?)/g);
      // signed or followed by the unit, and whole (a decimal is not grouped)
      const wanted = [...figures].filter(([, minus, shown, unit]) => (minus || unit) && !shown!.includes(decimal));
      for (const [, minus, shown] of wanted) {
        checked++;
        const value = Number(shown!.replace(/[\u00a0,.]/g, ''));
        if (shown !== format.format(value)) wrong.push(`${where}: ${minus}${shown}`);
      }
    };
    for (const { path, locale, text } of contentTexts()) check(text, locale, `${path}.${locale}`);
    for (const locale of LOCALES)
      for (const [key, text] of Object.entries(await bundledMessages(locale))) check(text, locale, `messages.${key}`);
    expect(wrong).toEqual([]);
    // the news, articles and explanations give dozens of such figures
    expect(checked).toBeGreaterThan(30);
  });

  it('says a figure is preliminary wherever a text of the content gives a mass balance of the preliminary year', () => {
    // each paragraph, list item or heading that names the year and a figure in the mass-balance unit
    const figures = contentTexts().flatMap(({ path, locale, text }) =>
      text
        .split(/<\/?(?:p|li|h\d|ul|ol)\b[^>]*>/)
        .filter((segment) => segment.includes(String(PRELIMINARY_FROM_YEAR)) && /мм в\. э\.|mm w\.e\./.test(segment))
        .map((segment) => ({ where: `${path}.${locale}`, segment })),
    );
    // the 2025 news, the articles, the country profile and the film give such figures in both languages
    expect(figures.length).toBeGreaterThanOrEqual(12);
    const unmarked = figures.filter(({ segment }) => !/предварительн|preliminary/i.test(segment));
    expect(unmarked).toEqual([]);
  });

  it('does not call a preliminary value a record without saying so, in any text of the content', () => {
    const items = ['news', 'webinars', 'events', 'cryosphere-subpages', 'country-profiles'].map((k) => `content.${k}[`);
    // each paragraph or list item of theirs that calls a value a record, unless it speaks of an earlier year
    const claims = contentTexts()
      .filter(({ path }) => items.some((item) => path.startsWith(item)))
      .flatMap(({ path, locale, text }) =>
        text
          .split(/<[^>]*>/)
          .filter(
            (segment) =>
              /рекордн|самое отрицательное|самым отрицательным|most negative|records for/i.test(segment) &&
              !/\b(19|20)\d\d\b/.test(segment.replace(/2025/g, '')),
          )
          .map((segment) => `${path} ${locale}: ${segment}`),
      );
    // the claims of the 2025 news, the Barkrak story and the webinar, in both languages: none goes unchecked
    expect(claims.length).toBeGreaterThanOrEqual(8);
    expect(claims.filter((claim) => !/предварительн|preliminary/i.test(claim))).toEqual([]);
  });
});
