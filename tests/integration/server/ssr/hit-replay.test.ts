import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pino } from 'pino';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { HitReplay } from '../../../../server/ssr/hit-replay.ts';
import { memoryStore, PageCache, type CacheEntry } from '../../../../server/ssr/page-cache.ts';
import { twoLevelPageStore } from '../../../../server/ssr/page-store.ts';
import { startServedApp } from '../../../helpers/served-app.ts';
import { fetchRaw } from './page-fetch.ts';

type App = Awaited<ReturnType<typeof startServedApp>>['app'];

/** A counter or gauge without labels, read from the app's registry. */
async function metric(app: App, name: string): Promise<number> {
  const text = await app.metrics.getSingleMetricAsString(name);
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
}
/** http_requests_total of a route's GETs answered 200. */
async function requestsOf(app: App, route: string): Promise<number> {
  const text = await app.metrics.getSingleMetricAsString('http_requests_total');
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`http_requests_total{method="GET",route="${route}",status="200"}`));
  return Number(line?.split(' ').at(-1) ?? 0);
}
/** Answers sent by the replay. */
const replays = (app: App) => metric(app, 'page_replays_total');

/**
 * GET/HEAD an early hit and wait until it is recorded: the recording is made once the answer is complete on the
 * server, which may be after the client has read it.
 */
async function recordedHit(app: App, url: string, init: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> }) {
  const before = await metric(app, 'page_replay_recordings');
  const res = await request(url, init);
  const body = Buffer.from(await res.body.arrayBuffer());
  expect(res.headers['x-cache']).toBe('hit');
  await expect.poll(() => metric(app, 'page_replay_recordings')).toBe(before + 1);
  return { status: res.statusCode, headers: res.headers, body };
}

/** Everything but the headers Node writes per answer. */
const sentHeaders = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date' && name !== 'keep-alive'));

// the content API and both apps live for the whole file (made outside the describes, closed after the file)
const behindProxy = await startServedApp({ config: { TRUST_PROXY: 1 } });
const direct = await startServedApp();

