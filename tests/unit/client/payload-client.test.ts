import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataStrategyFunctionArgs } from 'react-router';
import { createPayloadClient, MAX_HELD_PAYLOADS } from '../../../client/runtime/payload-client.ts';

/**
 * A payload server in memory, standing for the browser's HTTP cache and the BFF behind it (the client leaves
 * freshness and revalidation to the browser): each URL's title, and what was asked.
 */
function payloadServer() {
  const titles = new Map<string, string>();
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    asked.push({ url, init });
    const title = titles.get(url) ?? 'first';
    const headers = { 'content-type': 'application/json' };
    return new Response(JSON.stringify({ status: 200, loaderData: { page: { title } }, errors: null }), { headers });
  }) as typeof fetch;
  return { titles, asked, fetchImpl };
}

const titleOf = (payload: { loaderData: Record<string, unknown> }) => payload.loaderData.page;

describe('payloads', () => {
  it('ask the browser on every link: its HTTP cache decides whether the server is asked', async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl });
    await client.load('/news', '');
    server.titles.set('/news/_payload.json?b', 'second');
    expect(titleOf(await client.load('/news', ''))).toEqual({ title: 'second' });
    // a plain fetch of the build's URL: no cache mode, validator or header of the client's own
    expect(server.asked).toEqual([
      { url: '/news/_payload.json?b', init: undefined },
      { url: '/news/_payload.json?b', init: undefined },
    ]);
  });

  it('share one fetch between concurrent callers (a prefetch and the navigation)', async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl });
    const [a, b] = await Promise.all([client.load('/news', ''), client.load('/news', '')]);
    expect(a).toBe(b);
    expect(server.asked).toHaveLength(1);
  });

  it('are kept for back and forward: a traversal asks nothing, whatever the page became since', async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl });
    const first = await client.load('/news', '');
    server.titles.set('/news/_payload.json?b', 'second');
    expect(await client.load('/news', '', { traversal: true })).toBe(first);
    expect(server.asked).toHaveLength(1);
    // a traversal to a page this tab does not have asks the browser
    await client.load('/about', '', { traversal: true });
    expect(server.asked.map((a) => a.url)).toEqual(['/news/_payload.json?b', '/about/_payload.json?b']);
  });

  it("a seeded page (the first document's data) is shown again on back without a request", async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl });
    client.seed('/news', '', { status: 200, loaderData: { page: { title: 'seeded' } }, errors: null });
    expect(titleOf(await client.load('/news', '', { traversal: true }))).toEqual({ title: 'seeded' });
    expect(server.asked).toEqual([]);
  });

  it('refuses a payload URL that names a host', async () => {
    const client = createPayloadClient('b', { fetchImpl: payloadServer().fetchImpl });
    await expect(client.loadUrl('https://elsewhere.example/x/_payload.json')).rejects.toThrow(/hostname/);
    await expect(client.loadUrl('//elsewhere.example/x/_payload.json')).rejects.toThrow(/hostname/);
  });
});

describe('payloads kept for back and forward', () => {
  it(`are at most ${MAX_HELD_PAYLOADS}, the least recently used dropped first`, async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl, maxHeld: 3 });
    for (const path of ['/a', '/b', '/c']) await client.load(path, '');
    // /a is shown again: /b is now the least recently used
    await client.load('/a', '', { traversal: true });
    await client.load('/d', '');
    expect(client.size).toBe(3);
    server.asked.length = 0;
    for (const path of ['/a', '/c', '/d']) await client.load(path, '', { traversal: true });
    expect(server.asked).toEqual([]);
    await client.load('/b', '', { traversal: true });
    expect(server.asked.map((a) => a.url)).toEqual(['/b/_payload.json?b']);
    expect(client.size).toBe(3);
  });

  it('are bounded by MAX_HELD_PAYLOADS by default', async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl });
    for (let i = 0; i < MAX_HELD_PAYLOADS + 10; i++) await client.load(`/news/${i}`, '');
    expect(client.size).toBe(MAX_HELD_PAYLOADS);
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

  it('asks the browser on a link, and shows what the tab kept on back or forward', async () => {
    // a window whose history moves: its address changes, then a popstate is dispatched
    const win = Object.assign(new EventTarget(), { location: { pathname: '/', search: '' } });
    vi.stubGlobal('window', win);
    vi.resetModules();
    const { createPayloadClient: create } = await import('../../../client/runtime/payload-client.ts');
    const server = payloadServer();
    const client = create('b', { fetchImpl: server.fetchImpl });
    await client.dataStrategy(navigation('http://site.test/news'));
    server.titles.set('/news/_payload.json?b', 'second');

    // back: react-router starts the navigation from its popstate listener, before this one hears the event
    win.location = { pathname: '/news', search: '' };
    const back = client.dataStrategy(navigation('http://site.test/news'));
    win.dispatchEvent(new Event('popstate'));
    expect(await back).toEqual({ page: { type: 'data', result: { title: 'first' } } });
    expect(server.asked).toHaveLength(1);

    // a link from another page: the browser is asked
    win.location = { pathname: '/about', search: '' };
    expect(await client.dataStrategy(navigation('http://site.test/news'))).toEqual({
      page: { type: 'data', result: { title: 'second' } },
    });

    // a link to the page shown (its address already the page's, no popstate): a link still
    server.titles.set('/news/_payload.json?b', 'third');
    win.location = { pathname: '/news', search: '' };
    expect(await client.dataStrategy(navigation('http://site.test/news'))).toEqual({
      page: { type: 'data', result: { title: 'third' } },
    });
    expect(server.asked).toHaveLength(3);
  });
});
