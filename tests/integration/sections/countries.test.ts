/** shared/sections/countries: the country profiles. */
import { describe, expect, it } from 'vitest';
import { startRecordedApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { esc as html, escapeRe, mainOf } from '../../helpers/html.ts';
import { keepNumberSign } from '../../../shared/ui/number-sign.ts';

// the real content API behind a recording proxy, so tests can also see which upstream calls a page made
const { get, mainAt } = await startRecordedApp();

const files = content['database-files'];
const fileIds = (body: string) =>
  [...body.matchAll(/<article class="file[^"]*" id="file-([a-z0-9-]+)"/g)].map((m) => m[1]);
const profiles = content['country-profiles'];

describe('countries/:slug', () => {
  it('shows a country profile with its files, in both locales', async () => {
    const kg = profiles.find((p) => p.slug === 'kyrgyzstan')!;
    const kgFiles = files.filter((f) => f.country === 'kyrgyzstan');
    const ru = await get('/countries/kyrgyzstan');
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain(`<h1>${html(kg.title.ru)}</h1>`);
    const fact = kg.facts[0]!;
    expect(ru.body).toContain(`<dt>${html(fact.label.ru)}</dt><dd>${html(fact.value.ru)}</dd>`);
    expect(ru.body).toContain('class="rich-text"');
    // «8 файлов», «3 файла», «1 файл»
    const form = new Intl.PluralRules('ru').select(kgFiles.length);
    expect(ru.body).toContain(`${kgFiles.length} ${form === 'one' ? 'файл' : form === 'many' ? 'файлов' : 'файла'}<`);
    expect(new Set(fileIds(ru.body))).toEqual(new Set(kgFiles.map((f) => f.slug)));
    expect(ru.body).toContain('href="/resources/database?country=kyrgyzstan"');

    const en = await get('/en/countries/kyrgyzstan');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain(`<h1>${html(kg.title.en)}</h1>`);
    expect(en.body).toContain(`<dt>${html(fact.label.en)}</dt><dd>${html(fact.value.en)}</dd>`);
  });

  it('answers every country profile', async () => {
    for (const p of profiles) expect((await get(`/en/countries/${p.slug}`)).statusCode).toBe(200);
  });

  it('says a page past the country files does not exist and links to the first page', async () => {
    const main = await mainAt('/countries/kazakhstan?page=5');
    expect(main).toMatch(
      /<p class="empty pagination-past-end">Страницы 5 нет: всего страниц — \d+\. <a href="\/countries\/kazakhstan"/,
    );
    expect(main).not.toContain('<p class="empty">');
  });

  it('answers an unknown country with 404 "Page Not Found: {path}"', async () => {
    const ru = await get('/countries/atlantis');
    expect(ru.statusCode).toBe(404);
    expect(ru.body).toContain('Page Not Found: /countries/atlantis');
    expect(ru.body).toContain('Страница не найдена');
    const en = await get('/en/countries/atlantis');
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain('Page Not Found: /en/countries/atlantis');
    // a numeric id finds the profile upstream, but it is not the page's address
    expect((await get('/countries/2')).statusCode).toBe(404);
    expect((await get('/countries/bad_slug!')).statusCode).toBe(404);
  });
});

/** The glaciers of a country in the sample data, each with its newest annual balance (null: no series). */
const glaciersOf = (code: string) =>
  content.glaciers
    .filter((g) => g.country_code === code)
    .map((g) => ({
      slug: g.slug,
      name: g.name,
      latest: g.mass_balance.reduce<{ year: number; value: number } | null>(
        (found, p) => (found === null || p.year > found.year ? { year: p.year, value: p.value_mm_we } : found),
        null,
      ),
    }));
const glacierSection = (body: string) => {
  const start = body.indexOf('<section class="country__glaciers"');
  return start < 0 ? null : body.slice(start, body.indexOf('</section>', start));
};

describe("countries/:slug: the country's glaciers", () => {
  it('lists the glaciers of Kyrgyzstan, each linked to its panel with its latest balance, in both locales', async () => {
    const kg = glaciersOf('KG');
    expect(kg.length).toBeGreaterThan(3);
    for (const [locale, base] of [
      ['ru', ''],
      ['en', '/en'],
    ] as const) {
      const section = glacierSection((await get(`${base}/countries/kyrgyzstan`)).body);
      expect(section).not.toBeNull();
      expect(section).toContain('<h2 id="country-glaciers">');
      expect(section).toContain('<caption id="country-glaciers-caption">');
      const rows = [...section!.matchAll(/<tr id="country-glacier-([a-z0-9-]+)">(.*?)<\/tr>/g)];
      expect(rows.map((r) => r[1])).toEqual(kg.map((g) => g.slug));
      for (const [i, g] of kg.entries()) {
        const row = rows[i]![2]!;
        expect(row).toMatch(
          new RegExp(
            `^<th scope="row"><a href="${escapeRe(`${base}/resources/tools/wgms?glacier=${g.slug}`)}"[^>]*>${escapeRe(html(keepNumberSign(g.name[locale])))}</a></th>`,
          ),
        );
        expect(row).toMatch(
          new RegExp(`<td class="num"><data value="${g.latest!.value}">[^<]+</data> \\(${g.latest!.year}[,)]`),
        );
      }
    }
  });

  it('says which glacier has no series (Fedchenko) and shows no list for a country without glaciers', async () => {
    const tj = glacierSection((await get('/countries/tajikistan')).body)!;
    expect(tj).toMatch(/<tr id="country-glacier-fedchenko">.*?ряда баланса массы нет<\/td><\/tr>/);
    const enTj = glacierSection((await get('/en/countries/tajikistan')).body)!;
    expect(enTj).toMatch(/<tr id="country-glacier-fedchenko">.*?no mass-balance series<\/td><\/tr>/);
    expect(glaciersOf('TM')).toEqual([]);
    for (const path of ['/countries/turkmenistan', '/en/countries/turkmenistan']) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(glacierSection(res.body)).toBeNull();
      expect(mainOf(res.body)).not.toContain('country-glaciers');
    }
  });

  it('links the glaciers the profile names to their panels, every link to a glacier of the data', async () => {
    const ru = await mainAt('/countries/kyrgyzstan');
    for (const [slug, name] of [
      ['abramova', 'Абрамова'],
      ['golubina', 'Голубина'],
      ['kara-batkak', 'Кара-Баткак'],
    ])
      expect(ru).toContain(`<strong><a href="/resources/tools/wgms?glacier=${slug}">${name}</a></strong>`);
    const en = await mainAt('/en/countries/kyrgyzstan');
    expect(en).toContain('<strong><a href="/en/resources/tools/wgms?glacier=abramova">Abramov Glacier</a></strong>');
    const slugs = new Set(content.glaciers.map((g) => g.slug));
    for (const profile of profiles) {
      for (const locale of ['ru', 'en'] as const) {
        const linked = [...profile.body[locale].matchAll(/\?glacier=([a-z0-9-]+)/g)].map((m) => m[1]);
        expect(
          linked.filter((slug) => !slugs.has(slug!)),
          `${profile.slug} (${locale})`,
        ).toEqual([]);
      }
    }
    // (the panel of every glacier opens: glacier-sources.test.ts)
  });
});
