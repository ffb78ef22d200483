/**
 * shared/sections/search: the results by group of types (`?type=`, shared/sections/search/search-groups.ts), with the
 * count of each group, in both locales.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_TYPES, SearchResponse } from '../../../shared/schemas/search.ts';
import { SEARCH_GROUP_NAMES, SEARCH_GROUPS } from '../../../shared/sections/search/search-groups.ts';
import { startRecordedApp } from '../../helpers/app.ts';
import { mainOf } from '../../helpers/html.ts';

const { app, get, upstream, upstreamCalls, contentApiUrl, editAnswers } = await startRecordedApp();

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
/** The groups' labels in their order, and the types a hit of "data" names. */
const GROUP_LABELS = {
  ru: ['Новости', 'События и обучение', 'Мультимедиа', 'Данные', 'Ледники', 'Страницы'],
  en: ['News', 'Events and learning', 'Multimedia', 'Data', 'Glaciers', 'Pages'],
} as const;
const DATA_HITS = {
  ru: ['База данных', 'Инструмент', 'Метод мониторинга'],
  en: ['Database', 'Tool', 'Monitoring method'],
} as const;

/** The upstream's own count of each hit type for `q` (the content API the app's upstream forwards to). */
async function upstreamCounts(q: string, locale: string) {
  const res = await fetch(`${contentApiUrl}/api/v1/search?q=${encodeURIComponent(q)}`, {
    headers: { 'accept-language': locale },
  });
  const answer = SearchResponse.parse(await res.json());
  return new Map((answer.types ?? []).map((c) => [c.type, c.count]));
}
const upstreamQuery = () => new URL(upstreamCalls('/api/v1/search')[0]!.url, 'http://x').searchParams;

describe.each(cases)('the type filter ($locale)', ({ locale, q, base, label, all, news, hit }) => {
  const groups = GROUP_LABELS[locale];
  const data = groups[3];
  const dataHits: readonly string[] = DATA_HITS[locale];
  const url = `${base}?q=${encodeURIComponent(q)}`;

  it('lists "all" (current) and each group with hits, with counts that add up to the total', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const filter = filterOf(res.body);
    expect(filter.label).toBe(label);
    const [first, ...options] = filter.options;
    expect(first).toEqual({ label: all, count: totalOf(res.body), href: url, current: true });
    expect(options.map((o) => o.label)).toEqual(groups);
    expect(options.every((o) => o.count > 0 && !o.current)).toBe(true);
    expect(options.reduce((sum, o) => sum + o.count, 0)).toBe(totalOf(res.body));
    expect(options.map((o) => o.href)).toEqual(SEARCH_GROUP_NAMES.map((g) => `${url}&type=${g}`));
    // each group counts the upstream's hits of the group's types
    const counts = await upstreamCounts(q, locale);
    expect(options.map((o) => o.count)).toEqual(
      SEARCH_GROUP_NAMES.map((g) => SEARCH_GROUPS[g].reduce((sum, t) => sum + (counts.get(t) ?? 0), 0)),
    );
  });

  it('shows only the chosen group, of several types, and asks the upstream for exactly those', async () => {
    const everything = filterOf((await get(url)).body).options;
    upstream.reset();
    app.upstream.cache.clear();
    const res = await get(`${url}&type=data`);
    expect(res.statusCode).toBe(200);
    expect(upstreamQuery().get('types')).toBe(SEARCH_GROUPS.data.join(','));
    expect(upstreamQuery().has('type')).toBe(false);
    const filter = filterOf(res.body);
    const chosen = filter.options.find((o) => o.current);
    expect(chosen?.label).toBe(data);
    expect(totalOf(res.body)).toBe(chosen?.count);
    // the counts stay those of the whole query: another group is one link away
    expect(filter.options.map((o) => o.count)).toEqual(everything.map((o) => o.count));
    const labels = typeLabels(res.body);
    expect(labels.length).toBe(10);
    expect(labels.every((l) => dataHits.includes(l))).toBe(true);
    expect(new Set(labels).size).toBeGreaterThan(1);
    expect(res.body).toContain(`&amp;type=data&amp;page=2"`);
  });

  it('keeps the links of news (`?type=news`) and of a hit type (`?type=webinar`, its group)', async () => {
    const res = await get(`${url}&type=news`);
    expect(filterOf(res.body).options.find((o) => o.current)?.label).toBe(news);
    expect(new Set(typeLabels(res.body))).toEqual(new Set([hit]));
    upstream.reset();
    app.upstream.cache.clear();
    const webinar = await get(`${url}&type=webinar`);
    expect(filterOf(webinar.body).options.find((o) => o.current)?.label).toBe(groups[1]);
    expect(upstreamQuery().get('types')).toBe(SEARCH_GROUPS.events.join(','));
  });

  it('shows every type for an unknown type, and does not pass it on', async () => {
    upstream.reset();
    app.upstream.cache.clear();
    const res = await get(`${url}&type=nonsense`);
    expect(res.statusCode).toBe(200);
    expect(filterOf(res.body).options[0]?.current).toBe(true);
    expect(upstreamQuery().has('type')).toBe(false);
    expect(upstreamQuery().has('types')).toBe(false);
  });
});

