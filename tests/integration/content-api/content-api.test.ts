import { defaultContentDir } from '../../../content-api/config.ts';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calls, FEEDBACKS_PATH, type CallName } from '../../../shared/api/calls.ts';
import { ApiErrorSchema } from '../../../shared/schemas/common.ts';
import { SEARCH_TYPES, SearchResponse } from '../../../shared/schemas/search.ts';
import { startContentApi } from '../../../content-api/app.ts';
import { loadContent } from '../../../content-api/store.ts';
import { paths } from '../../../server/paths.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'content-api-'));
let api = await startContentApi(0, { dataDir });
afterAll(() => api.app.close());

const content = loadContent(defaultContentDir());
const get = async (path: string, locale: 'ru' | 'en' = 'ru') => {
  const res = await fetch(api.url + path, { headers: { 'accept-language': locale } });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('content API contract', () => {
  it('answers in the requested language, Russian by default', async () => {
    const ru = (await get('/api/v1/main-menu', 'ru')).body as { data: { title: string }[] };
    const en = (await get('/api/v1/main-menu', 'en')).body as { data: { title: string }[] };
    expect(ru.data[0]?.title).toMatch(/[а-я]/i);
    expect(en.data[0]?.title).toMatch(/^[\x20-\x7e]+$/);
    for (const headers of [new Headers(), new Headers({ 'accept-language': 'de' })])
      expect(await (await fetch(`${api.url}/api/v1/main-menu`, { headers })).json()).toEqual(ru);
  });

  it('accepts a slug or an id on detail calls', async () => {
    const n = content.news[3]!;
    const bySlug = (await get(`/api/v1/news/${n.slug}`)).body as { data: { id: number } };
    const byId = (await get(`/api/v1/news/${n.id}`)).body as { data: { slug: string } };
    expect(bySlug.data.id).toBe(n.id);
    expect(byId.data.slug).toBe(n.slug);
  });
});

describe('pagination and filters', () => {
  it('paginates with one envelope, newest first', async () => {
    const page = (await get('/api/v1/news?page=2&per_page=5')).body as {
      data: { published_at: string }[];
      meta: Record<string, number>;
      links: Record<string, string | null>;
    };
    expect(page.meta).toEqual({
      current_page: 2,
      per_page: 5,
      total: content.news.length,
      last_page: Math.ceil(content.news.length / 5),
    });
    expect(page.data).toHaveLength(5);
    expect(page.links.prev).toContain('page=1');
    expect(page.links.next).toContain('page=3');
    const dates = page.data.map((d) => d.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('filters database files by type, year, country, tag and language', async () => {
    const f = content['database-files'][0]!;
    const { body } = await get(`/api/v1/database-files/index?type=${f.type}&year=${f.year}&per_page=100`);
    const list = body as { data: { type: { slug: string }; year: number }[] };
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((d) => d.type.slug === f.type && d.year === f.year)).toBe(true);
    for (const [key, value, pick] of [
      ['country', 'kazakhstan', (d: { country: { slug: string } | null }) => d.country?.slug],
      [
        'tag',
        'glaciers',
        (d: { tags: { slug: string }[] }) => (d.tags.some((t) => t.slug === 'glaciers') ? 'glaciers' : ''),
      ],
      ['language', 'en', (d: { language: { code: string } }) => d.language.code],
    ] as const) {
      const res = (await get(`/api/v1/database-files/index?${key}=${value}&per_page=100`)).body as { data: never[] };
      expect(res.data.length).toBeGreaterThan(0);
      expect(res.data.every((d) => (pick as (x: never) => unknown)(d) === value)).toBe(true);
    }
  });

  it('serves cryosphere files 10 per page by default', async () => {
    const { body } = await get('/api/v1/cryosphere-database-files');
    expect((body as { meta: { per_page: number } }).meta.per_page).toBe(10);
  });
});

describe('errors', () => {
  it.each(['/api/v1/news/no-such-story', '/api/v1/news/99999', '/api/v1/glaciers/999/mass-balance'])(
    'answers 404 JSON for %s',
    async (path) => {
      const { status, body } = await get(path);
      expect(status).toBe(404);
      expect(ApiErrorSchema.safeParse(body).success).toBe(true);
    },
  );

  it.each([
    ['/api/v1/news?page=0', 'page'],
    ['/api/v1/news?per_page=10000', 'per_page'],
    ['/api/v1/news?tag=nonsense', 'tag'],
    ['/api/v1/database-files/index?type=unknown', 'type'],
    ['/api/v1/database-files/index?year=abc', 'year'],
    ['/api/v1/glaciers/abc/mass-balance', 'id'],
    ['/api/v1/glaciers/index?bounds=1,2,3', 'bounds'],
    ['/api/v1/search?q=', 'q'],
    ['/api/v1/search?q=snow&types=news,nonsense', 'types.1'],
    ['/api/v1/country-database-files', 'country'],
  ])('answers 422 naming the field for %s', async (path, field) => {
    const { status, body } = await get(path);
    expect(status).toBe(422);
    const error = ApiErrorSchema.parse(body);
    expect(Object.keys(error.errors ?? {})).toContain(field);
  });
});

describe('search, across languages and scripts', () => {
  const search = async (query: string, locale: 'ru' | 'en' = 'ru') =>
    SearchResponse.parse((await get(`/api/v1/search?${query}`, locale)).body);

  it('finds Russian word forms (case, ё, inflection, prefix)', async () => {
    const forms = ['ледники', 'ЛЕДНИКОВ', 'ледник', 'ледн'].map((q) => search(`q=${encodeURIComponent(q)}`));
    for (const result of await Promise.all(forms)) expect(result.meta.total).toBeGreaterThan(0);
    const yo = await search(`q=${encodeURIComponent('учёные')}`);
    const ye = await search(`q=${encodeURIComponent('ученые')}`);
    expect(yo.meta.total).toBe(ye.meta.total);
  });

  it("finds the items whose other language's text has the word, answering in the page's language", async () => {
    const english = await search(`q=${encodeURIComponent('ледник')}&per_page=100`, 'en');
    const russian = await search(`q=${encodeURIComponent('ледник')}&per_page=100`, 'ru');
    expect(english.meta.total).toBeGreaterThan(0);
    expect(english.meta.total).toBe(russian.meta.total);
    expect(english.types).toEqual(russian.types);
    expect(english.data.every((hit) => !/[а-яё]/i.test(hit.title))).toBe(true);
  });

  it('ranks the items whose title has the word first, typed in Cyrillic or transliterated', async () => {
    for (const q of [encodeURIComponent('Туюксу'), 'tuyuksu']) {
      const named = (await search(`q=${q}&per_page=100`, 'ru')).data.map((hit) => hit.title.includes('Туюксу'));
      expect(named[0], q).toBe(true);
      expect(named.lastIndexOf(true), q).toBeLessThan(named.indexOf(false));
    }
  });

  it('weighs a match in the page language above the same match found by its Latin key', async () => {
    const [cyrillic, latin] = await Promise.all([search(`q=${encodeURIComponent('Туюксу')}`), search('q=tuyuksu')]);
    expect(cyrillic.data[0]?.id).toBe(latin.data[0]?.id);
    expect(cyrillic.data[0]!.score).toBeGreaterThan(latin.data[0]!.score);
  });

  it('finds glaciers, linked to their panel', async () => {
    const result = await search('q=tuyuksu&type=glacier', 'en');
    expect(result.data.map((hit) => hit.slug)).toContain('tsentralnyy-tuyuksu');
    expect(result.data.every((hit) => hit.type === 'glacier')).toBe(true);
    expect(result.data[0]?.url).toMatch(/^\/resources\/tools\/wgms\?glacier=[a-z0-9-]+$/);
  });

  // the hits of any of `types`: tests/integration/sections/search-type-filter.test.ts
  it('answers the hits of `type`, counting every type all the same', async () => {
    const all = await search(`q=${encodeURIComponent('ледник')}`);
    const news = await search(`q=${encodeURIComponent('ледник')}&type=news`);
    expect(all.types?.reduce((sum, c) => sum + c.count, 0)).toBe(all.meta.total);
    expect(news.types).toEqual(all.types);
    expect(news.meta.total).toBe(all.types?.find((c) => c.type === 'news')?.count);
    expect(news.data.every((hit) => hit.type === 'news')).toBe(true);
    expect(all.types?.map((c) => c.type)).toEqual(SEARCH_TYPES.filter((t) => all.types?.some((c) => c.type === t)));
  });
});

describe('feedback', () => {
  const post = (body: unknown) =>
    fetch(api.url + FEEDBACKS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const valid = {
    name: 'Айгуль',
    email: 'aigul@example.org',
    feedback_type_id: content['feedback-types'][0]!.id,
    message: 'Где найти данные?',
  };

  it('rejects invalid input and an unknown feedback type with 422 naming each field', async () => {
    const res = await post({ name: '', email: 'not-an-email', feedback_type_id: 999, message: '' });
    expect(res.status).toBe(422);
    const body = ApiErrorSchema.parse(await res.json());
    expect(body.errors).toMatchObject({
      name: ['form.errors.required'],
      email: ['form.errors.invalidEmail'],
      message: ['form.errors.required'],
    });
    const unknownType = await post({ ...valid, feedback_type_id: 999 });
    expect(unknownType.status).toBe(422);
    expect(ApiErrorSchema.parse(await unknownType.json()).errors).toEqual({
      feedback_type_id: ['form.errors.invalid'],
    });
  });

  it('stores an accepted submission durably: it survives a restart', async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string } };
    await api.app.close();
    api = await startContentApi(0, { dataDir });
    const lines = (await readFile(join(dataDir, 'feedbacks.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.map((l) => JSON.parse(l) as { id: string }).map((r) => r.id)).toContain(data.id);
    expect((await post(valid)).status).toBe(201);
    const after = (await readFile(join(dataDir, 'feedbacks.jsonl'), 'utf8')).trim().split('\n');
    expect(after).toHaveLength(lines.length + 1);
  });
});

describe('docs/upstream-api.md', () => {
  it('documents every call with an example', async () => {
    const docs = await readFile(join(paths().root, 'docs', 'upstream-api.md'), 'utf8');
    for (const name of Object.keys(calls) as CallName[]) {
      const def = calls[name] as { path: (p: unknown) => string };
      const shown = decodeURIComponent(def.path({ params: { slug: '{slug}', id: '{id}' } }));
      expect(docs, name).toContain(`## GET ${shown}\n`);
    }
    expect(docs).toContain(`## POST ${FEEDBACKS_PATH}`);
  });
});
