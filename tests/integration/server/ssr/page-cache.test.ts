import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { CachePolicy } from '../../../../server/cache-policies.ts';
import { request } from 'undici';
import { sharedContentApi } from '../../../helpers/app.ts';
import { forwardTo, gate, json, startFakeUpstream } from '../../../helpers/fake-upstream.ts';
import { startServedApp } from '../../../helpers/served-app.ts';
import { fetchRaw, inlineScripts } from './page-fetch.ts';
import { loadClientBuild } from '../../../../server/ssr/prod.ts';
import type { ClientBuild } from '../../../../server/ssr/client-build.ts';

// a counting, delegating clientBuild: the real render, plus how many times it ran and an optional extra header
const base = loadClientBuild();
let renders = 0;
let extraHeader: [string, string] | undefined;
/** when set, the next render's stream ends only once this settles (its bytes flow on as rendered) */
let endGate: Promise<void> | undefined;
/** the stream of the last render held by `endGate`, as the page route got it */
let heldStream: PassThrough | undefined;
const clientBuild: ClientBuild = {
  ...base,
  load: async () => {
    const { renderDocument } = await base.load();
    return {
      renderDocument: async (input) => {
        renders += 1;
        const result = await renderDocument(input);
        if (extraHeader && result.kind === 'stream') result.headers.set(...extraHeader);
        const gate = endGate;
        if (gate && result.kind === 'stream') {
          endGate = undefined;
          // the stream as rendered, its end held until the gate opens
          const held = new PassThrough();
          heldStream = held;
          result.stream.on('data', (chunk: Buffer) => held.write(chunk));
          result.stream.once('end', () => void gate.then(() => held.end()));
          return { ...result, stream: held };
        }
        return result;
      },
    };
  },
};

const content = await sharedContentApi();
const upstream = await startFakeUpstream(forwardTo(content.url));
afterAll(() => upstream.close());
const PURGE_TOKEN = 'page-cache-test-purge-token';
const { app, origin, logs } = await startServedApp({ upstreamUrl: upstream.url, clientBuild, config: { PURGE_TOKEN } });
const buildId = base.build.id;

beforeEach(() => {
  upstream.handler = forwardTo(content.url);
  extraHeader = undefined;
});

const get = (path: string, headers: Record<string, string> = {}) => fetchRaw(origin + path, headers);

/**
 * `count` concurrent requests of `path` on a cold upstream cache, the upstream's answers held until every request has
 * reached the server (its `request` event) and the first render has asked the upstream.
 */
async function concurrently(count: number, path: string) {
  const held = gate();
  upstream.handler = async (req, res) => {
    await held.passed;
    await forwardTo(content.url)(req, res);
  };
  app.upstream.cache.clear();
  const arrived = requestsArriving();
  const pending = Promise.all(Array.from({ length: count }, () => get(path)));
  await expect.poll(() => arrived.count >= count && upstream.requests.length > 0).toBe(true);
  held.open();
  arrived.stop();
  return pending;
}

/** Counts the requests that reach the listening server from now on (its `request` event), until `stop()`. */
function requestsArriving() {
  const seen = { count: 0 };
  const onRequest = () => (seen.count += 1);
  app.server.on('request', onRequest);
  return {
    get count() {
      return seen.count;
    },
    stop: () => app.server.off('request', onRequest),
  };
}

/** A body's first chunk, checked to open the document, and `rest()`: the whole text once the body has ended. */
async function firstChunk(body: AsyncIterable<Uint8Array>) {
  const chunks: Buffer[] = [];
  const iterator = body[Symbol.asyncIterator]();
  const first = await iterator.next();
  chunks.push(Buffer.from(first.value as Uint8Array));
  expect(Buffer.concat(chunks).toString()).toMatch(/^<!DOCTYPE html>/);
  return {
    rest: async () => {
      for (let next = await iterator.next(); !next.done; next = await iterator.next())
        chunks.push(Buffer.from(next.value));
      return Buffer.concat(chunks).toString();
    },
  };
}