describe('the groups', () => {
  it('hold each hit type once', () => {
    const grouped = SEARCH_GROUP_NAMES.flatMap((g) => SEARCH_GROUPS[g]);
    expect([...grouped].sort()).toEqual([...SEARCH_TYPES].sort());
  });
});

describe('a chosen group the query has no hits of', () => {
  it('stays listed with 0 and current, beside the groups that have hits', async () => {
    const res = await get(`/search?q=${encodeURIComponent('снег')}&type=glaciers`);
    expect(res.statusCode).toBe(200);
    const options = filterOf(res.body).options;
    expect(options.find((o) => o.current)).toEqual({
      label: 'Ледники',
      count: 0,
      href: `/search?q=${encodeURIComponent('снег')}&type=glaciers`,
      current: true,
    });
    expect(options.find((o) => o.label === 'Данные')?.count).toBeGreaterThan(0);
    // the filter above leads to the groups that have hits: no other searches suggested
    expect(mainOf(res.body)).toContain('Среди материалов типа «Ледники» по запросу «снег» ничего не найдено.');
    expect(mainOf(res.body)).not.toContain('class="search-suggest"');
  });
});

/** The upstream's search answers changed by `edit` (its other calls as they are); the BFF's cache emptied. */
const searchAnswers = (
  edit: (answer: { types?: { type: string; count: number }[] }) => unknown,
  ask?: (path: string) => string,
) => editAnswers('/api/v1/search', edit, ask);

describe('the type filter and an upstream that counts otherwise', () => {
  it('shows the results and no filter when the upstream answers without `types`', async () => {
    searchAnswers(({ types: _types, ...answer }) => answer);
    const res = await get(`/search?q=${encodeURIComponent('снег')}&type=news`);
    expect(res.statusCode).toBe(200);
    expect(typeLabels(res.body).length).toBeGreaterThan(0);
    expect(new Set(typeLabels(res.body))).toEqual(new Set(['Новость']));
    expect(mainOf(res.body)).not.toContain('class="search-filter"');
  });

  it('shows every result and no filter when the upstream knows neither `types`', async () => {
    searchAnswers(
      ({ types: _types, ...answer }) => answer,
      (path) => path.replace(/&types=[^&]*/, ''),
    );
    const res = await get(`/search?q=${encodeURIComponent('снег')}&type=data`);
    expect(res.statusCode).toBe(200);
    expect(new Set(typeLabels(res.body)).size).toBeGreaterThan(1);
    expect(typeLabels(res.body)).toContain('Новость');
    expect(mainOf(res.body)).not.toContain('class="search-filter"');
  });

  it('lists no group the upstream counts no hits of', async () => {
    searchAnswers((answer) => ({ ...answer, types: [...(answer.types ?? []), { type: 'glacier', count: 0 }] }));
    const res = await get(`/search?q=${encodeURIComponent('снег')}`);
    expect(res.statusCode).toBe(200);
    const labels = filterOf(res.body).options.map((o) => o.label);
    expect(labels).toContain('Данные');
    expect(labels).not.toContain('Ледники');
  });
});
