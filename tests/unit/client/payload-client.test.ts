import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataStrategyFunctionArgs } from 'react-router';
import {
  createPayloadClient,
  MAX_HELD_PAYLOADS,
  PAYLOAD_HOST_ERROR,
  seedFromHydration,
} from '../../../client/runtime/payload-client.ts';

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

  it("keep the first page's hydration data below the root layout, so going back to it asks nothing", async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl });
    const seeded = seedFromHydration(
      client,
      { loaderData: { root: { menu: [] }, 'news-list': { items: [] } }, errors: null },
      { pathname: '/en/news', search: '?page=2' },
    );
    expect(seeded).toBe(true);
    const payload = await client.load('/en/news', '?page=2', { traversal: true });
    expect(server.asked).toEqual([]);
    expect(payload).toEqual({ status: 200, loaderData: { 'news-list': { items: [] } }, errors: null });
    // another query is another page
    await client.load('/en/news', '');
    expect(server.asked.map((a) => a.url)).toEqual(['/en/news/_payload.json?b']);
  });

  it('do not seed a first page that had errors: going back to it asks the browser', async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl });
    const seeded = seedFromHydration(
      client,
      { loaderData: { root: {} }, errors: { 'news-detail': { status: 404, __type: 'RouteErrorResponse' } } },
      { pathname: '/news/x', search: '' },
    );
    expect(seeded).toBe(false);
    await client.load('/news/x', '', { traversal: true });
    expect(server.asked.map((a) => a.url)).toEqual(['/news/x/_payload.json?b']);
  });

  it('refuse a payload URL that would name a host, without fetching', async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl });
    expect(PAYLOAD_HOST_ERROR).toBe('Payload URL must not include hostname');
    await expect(client.load('https://elsewhere.example/x', '')).rejects.toThrow(PAYLOAD_HOST_ERROR);
    await expect(client.load('//elsewhere.example/x', '')).rejects.toThrow(PAYLOAD_HOST_ERROR);
    expect(server.asked).toEqual([]);
  });

  it(`kept for back and forward are at most ${MAX_HELD_PAYLOADS}, the least recently used dropped first`, async () => {
    const server = payloadServer();
    const client = createPayloadClient('b', { fetchImpl: server.fetchImpl });
    const pages = Array.from({ length: MAX_HELD_PAYLOADS }, (_, i) => `/news/${i}`);
    for (const path of pages) await client.load(path, '');
    // the first is shown again: the second is now the least recently used, and one page more drops it
    await client.load(pages[0]!, '', { traversal: true });
    await client.load('/about', '');
    server.asked.length = 0;
    for (const path of [pages[0]!, ...pages.slice(2), '/about']) await client.load(path, '', { traversal: true });
    expect(server.asked).toEqual([]);
    await client.load(pages[1]!, '', { traversal: true });
    expect(server.asked.map((a) => a.url)).toEqual(['/news/1/_payload.json?b']);
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