describe('fresh hits replayed before Fastify (the served app, behind one trusted proxy)', () => {
  const { app, origin, logs } = behindProxy;
  const get = (path: string, headers: Record<string, string> = {}) => fetchRaw(origin + path, headers);
  /**
   * Render and store a page, and wait until it is a fresh hit in memory. The waiting requests carry an If-None-Match
   * that matches nothing: answered 200 by the early hit path, never recorded or replayed.
   */
  async function stored(path: string) {
    expect((await get(path)).h('x-cache')).toBe('miss');
    await expect.poll(async () => (await get(path, { 'if-none-match': '"none"' })).h('x-cache')).toBe('hit');
  }
  const requestLines = (url: string) =>
    logs.filter((l) => l.msg === 'request' && (l.req as { url: string }).url === url);

  it('answers the second early hit of a variant with the first one’s status, headers and bytes, logged and counted', async () => {
    const path = '/en/about';
    await stored(path);
    await expect.poll(() => requestLines(path).length).toBeGreaterThan(1);
    const linesBefore = requestLines(path).length;
    const countedBefore = await requestsOf(app, 'about');
    const start = await replays(app);
    const early = await recordedHit(app, origin + path, { headers: { 'accept-encoding': 'br' } });
    expect(await replays(app)).toBe(start);

    const replayed = await request(origin + path, { headers: { 'accept-encoding': 'br' } });
    const replayedBody = Buffer.from(await replayed.body.arrayBuffer());
    expect(await replays(app)).toBe(start + 1);
    expect(replayed.statusCode).toBe(early.status);
    expect(sentHeaders(replayed.headers)).toEqual(sentHeaders(early.headers));
    expect(replayed.headers['content-security-policy']).toContain("'sha256-");
    expect(replayedBody.equals(early.body)).toBe(true);
    expect(brotliDecompressSync(replayedBody).toString('utf8')).toContain('</html>');

    // one line per request, the replayed one like the others (request id, route, status, outcome)
    await expect.poll(() => requestLines(path).length).toBe(linesBefore + 2);
    const [hit, replayLine] = requestLines(path).slice(-2);
    expect([replayLine?.route, replayLine?.status, replayLine?.cache]).toEqual([hit?.route, hit?.status, 'hit']);
    expect([hit?.replay, replayLine?.replay]).toEqual([undefined, true]);
    expect(replayLine?.reqId).toMatch(/^[\w-]{36}$/);
    expect(replayLine?.reqId).not.toBe(hit?.reqId);
    // counted under the page's route id, as a routed answer is
    expect(await requestsOf(app, 'about')).toBe(countedBefore + 2);
  });

  it('keeps one recording per method, Host and encoding', async () => {
    const path = '/en/about/team';
    await stored(path);
    const start = await replays(app);
    const gzip = { 'accept-encoding': 'gzip' };
    await recordedHit(app, origin + path, { headers: gzip });
    const zipped = await get(path, gzip);
    expect(await replays(app)).toBe(start + 1);
    expect(zipped.h('content-encoding')).toBe('gzip');
    expect(gunzipSync(zipped.body).toString('utf8')).toContain('</html>');

    // identity is another variant: recorded on its first early hit, replayed on the next
    await recordedHit(app, origin + path, {});
    expect(await replays(app)).toBe(start + 1);
    const plain = await get(path);
    expect(await replays(app)).toBe(start + 2);
    expect(plain.h('content-encoding')).toBeUndefined();
    expect(Number(plain.h('content-length'))).toBe(plain.body.length);

    const earlyHead = (await recordedHit(app, origin + path, { method: 'HEAD', headers: gzip })).headers;
    const head = await request(origin + path, { method: 'HEAD', headers: gzip });
    await head.body.dump();
    const replayedHead = head.headers;
    expect(await replays(app)).toBe(start + 3);
    expect(sentHeaders(replayedHead)).toEqual(sentHeaders(earlyHead));
    expect(replayedHead['content-encoding']).toBe('gzip');

    // the page is rendered for the Host it was asked on (an allowed one): a Host of its own is a variant of its own
    const port = new URL(origin).port;
    const byName = await get(path, { host: `localhost:${port}` });
    expect(byName.text).toContain(`http://localhost:${port}/en/about/team`);
    expect(await replays(app)).toBe(start + 3);
  });

  it('leaves to Fastify what could change the answer: If-None-Match, forwarded host or proto, a malformed header', async () => {
    const path = '/en/news';
    await stored(path);
    const first = await recordedHit(app, origin + path, {});
    const start = await replays(app);

    const notModified = await get(path, { 'if-none-match': String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    const forwarded = await get(path, { 'x-forwarded-host': 'elsewhere.example' });
    expect(forwarded.status).toBe(200);
    const malformed = await get(path, { 'x-forwarded-for': 'not an address' });
    expect(malformed.status).toBe(400);
    expect(await replays(app)).toBe(start);
  });
});

describe('fresh hits replayed before Fastify (no proxy trusted)', () => {
  const { app, origin } = direct;

  it('replays requests with forwarded host and proto too: the page never reads them', async () => {
    const path = '/en/resources/tools';
    await fetchRaw(origin + path);
    await expect
      .poll(async () => (await fetchRaw(origin + path, { 'if-none-match': '"none"' })).h('x-cache'))
      .toBe('hit');
    const plain = await recordedHit(app, origin + path, {});
    const start = await replays(app);
    const viaProxy = await fetchRaw(origin + path, {
      'x-forwarded-host': 'elsewhere.example',
      'x-forwarded-proto': 'https',
    });
    expect(await replays(app)).toBe(start + 1);
    expect(viaProxy.body.equals(plain.body)).toBe(true);
    expect(viaProxy.text).not.toContain('elsewhere.example');
  });
});

describe('HitReplay over a page cache', () => {
  let now = 1_000_000;
  const ttlMs = 60_000;
  const log = pino({ level: 'silent' });
  const store = twoLevelPageStore({ l1: memoryStore(10_000_000, () => now), log, now: () => now });
  const cache = new PageCache({ ttlMs, maxBytes: 10_000_000, now: () => now, store });
  const fillResult = (text: string) => ({
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: Buffer.from(`<!doctype html><p>${text}</p>${' '.repeat(2000)}`),
  });
  const replay = new HitReplay({
    cache,
    log,
    requestId: () => 'id',
    forwardedIgnored: false,
    maxRecordings: 2,
  });
  const counted: number[] = [];
  const accounting = { route: '/*', count: (seconds: number) => counted.push(seconds) };
  // what answers when the replay does not: the early hit path's part, played by a handler that sends the entry
  // fresh for the URL and records it, as plugins/page-hits.ts does with Fastify's headers
  const passed: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    passed.push(req.url ?? '');
    const key = req.url ?? '';
    const entry = replay.takeHandedOn(req, key) ?? cache.fresh(key);
    if (entry) {
      const headers = { 'content-type': 'text/html; charset=utf-8', etag: entry.etag, 'x-from': 'handler' };
      res.writeHead(200, headers).end(entry.body);
      res.once('finish', () => replay.record(req, res, headers, { key, entry }, accounting));
    } else res.writeHead(404).end();
  };
  // as server/app.ts wires it: the replay first, the handler when it does not answer
  const server = createServer((req, res) => replay.serve(req, res) || handler(req, res));
  const listening = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const put = async (key: string, text: string): Promise<CacheEntry> =>
    (await cache.run(key, async () => fillResult(text)))!;
  const get = async (path: string) => fetchRaw((await listening) + path);

  it('replays while the entry is the fresh one, and hands a replaced entry on without a second lookup', async () => {
    await put('/a', 'first');
    await get('/a');
    const replayed = await get('/a');
    expect(passed).toEqual(['/a']);
    expect(replayed.h('x-from')).toBe('handler');
    expect(replayed.text).toContain('first');
    expect(counted).toHaveLength(1);

    // refreshed after its freshness ended: the replay's lookup finds the new entry and hands it on (one L1 hit)
    now += ttlMs;
    await put('/a', 'second');
    const hits = store.stats.l1.hit;
    const renewed = await get('/a');
    expect(renewed.text).toContain('second');
    expect(passed).toEqual(['/a', '/a']);
    expect(store.stats.l1.hit).toBe(hits + 1);
    // and the new entry's answer is replayed from then on
    expect((await get('/a')).text).toContain('second');
    expect(passed).toHaveLength(2);

    // past its freshness with nothing newer: the handler decides (here: nothing fresh, 404)
    now += ttlMs;
    expect((await get('/a')).status).toBe(404);
    expect(passed).toHaveLength(3);
  });

  it('keeps at most maxRecordings, dropping the oldest, and stops replaying once closed', async () => {
    for (const key of ['/b', '/c', '/d']) {
      await put(key, key);
      await get(key);
    }
    expect(replay.size).toBe(2);
    const before = passed.length;
    await get('/d');
    await get('/b');
    expect(passed.slice(before)).toEqual(['/b']);

    replay.close();
    await get('/d');
    expect(passed.at(-1)).toBe('/d');
    expect(replay.size).toBe(0);
  });
});
