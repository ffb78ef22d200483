/** shared/sections/search: the results by type (`?type=`), with the count of each type, in both locales. */
import { describe, expect, it } from 'vitest';
import { bundledMessages } from '../../../shared/i18n/messages.ts';
import { SEARCH_TYPES } from '../../../shared/schemas/search.ts';
import { startRecordedApp } from '../../helpers/app.ts';
import { json, forwardTo } from '../../helpers/fake-upstream.ts';
import { mainOf } from '../../helpers/html.ts';

const { app, get, upstream, upstreamCalls, contentApiUrl } = await startRecordedApp();

/** The filter's options as rendered: label, count, link, whether it is the current choice. */
const filterOf = (html: string) => {
  const nav = /<nav class="search-filter" aria-label="([^"]+)">([\s\S]*?)<\/nav>/.exec(mainOf(html));
  const options = [
    ...(nav?.[2] ?? '').matchAll(/<a class="([^"]+)"([^>]*)>([^<]+)<span class="search-filter__count">([^<]+)</g),
  ];
  return {
    label: nav?.[1] ?? null,
    options: options.map((m) => ({
      label: m[3] ?? '',
      count: Number((m[4] ?? '').replace(/\D/g, '')),
      href: (/href="([^"]+)"/.exec(m[2] ?? '')?.[1] ?? '').replace(/&amp;/g, '&'),
      current: (m[1] ?? '').includes('is-current') && (m[2] ?? '').includes('aria-current="page"'),
    })),
  };
};
const typeLabels = (html: string) =>
  [...mainOf(html).matchAll(/<span class="search-result__type">([^<]+)</g)].map((m) => m[1] ?? '');
const totalOf = (html: string) =>
  Number((/<p class="page__count" role="status">([^<]+)</.exec(mainOf(html))?.[1] ?? '').replace(/\D/g, ''));

const cases = [
  { locale: 'ru', q: 'ледник', base: '/search', label: 'Тип материалов', all: 'Все', news: 'Новости', hit: 'Новость' },
  { locale: 'en', q: 'glacier', base: '/en/search', label: 'Type of content', all: 'All', news: 'News', hit: 'News' },
] as const;

describe.each(cases)('the type filter ($locale)', ({ q, base, label, all, news, hit }) => {
  const url = `${base}?q=${encodeURIComponent(q)}`;

  it('lists "all" (current) and each type with hits, with counts that add up to the total', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const filter = filterOf(res.body);
    expect(filter.label).toBe(label);
    const [first, ...types] = filter.options;
    expect(first).toEqual({ label: all, count: totalOf(res.body), href: url, current: true });
    expect(types.length).toBeGreaterThan(2);
    expect(types.every((o) => o.count > 0 && !o.current)).toBe(true);
    expect(types.reduce((sum, o) => sum + o.count, 0)).toBe(totalOf(res.body));
    expect(types.map((o) => o.label)).toContain(news);
    expect(types.find((o) => o.label === news)?.href).toBe(`${url}&type=news`);
  });

  it('shows only the chosen type, marks it current and keeps it on the next page', async () => {
    const everything = filterOf((await get(url)).body).options;
    const res = await get(`${url}&type=news`);
    expect(res.statusCode).toBe(200);
    const filter = filterOf(res.body);
    const chosen = filter.options.find((o) => o.current);
    expect(chosen?.label).toBe(news);
    expect(totalOf(res.body)).toBe(chosen?.count);
    // the counts stay those of the whole query: another type is one link away
    expect(filter.options.map((o) => o.count)).toEqual(everything.map((o) => o.count));
    const labels = typeLabels(res.body);
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels)).toEqual(new Set([hit]));
    expect(chosen?.count).toBeGreaterThan(10);
    expect(res.body).toContain(`&amp;type=news&amp;page=2"`);
  });

  it('asks the upstream for the chosen type only', async () => {
    upstream.reset();
    app.upstream.cache.clear();
    await get(`${url}&type=glacier`);
    const call = upstreamCalls('/api/v1/search')[0];
    expect(new URL(call!.url, 'http://x').searchParams.get('type')).toBe('glacier');
  });

  it('shows every type for an unknown type, and does not pass it on', async () => {
    upstream.reset();
    app.upstream.cache.clear();
    const res = await get(`${url}&type=nonsense`);
    expect(res.statusCode).toBe(200);
    expect(filterOf(res.body).options[0]?.current).toBe(true);
    const call = upstreamCalls('/api/v1/search')[0];
    expect(new URL(call!.url, 'http://x').searchParams.has('type')).toBe(false);
  });
});

describe('a chosen type the query has no hits of', () => {
  it('stays listed with 0 and current, beside the types that have hits', async () => {
    const res = await get('/search?q=tuyuksu&type=tool');
    expect(res.statusCode).toBe(200);
    const options = filterOf(res.body).options;
    expect(options.find((o) => o.current)).toEqual({
      label: 'Инструменты',
      count: 0,
      href: '/search?q=tuyuksu&type=tool',
      current: true,
    });
    expect(options.find((o) => o.label === 'Ледники')?.count).toBeGreaterThan(0);
    // the filter above leads to the types that have hits: no other searches suggested
    expect(mainOf(res.body)).toContain('Среди материалов типа «Инструменты» по запросу «tuyuksu» ничего не найдено.');
    expect(mainOf(res.body)).not.toContain('class="search-suggest"');
  });
});

/** The upstream's search answers changed by `edit` (its other calls as they are); the BFF's cache emptied. */
function searchAnswers(edit: (answer: { types?: { type: string; count: number }[] }) => unknown) {
  upstream.handler = async (req, res) => {
    if (!req.url.startsWith('/api/v1/search')) return forwardTo(contentApiUrl)(req, res);
    const headers = { 'accept-language': String(req.headers['accept-language'] ?? 'ru') };
    const answer = (await (await fetch(contentApiUrl + req.url, { headers })).json()) as {
      types?: { type: string; count: number }[];
    };
    json(res, 200, edit(answer));
  };
  app.upstream.cache.clear();
}

describe('the type filter and an upstream that counts otherwise', () => {
  it('shows the results and no filter when the upstream answers without `types`', async () => {
    searchAnswers(({ types: _types, ...answer }) => answer);
    const res = await get(`/search?q=${encodeURIComponent('снег')}&type=news`);
    expect(res.statusCode).toBe(200);
    expect(typeLabels(res.body).length).toBeGreaterThan(0);
    expect(new Set(typeLabels(res.body))).toEqual(new Set(['Новость']));
    expect(mainOf(res.body)).not.toContain('class="search-filter"');
  });

  it('lists no type the upstream counts no hits of', async () => {
    searchAnswers((answer) => ({ ...answer, types: [...(answer.types ?? []), { type: 'tool', count: 0 }] }));
    const res = await get('/search?q=tuyuksu');
    expect(res.statusCode).toBe(200);
    const labels = filterOf(res.body).options.map((o) => o.label);
    expect(labels).toContain('Ледники');
    expect(labels).not.toContain('Инструменты');
  });
});

describe('the type filter labels', () => {
  it('names every type in both languages', async () => {
    const [ru, en] = await Promise.all([bundledMessages('ru'), bundledMessages('en')]);
    for (const type of SEARCH_TYPES) {
      expect(ru[`search.filter.${type}`], type).toBeTruthy();
      expect(en[`search.filter.${type}`], type).toBeTruthy();
    }
  });
});
