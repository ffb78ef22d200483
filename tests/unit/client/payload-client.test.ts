import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataStrategyFunctionArgs } from 'react-router';
import {
  createPayloadClient,
  DEFAULT_PAYLOAD_LIFETIME_MS,
  MAX_HELD_PAYLOADS,
  payloadLifetime,
} from '../../../client/runtime/payload-client.ts';

const PAGE_POLICY = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400';

/** A payload server in memory: each URL's title and ETag, what was asked and with which validator. */
function payloadServer() {
  const titles = new Map<string, string>();
  const asked: { url: string; ifNoneMatch: string | null; cache: RequestCache | undefined }[] = [];
  const etagOf = (title: string) => `"${title.length}-${title}"`;
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    const ifNoneMatch = new Headers(init?.headers).get('if-none-match');
    asked.push({ url, ifNoneMatch, cache: init?.cache });
    const title = titles.get(url) ?? 'first';
    const headers = { 'content-type': 'application/json', 'cache-control': PAGE_POLICY, etag: etagOf(title) };
    if (ifNoneMatch === etagOf(title)) return new Response(null, { status: 304, headers });
    return new Response(JSON.stringify({ status: 200, loaderData: { page: { title } }, errors: null }), { headers });
  }) as typeof fetch;
  return { titles, asked, fetchImpl };
}

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const titleOf = (payload: { loaderData: Record<string, unknown> }) => payload.loaderData.page;

describe('payload lifetime', () => {
  it("is the answer's s-maxage, else its max-age, else the page cache's default", () => {
    expect(payloadLifetime(PAGE_POLICY)).toBe(60_000);
    expect(payloadLifetime('public, max-age=5')).toBe(5_000);
    expect(payloadLifetime('no-cache')).toBe(DEFAULT_PAYLOAD_LIFETIME_MS);
    expect(payloadLifetime(null)).toBe(DEFAULT_PAYLOAD_LIFETIME_MS);
  });
});

describe('held payloads', () => {
  it(`holds at most ${MAX_HELD_PAYLOADS}, dropping the least recently used`, async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl, maxHeld: 3 });
    for (const path of ['/a', '/b', '/c']) await client.load(path, '');
    // /a is used again: /b is now the least recently used
    await client.load('/a', '');
    await client.load('/d', '');
    expect(client.size).toBe(3);
    server.asked.length = 0;
    for (const path of ['/a', '/c', '/d']) await client.load(path, '');
    expect(server.asked).toEqual([]);
    await client.load('/b', '');
    expect(server.asked.map((a) => a.url)).toEqual(['/b/_payload.json?b']);
    expect(client.size).toBe(3);
  });

  it('is bounded by MAX_HELD_PAYLOADS by default', async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl });
    for (let i = 0; i < MAX_HELD_PAYLOADS + 10; i++) await client.load(`/news/${i}`, '');
    expect(client.size).toBe(MAX_HELD_PAYLOADS);
  });

  it('uses a held payload as it is, whatever its age, unless a link asks to revalidate it', async () => {
    const server = payloadServer();
    const time = clock();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl, now: time.now });
    await client.load('/news', '');
    time.advance(60_001);
    server.titles.set('/news/_payload.json?b', 'second');
    expect(titleOf(await client.load('/news', ''))).toEqual({ title: 'first' });
    expect(server.asked).toHaveLength(1);
    expect(titleOf(await client.load('/news', '', { revalidate: true }))).toEqual({ title: 'second' });
    expect(server.asked[1]).toEqual({ url: '/news/_payload.json?b', ifNoneMatch: '"5-first"', cache: 'no-store' });
    // the new one is fresh again for its lifetime
    expect(titleOf(await client.load('/news', '', { revalidate: true }))).toEqual({ title: 'second' });
    expect(server.asked).toHaveLength(2);
  });

  it('does not revalidate a payload within its lifetime, and keeps the held one on a 304', async () => {
    const server = payloadServer();
    const time = clock();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl, now: time.now });
    const first = await client.load('/news', '');
    time.advance(59_000);
    expect(await client.load('/news', '', { revalidate: true })).toBe(first);
    expect(server.asked).toHaveLength(1);
    time.advance(1_000);
    const [a, b] = await Promise.all([
      client.load('/news', '', { revalidate: true }),
      client.load('/news', '', { revalidate: true }),
    ]);
    expect(a).toBe(first);
    expect(b).toBe(first);
    // one conditional request for both callers, answered 304
    expect(server.asked.slice(1)).toEqual([
      { url: '/news/_payload.json?b', ifNoneMatch: '"5-first"', cache: 'no-store' },
    ]);
    // a 304 starts a new lifetime
    time.advance(59_000);
    await client.load('/news', '', { revalidate: true });
    expect(server.asked).toHaveLength(2);
  });

  it('keeps serving the held payload when a revalidation fails, and tries again next time', async () => {
    const server = payloadServer();
    const time = clock();
    let offline = false;
    const fetchImpl = ((url: string, init?: RequestInit) =>
      offline ? Promise.reject(new TypeError('Failed to fetch')) : server.fetchImpl(url, init)) as typeof fetch;
    const client = createPayloadClient('b', { fetchImpl, now: time.now });
    const first = await client.load('/news', '');
    time.advance(61_000);
    offline = true;
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await client.load('/news', '', { revalidate: true })).toBe(first);
    expect(logged).toHaveBeenCalledWith('[portal] payload revalidation failed', expect.any(TypeError));
    logged.mockRestore();
    offline = false;
    server.titles.set('/news/_payload.json?b', 'second');
    expect(titleOf(await client.load('/news', '', { revalidate: true }))).toEqual({ title: 'second' });
  });

  it('revalidates a seeded page (no ETag) with a plain request once the default lifetime is over', async () => {
    const server = payloadServer();
    const time = clock();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl, now: time.now });
    client.seed('/news', '', { status: 200, loaderData: { page: { title: 'seeded' } }, errors: null });
    time.advance(DEFAULT_PAYLOAD_LIFETIME_MS - 1);
    expect(titleOf(await client.load('/news', '', { revalidate: true }))).toEqual({ title: 'seeded' });
    time.advance(1);
    expect(titleOf(await client.load('/news', '', { revalidate: true }))).toEqual({ title: 'first' });
    expect(server.asked).toEqual([{ url: '/news/_payload.json?b', ifNoneMatch: null, cache: 'no-cache' }]);
  });
});

