/** shared/sections/countries: the country profiles. */
import { describe, expect, it } from 'vitest';
import { startRecordedApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { esc as html, mainOf } from '../../helpers/html.ts';

// the real content API behind a recording proxy, so tests can also see which upstream calls a page made
const { get } = await startRecordedApp();

const files = content['database-files'];
const fileIds = (body: string) => [...body.matchAll(/<article class="file" id="file-([a-z0-9-]+)"/g)].map((m) => m[1]);
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
    const res = await get('/countries/kazakhstan?page=5');
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
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