describe('rendered-page cache', () => {
  it('serves a stored page under a hash-based CSP where its render used the nonce', async () => {
    const miss = await get('/en/news/events');
    expect(miss.status).toBe(200);
    expect(miss.h('x-cache')).toBe('miss');
    const nonce = /'nonce-([^']+)'/.exec(miss.h('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    for (const m of inlineScripts(miss.text)) expect(m[1]).toContain(`nonce="${nonce}"`);

    const hit = await get('/en/news/events');
    expect(hit.h('x-cache')).toBe('hit');
    expect(hit.h('etag')).toMatch(/^"[\w-]+"$/);
    const csp = hit.h('content-security-policy') ?? '';
    expect(csp).not.toContain('nonce-');
    expect(hit.text).not.toContain('nonce=');
    const scripts = inlineScripts(hit.text);
    expect(scripts.length).toBeGreaterThan(0);
    for (const m of scripts) {
      const hash = createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    // same document apart from the nonce attributes
    expect(hit.text).toBe(miss.text.replaceAll(` nonce="${nonce}"`, ''));
    expect(logs.some((l) => l.msg === 'request' && l.cache === 'hit')).toBe(true);
  });

  it('hands a miss to the visitor while it renders, and stores it once the render has ended', async () => {
    let release = () => {};
    endGate = new Promise<void>((resolve) => (release = resolve));
    const res = await request(`${origin}/en/news?page=6`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-cache']).toBe('miss');
    // the document arrives while its render is held open
    const visitor = await firstChunk(res.body);
    // a request meanwhile waits for that render's entry: no render of its own, the stored page once it is there
    const before = renders;
    const arrived = requestsArriving();
    const waiting = request(`${origin}/en/news?page=6`);
    await expect.poll(() => arrived.count).toBe(1);
    arrived.stop();
    release();
    const html = await visitor.rest();
    expect(html.trimEnd()).toMatch(/<\/html>$/);
    const joined = await waiting;
    expect(joined.headers['x-cache']).toBe('hit');
    expect(await joined.body.text()).toBe(html.replace(/ nonce="[^"]+"/g, ''));
    expect(renders).toBe(before);
    const stored = await get('/en/news?page=6');
    expect(stored.h('x-cache')).toBe('hit');
    expect(stored.text).toBe(html.replace(/ nonce="[^"]+"/g, ''));
  });

  it('a purge while a page renders sends a later reader to a render of its own, not to the one from before', async () => {
    let release = () => {};
    endGate = new Promise<void>((resolve) => (release = resolve));
    const visitor = await firstChunk((await request(`${origin}/en/news?page=7`)).body);
    const purged = await request(`${origin}/__purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PURGE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paths: ['/en/news'] }),
    });
    expect(purged.statusCode).toBe(200);
    await purged.body.text();
    const before = renders;
    const after = await get('/en/news?page=7');
    expect(after.h('x-cache')).toBe('miss');
    expect(renders).toBe(before + 1);
    release();
    await visitor.rest();
  });

  it('stops a render whose only visitor went away before its end, and stores nothing of it', async () => {
    let release = () => {};
    endGate = new Promise<void>((resolve) => (release = resolve));
    const before = renders;
    // the server's side of the visitor's answer: closed once the visitor has gone
    const answerClosed = new Promise<void>((resolve) =>
      app.server.once('request', (_req, res: ServerResponse) => res.once('close', () => resolve())),
    );
    const { port } = new URL(origin);
    const socket = connect(Number(port), '127.0.0.1');
    socket.write(`GET /en/search?q=abandoned HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    // the headers and the document's first bytes: the render is streaming, held open
    const [first] = (await once(socket, 'data')) as [Buffer];
    expect(first.toString()).toMatch(/^HTTP\/1\.1 200/);
    const held = heldStream;
    expect(held?.readableEnded).toBe(false);
    socket.resetAndDestroy();
    await answerClosed;
    // the render's stream was destroyed as the visitor left (React's render aborts with it), before its end
    expect(held?.destroyed).toBe(true);
    expect(held?.readableEnded).toBe(false);
    release();
    const next = await get('/en/search?q=abandoned');
    expect(next.status).toBe(200);
    expect(next.h('x-cache')).toBe('miss');
    expect(renders).toBe(before + 2);
    expect(logs.some((l) => l.msg === 'render failed')).toBe(false);
  });

  it('renders 50 concurrent misses of one page once', async () => {
    const before = renders;
    const all = await concurrently(50, '/en/news?page=2');
    expect(renders - before).toBe(1);
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(all.filter((r) => r.h('x-cache') === 'miss')).toHaveLength(1);
    expect(new Set(all.map((r) => r.text.replace(/ nonce="[^"]+"/g, ''))).size).toBe(1);
  });

  it('shares an entry between URLs that differ only in parameters the page does not read', async () => {
    await get('/en/news?page=3&utm_source=mail');
    const before = renders;
    const other = await get('/en/news?fbclid=1&page=3');
    expect(other.h('x-cache')).toBe('hit');
    expect(renders).toBe(before);
    // the page is rendered from the normalized URL, so no visitor's extra parameter shows up in it
    expect(other.text).not.toContain('utm_source');
    expect((await get('/en/news?page=4')).h('x-cache')).toBe('miss');
  });

  it('does not store error pages or payloads', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await get('/en/news/no-such-story');
      expect(res.status).toBe(404);
      expect(res.h('x-cache')).toBe('miss');
    }
    const unknown = await get('/en/no/such/page?x=1');
    expect(unknown.status).toBe(404);
    expect(unknown.h('x-cache')).toBe('bypass');
    expect(unknown.text).toContain('Page not found: /en/no/such/page?x=1');
    for (let i = 0; i < 2; i += 1) {
      const missing = await get(`/en/news/missing-story/_payload.json?${buildId}`);
      expect(missing.status).toBe(404);
      expect(missing.h('x-cache')).toBe('miss');
    }

    app.upstream.cache.clear();
    upstream.handler = (req, res) =>
      req.url.startsWith('/api/v1/team') ? json(res, 503, { message: 'down' }) : forwardTo(content.url)(req, res);
    const failed = await get('/en/about/team');
    expect(failed.status).toBe(503);
    upstream.handler = forwardTo(content.url);
    const after = await get('/en/about/team');
    expect(after.status).toBe(200);
    expect(after.h('x-cache')).toBe('miss');
  });

  it('answers concurrent misses of an error page each with a whole page and its own nonce, storing none', async () => {
    const all = await concurrently(5, '/en/news/no-such-story-at-all');
    const nonces = new Set<string>();
    for (const res of all) {
      expect(res.status).toBe(404);
      expect(res.h('x-cache')).toBe('miss');
      expect(res.h('cache-control')).toBe(CachePolicy.none);
      expect(res.text).toContain('Page not found');
      expect(res.text.trimEnd()).toMatch(/<\/html>$/);
      const nonce = /'nonce-([^']+)'/.exec(res.h('content-security-policy') ?? '')?.[1] ?? '';
      for (const m of inlineScripts(res.text)) expect(m[1]).toContain(`nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(5);
    expect((await get('/en/news/no-such-story-at-all')).h('x-cache')).toBe('miss');
  });

  it('does not store answers that set cookies', async () => {
    extraHeader = ['set-cookie', 'seen=1; Path=/'];
    const first = await get('/en/resources/tools');
    expect(first.h('set-cookie')).toBe('seen=1; Path=/');
    extraHeader = undefined;
    expect((await get('/en/resources/tools')).h('x-cache')).toBe('miss');
  });

  const vary = (res: { h: (name: string) => string | undefined }) => (res.h('vary') ?? '').split(/,\s*/).sort();

  it('stores `/` for every visitor whose locale resolves to Russian, varied on the cookie and Accept-Language; sends an English one to /en privately', async () => {
    const first = await get('/', { 'accept-language': 'ru' });
    expect(first.status).toBe(200);
    expect(first.h('cache-control')).toBe(app.pagePolicies.document);
    expect(vary(first)).toEqual(expect.arrayContaining(['Accept-Language', 'Cookie']));
    await expect.poll(async () => (await get('/', { 'accept-language': 'ru' })).h('x-cache')).toBe('hit');
    const stored = await get('/', { 'accept-language': 'ru' });
    // no Accept-Language, or a cookie that chose Russian over an English browser: the same stored page
    for (const headers of [{}, { 'accept-language': 'en', cookie: 'i18n_redirected=ru' }] as Array<
      Record<string, string>
    >) {
      const again = await get('/', headers);
      expect(again.status).toBe(200);
      expect(again.h('x-cache')).toBe('hit');
      expect(again.h('cache-control')).toBe(app.pagePolicies.document);
      expect(vary(again)).toEqual(['Accept-Encoding', 'Accept-Language', 'Cookie']);
      expect(again.h('etag')).toBe(stored.h('etag'));
    }
    // an English visitor is sent to /en, privately
    const english = await get('/', { 'accept-language': 'en' });
    expect(english.status).toBe(302);
    expect(english.h('location')).toBe('/en');
    expect(english.h('cache-control')).toBe('private, no-store');
    expect(vary(english)).toEqual(['Accept-Language', 'Cookie']);
  });

  it('answers If-None-Match with 304, and HEAD from the stored page with its length', async () => {
    await get('/en/multimedia/video');
    const hit = await get('/en/multimedia/video');
    const etag = hit.h('etag') ?? '';
    const again = await get('/en/multimedia/video', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await get('/en/multimedia/video', { 'if-none-match': '"other"' })).status).toBe(200);
    const head = await request(`${origin}/en/multimedia/video`, { method: 'HEAD' });
    await head.body.dump();
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-cache']).toBe('hit');
    expect(Number(head.headers['content-length'])).toBe(hit.body.length);
  });
});

describe('compression', () => {
  it('negotiates br and gzip on hits from precompressed bytes, and sends identity otherwise', async () => {
    const plain = await get('/en/news/jobs');
    await get('/en/news/jobs');
    const identity = await get('/en/news/jobs', { 'accept-encoding': 'identity' });
    expect(identity.h('content-encoding')).toBeUndefined();
    const br = await get('/en/news/jobs', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.h('x-cache')).toBe('hit');
    expect(br.h('content-encoding')).toBe('br');
    expect(br.h('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(identity.text);
    const gz = await get('/en/news/jobs', { 'accept-encoding': 'gzip' });
    expect(gz.h('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(identity.text);
    expect(br.body.length).toBeLessThan(identity.body.length / 3);
    expect(plain.status).toBe(200);
  });

  it('compresses a streamed miss', async () => {
    const miss = await get('/en/resources/monitoring-methods', { 'accept-encoding': 'br' });
    expect(miss.h('x-cache')).toBe('miss');
    expect(miss.h('content-encoding')).toBe('br');
    expect(brotliDecompressSync(miss.body).toString()).toContain('</html>');
  });

  it('leaves tiny bodies uncompressed', async () => {
    const tiny = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(tiny.h('content-encoding')).toBeUndefined();
  });

  it('caches payloads pre-serialized and precompressed', async () => {
    const url = `/en/news/_payload.json?${buildId}&page=2`;
    const miss = await get(`${url}&utm=1`, { 'accept-encoding': 'gzip' });
    expect(miss.status).toBe(200);
    const hit = await get(url, { 'accept-encoding': 'br' });
    expect(hit.h('x-cache')).toBe('hit');
    expect(hit.h('content-type')).toContain('application/json');
    expect(hit.h('content-encoding')).toBe('br');
    const data = JSON.parse(brotliDecompressSync(hit.body).toString()) as { status: number };
    expect(data.status).toBe(200);
    expect(brotliDecompressSync(hit.body).toString()).toBe(
      miss.h('content-encoding') === 'gzip' ? gunzipSync(miss.body).toString() : miss.text,
    );
  });
});

describe('103 Early Hints', () => {
  it('sends the stylesheet and entry module before the page on a navigation miss', async () => {
    const { hints, status } = await new Promise<{ hints: string[]; status: number }>((resolve, reject) => {
      const seen: string[] = [];
      const req = httpRequest(`${origin}/en/study/webinars`, { headers: { 'sec-fetch-dest': 'document' } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ hints: seen, status: res.statusCode ?? 0 }));
      });
      req.on('information', (info) => {
        if (info.statusCode === 103) seen.push(String(info.headers.link));
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    expect(hints).toHaveLength(1);
    expect(hints[0]).toMatch(/<\/assets\/[^>]+\.css>; rel=preload; as=style/);
    expect(hints[0]).toMatch(/<\/assets\/entry\.client-[\w-]+\.js>; rel=modulepreload/);
  });
});

describe('page cache metrics', () => {
  it('counts its lookups per layer in /metrics (memory only without Redis)', async () => {
    // the first request renders and stores (after its answer is out): ask until the store answers
    await expect.poll(async () => (await get('/en/study/webinars')).h('x-cache')).toBe('hit');
    const text = await app.metrics.metrics();
    expect(text).toMatch(/cache_lookups_total\{cache="page",layer="l1",outcome="hit"\} [1-9]/);
    expect(text).toMatch(/cache_lookups_total\{cache="page",layer="l1",outcome="miss"\} [1-9]/);
    expect(text).not.toMatch(/cache="page",layer="l2"/);
  });
});