describe('the data strategy', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The arguments react-router gives the data strategy for one route of a navigation to `url`. */
  const navigation = (url: string) =>
    ({
      request: new Request(url),
      matches: [{ shouldLoad: true, route: { id: 'page' } }],
    }) as unknown as DataStrategyFunctionArgs;

  it('revalidates an old payload on a link, and uses it as it is on back or forward', async () => {
    // a window whose history moves: its address changes, then a popstate is dispatched
    const win = Object.assign(new EventTarget(), { location: { pathname: '/', search: '' } });
    vi.stubGlobal('window', win);
    vi.resetModules();
    const { createPayloadClient: create } = await import('../../../client/runtime/payload-client.ts');
    const server = payloadServer();
    const time = clock();
    const client = create('b', { fetchImpl: server.fetchImpl, now: time.now });
    await client.dataStrategy(navigation('http://site.test/news'));
    time.advance(61_000);
    server.titles.set('/news/_payload.json?b', 'second');

    // back: react-router starts the navigation from its popstate listener, before this one hears the event
    win.location = { pathname: '/news', search: '' };
    const back = client.dataStrategy(navigation('http://site.test/news'));
    win.dispatchEvent(new Event('popstate'));
    expect(await back).toEqual({ page: { type: 'data', result: { title: 'first' } } });
    expect(server.asked).toHaveLength(1);

    // a link from another page: one conditional request, the new payload
    win.location = { pathname: '/about', search: '' };
    expect(await client.dataStrategy(navigation('http://site.test/news'))).toEqual({
      page: { type: 'data', result: { title: 'second' } },
    });
    expect(server.asked.map((a) => a.ifNoneMatch)).toEqual([null, '"5-first"']);

    // a link to the page shown (its address already the page's, no popstate): a link still, so it revalidates
    time.advance(61_000);
    server.titles.set('/news/_payload.json?b', 'third');
    win.location = { pathname: '/news', search: '' };
    expect(await client.dataStrategy(navigation('http://site.test/news'))).toEqual({
      page: { type: 'data', result: { title: 'third' } },
    });
    expect(server.asked.map((a) => a.ifNoneMatch)).toEqual([null, '"5-first"', '"6-second"']);
  });
});
