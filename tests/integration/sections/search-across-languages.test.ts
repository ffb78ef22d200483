/** shared/sections/search over content-api/search-index.ts: Latin transliterations and the other language's words. */
import { describe, expect, it } from 'vitest';
import { startRecordedApp } from '../../helpers/app.ts';
import { mainOf } from '../../helpers/html.ts';

const { get } = await startRecordedApp();

const results = (html: string) => {
  const main = mainOf(html);
  return {
    count: /<p class="page__count" role="status">([^<]+)<\/p>/.exec(main)?.[1] ?? '',
    titles: [...main.matchAll(/class="search-result__title"><a href="[^"]+"[^>]*>([^<]+)</g)].map((m) => m[1] ?? ''),
  };
};

describe('search in Latin letters on the Russian site', () => {
  it('finds the Туюксу items by `tuyuksu`, as many as by `Туюксу`, and marks the Russian name in the excerpts', async () => {
    const res = await get('/search?q=tuyuksu');
    expect(res.statusCode).toBe(200);
    const { count, titles } = results(res.body);
    expect(count).toMatch(/^Найден[оы]? [1-9]\d* результат/);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.filter((title) => title.includes('Туюксу')).length).toBeGreaterThan(0);
    expect(titles.join(' ')).not.toMatch(/Tuyuksu/);
    expect(mainOf(res.body)).toContain('<mark>Туюксу</mark>');
    // as many as by `Туюксу`
    expect(results((await get(`/search?q=${encodeURIComponent('Туюксу')}`)).body).count).toBe(count);
  });

  it('finds the same items by the other common transliterations (iu, ju)', async () => {
    const [yu, iu, ju] = await Promise.all(['tuyuksu', 'tuiuksu', 'tujuksu'].map((q) => get(`/search?q=${q}`)));
    const base = results(yu!.body);
    expect(base.titles.length).toBeGreaterThan(0);
    expect(results(iu!.body)).toEqual(base);
    expect(results(ju!.body)).toEqual(base);
  });

  it('finds a glacier by its English name', async () => {
    const res = await get('/search?q=Abramov');
    expect(results(res.body).titles).toContain('Ледник Абрамова');
  });
});

describe('search in Russian on the English site', () => {
  it('finds English items by `ледник`', async () => {
    const res = await get(`/en/search?q=${encodeURIComponent('ледник')}`);
    expect(res.statusCode).toBe(200);
    const { count, titles } = results(res.body);
    expect(count).toMatch(/^[1-9][\d,]* results?$/);
    expect(titles.length).toBe(10);
    expect(titles.join(' ')).toMatch(/Glacier/);
    expect(titles.join(' ')).not.toMatch(/[а-яё]/i);
  });

  it('finds the English glacier pages by a Russian name', async () => {
    const res = await get(`/en/search?q=${encodeURIComponent('ледник Абрамова')}`);
    expect(results(res.body).titles).toContain('Abramov Glacier');
  });
});
