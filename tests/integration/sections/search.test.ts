/** shared/sections/search: the site search page. */
import { describe, expect, it } from 'vitest';
import { bundledMessages } from '../../../shared/i18n/messages.ts';
import { SEARCH_TYPES } from '../../../shared/schemas/search.ts';
import { startRecordedApp } from '../../helpers/app.ts';
import { mainOf } from '../../helpers/html.ts';

// the real content API behind a recording proxy, so tests can also see which upstream calls a page made
const { app, get, upstreamCalls, upstream } = await startRecordedApp();

describe('search', () => {
  it('renders the results of a Russian query with the matches highlighted', async () => {
    const res = await get(`/search?q=${encodeURIComponent('ледник')}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Поиск</h1>');
    expect(res.body).toContain('value="ледник"');
    expect(res.body).toMatch(/Найдено? [1-9]\d* результат(а|ов)?</);
    expect(res.body).toMatch(/<mark>[Лл]едник/);
    expect(res.body).toContain('<span class="search-result__type">');
    expect(res.body).toMatch(/<h3 class="search-result__title"><a href="\/[^"]+"/);
    expect(res.body).not.toContain('&lt;mark&gt;');
    // search engines are asked not to index result pages
    expect(res.body).toMatch(/<meta name="robots" content="noindex[^"]*"\/>/);
  });

  it('links results to their pages on the site (a database file to its landing page), their types in English', async () => {
    const res = await get('/en/search?q=Abramov');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('href="/en/resources/database/abramov-mass-balance-1968-2025"');
    expect(res.body).toContain('<mark>Abramov</mark>');
    expect(res.body).toContain('<h1>Search</h1>');
    expect(res.body).toContain('<span class="search-result__type">Database</span>');
    const [ru, en] = await Promise.all([bundledMessages('ru'), bundledMessages('en')]);
    for (const type of SEARCH_TYPES) {
      expect(ru[`search.type.${type}`], type).toBeTruthy();
      expect(en[`search.type.${type}`], type).toBeTruthy();
    }
  });

  it('paginates the results', async () => {
    const page1 = await get(`/search?q=${encodeURIComponent('ледник')}`);
    const page2 = await get(`/search?q=${encodeURIComponent('ледник')}&page=2`);
    expect(page2.statusCode).toBe(200);
    expect(page1.body).toContain(`href="/search?q=${encodeURIComponent('ледник')}&amp;page=2"`);
    const titles = (body: string) =>
      [...body.matchAll(/class="search-result__title"><a href="([^"]+)"/g)].map((m) => m[1]);
    expect(titles(page2.body).length).toBeGreaterThan(0);
    expect(titles(page2.body)).not.toEqual(titles(page1.body));
    expect(page2.body).toContain('<ol class="search-results" start="11">');
  });

  const blankQueries = ['/search', '/search?q=', '/search?q=%20%20', '/en/search?q=%20%20'];

  it('shows the form and a hint for an empty or blank query, and does not ask the upstream for it', async () => {
    for (const url of blankQueries) {
      upstream.reset();
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<input id="search-q" class="search-form__input" type="search"');
      expect(res.body).toContain('name="q" value=""');
      expect(res.body).toContain('class="search__hint"');
      expect(res.body).not.toContain('class="search-results"');
      expect(upstreamCalls('/api/v1/search'), url).toHaveLength(0);
    }
    // the same app does call the upstream for a real query (the check above can fail)
    upstream.reset();
    app.upstream.cache.clear();
    await get('/search?q=snow');
    expect(upstreamCalls('/api/v1/search')).toHaveLength(1);
  });

  it('trims the query before asking the upstream', async () => {
    upstream.reset();
    app.upstream.cache.clear();
    const res = await get('/search?q=%20%20snow%20%20');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('value="snow"');
    const call = upstreamCalls('/api/v1/search')[0];
    expect(new URL(call!.url, 'http://x').searchParams.get('q')).toBe('snow');
  });
});

describe('search paging past the end', () => {
  it('says the page does not exist and links to the first page of the same query, not "nothing found"', async () => {
    const q = encodeURIComponent('ледник');
    const res = await get(`/search?q=${q}&page=999`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/Найдено? [1-9]\d* результат(а|ов)?</);
    expect(res.body).toContain('Страницы 999 нет');
    expect(res.body).toMatch(new RegExp(`<p class="empty pagination-past-end">[^<]+<a href="/search\\?q=${q}"`));
    expect(mainOf(res.body)).not.toContain('ничего не найдено');
  });
});
