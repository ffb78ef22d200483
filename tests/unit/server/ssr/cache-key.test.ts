/** server/ssr/cache-key.ts: one request → key function for the page route and the early hit path. */
import { describe, expect, it } from 'vitest';
import { docKeyPrefix, matchedRoute, pageKey, pageRequest } from '../../../../server/ssr/cache-key.ts';
import { cacheKey } from '../../../../server/upstream/api.ts';
import { OFFLINE_PATH } from '../../../../shared/offline.ts';

// module state is shared by the test files of a worker: build ids of this file's own
const BUILD = 'cachekeytest1';
const ORIGIN = 'https://glaciers.example';

describe('pageRequest', () => {
  it('finds the route of a path in either locale, with the query parameters its section lists', () => {
    expect(matchedRoute('/en/news/some-story', 'en')?.id).toBe('news-detail');
    expect(matchedRoute('/news', 'ru')?.query).toEqual(['page']);
    expect(matchedRoute('/', 'ru')?.id).toBe('home');
    expect(matchedRoute('/en', 'en')?.id).toBe('home');
  });

  it('keys a document request as the document handler stores it', () => {
    expect(pageRequest('/en/news?page=2&utm=x', 'en', ORIGIN, BUILD)).toEqual({
      kind: 'doc',
      key: pageKey('doc', docKeyPrefix(BUILD, ORIGIN), 'en', '/en/news', '?page=2'),
      clientApp: true,
    });
  });

  it('marks the document of a route without the client app (the offline page)', () => {
    expect(pageRequest(`/en${OFFLINE_PATH}`, 'en', ORIGIN, BUILD)).toMatchObject({ kind: 'doc', clientApp: false });
    expect(pageRequest(OFFLINE_PATH, 'ru', ORIGIN, BUILD)).toMatchObject({ kind: 'doc', clientApp: false });
  });

  it('keys a payload request as the payload handler stores it, with the page it is for', () => {
    expect(pageRequest(`/en/news/_payload.json?${BUILD}&page=2#top`, 'en', ORIGIN, BUILD)).toEqual({
      kind: 'payload',
      page: { pathname: '/en/news', search: '?page=2' },
      key: pageKey('payload', BUILD, 'en', '/en/news', '?page=2'),
    });
  });

  it('gives a path only the catch-all serves (the route answers 404) neither a route nor a key', () => {
    expect(matchedRoute('/a/b/c/d', 'ru')).toBeUndefined();
    expect(pageRequest('/a/b/c/d', 'ru', ORIGIN, BUILD).key).toBeUndefined();
    expect(pageRequest('/en/x/y/z', 'en', ORIGIN, BUILD).key).toBeUndefined();
    expect(pageRequest(`/en/x/y/z/_payload.json?${BUILD}`, 'en', ORIGIN, BUILD).key).toBeUndefined();
  });

  it('keys the same URL apart per locale, build, origin and kind', () => {
    // `/` is the one path whose locale does not come from the path (cookie, Accept-Language)
    const ru = pageRequest('/', 'ru', ORIGIN, BUILD);
    expect(ru.key?.key).toBe(pageKey('doc', docKeyPrefix(BUILD, ORIGIN), 'ru', '/', '')?.key);
    const en = pageRequest('/', 'en', ORIGIN, BUILD);
    expect(en.key?.key).not.toBe(ru.key?.key);
    expect(en.key).toEqual(pageKey('doc', docKeyPrefix(BUILD, ORIGIN), 'en', '/', ''));
    // and per build and origin
    expect(pageRequest('/', 'ru', ORIGIN, 'cachekeytest2').key?.key).not.toBe(ru.key?.key);
    expect(pageRequest('/', 'ru', 'http://127.0.0.1:3000', BUILD).key?.key).not.toBe(ru.key?.key);
    // a document and the payload of its page
    expect(pageKey('doc', BUILD, 'en', '/en/news', '')?.key).not.toBe(
      pageKey('payload', BUILD, 'en', '/en/news', '')?.key,
    );
  });

  it('keys a URL by the parameters its route reads only, first value each, sorted', () => {
    const long = `/en/resources/database?q=ice&utm=${'x'.repeat(4096)}`;
    expect(pageRequest(long, 'en', ORIGIN, BUILD).key?.url).toBe('/en/resources/database?q=ice');
    const a = pageRequest('/en/resources/database?year=2020&utm=x&q=ice&q=snow', 'en', ORIGIN, BUILD);
    const b = pageRequest('/en/resources/database?q=ice&fbclid=1&year=2020', 'en', ORIGIN, BUILD);
    expect(a).toEqual(b);
    expect(a.key?.url).toBe('/en/resources/database?q=ice&year=2020');
    expect(pageRequest('/en/news/x?page=2', 'en', ORIGIN, BUILD).key?.url).toBe('/en/news/x');
  });

  it('keeps what a visitor typed out of cache keys: a search is keyed by a digest of its query', () => {
    const typed = pageRequest('/en/search?q=moraine%20secret&page=2', 'en', ORIGIN, BUILD);
    expect(typed.key?.url).toBe('/en/search?page=2&q=moraine+secret');
    expect(typed.key?.key).not.toMatch(/moraine|secret/);
    expect(typed.key?.key).not.toBe(pageRequest('/en/search?q=moraine&page=2', 'en', ORIGIN, BUILD).key?.key);
    expect(pageRequest('/en/search?page=2&q=moraine%20secret', 'en', ORIGIN, BUILD).key?.key).toBe(typed.key?.key);
    const upstream = cacheKey('GET', '/api/v1/search', '?q=moraine+secret', 'en');
    expect(upstream).toMatch(/^GET \/api\/v1\/search\?\S+ en$/);
    expect(upstream).not.toMatch(/moraine|secret/);
  });
});
