import { createHash } from 'node:crypto';
import { tracingChannel } from 'node:diagnostics_channel';
import type { FastifyRequest } from 'fastify';
import { brotliDecompressSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { startServedApp } from '../../../helpers/served-app.ts';
import { fetchRaw, inlineScripts } from '../ssr/page-fetch.ts';

// PUBLIC_ORIGIN on https: HSTS on, and every page rendered for that one origin
const { app, origin, logs, clientBuild } = await startServedApp({
  config: { PUBLIC_ORIGIN: 'https://glaciers.example' },
});

// which requests reached the page route's handler (Fastify publishes every handler call on this channel)
const handled: string[] = [];
const handlerCalls = tracingChannel<{ request: FastifyRequest }>('fastify.request.handler');
const onStart = ({ request: req }: { request: FastifyRequest }) => {
  if (req.routeOptions.url === '/*') handled.push(req.url);
};
const subscribers = { start: onStart, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
handlerCalls.subscribe(subscribers);
afterAll(() => handlerCalls.unsubscribe(subscribers));

const get = (path: string, headers: Record<string, string> = {}) => fetchRaw(origin + path, headers);

/** A miss stores its entry once the page is complete and compressed: wait for the page cache to grow. */
const pageCacheBytes = () => app.caches.all.get('page')?.size ?? 0;
async function stored(path: string, headers: Record<string, string> = {}) {
  const before = pageCacheBytes();
  const first = await get(path, headers);
  expect(first.h('x-cache')).toBe('miss');
  await expect.poll(pageCacheBytes).toBeGreaterThan(before);
  return first;
}

const requestLines = (url: string) => logs.filter((l) => l.msg === 'request' && (l.req as { url: string }).url === url);

describe('page-cache hits answered in onRequest', () => {
  it('sends a fresh hit without running the route handler, with every header and log line of a routed answer', async () => {
    const path = '/en/about';
    await stored(path);
    expect(handled.filter((u) => u === path)).toHaveLength(1);

    const hit = await get(path, { 'accept-encoding': 'br' });
    expect(hit.status).toBe(200);
    // answered before the handler
    expect(handled.filter((u) => u === path)).toHaveLength(1);
    expect(hit.h('x-cache')).toBe('hit');
    expect(hit.h('content-encoding')).toBe('br');
    expect(hit.h('vary')).toBe('Accept-Encoding');
    expect(hit.h('etag')).toMatch(/^"[\w-]+"$/);
    expect(hit.h('content-type')).toBe('text/html; charset=utf-8');
    expect(hit.h('cache-control')).toContain('s-maxage=60');
    expect(hit.h('strict-transport-security')).toBe('max-age=31536000');
    expect(hit.h('x-content-type-options')).toBe('nosniff');
    expect(hit.h('x-frame-options')).toBe('SAMEORIGIN');
    expect(Number(hit.h('content-length'))).toBe(hit.body.length);
    const html = brotliDecompressSync(hit.body).toString('utf8');
    expect(html).toContain('https://glaciers.example/en/about');
    // the CSP lists the hash of every inline script of the stored page, and no nonce
    const csp = hit.h('content-security-policy') ?? '';
    expect(csp).not.toContain('nonce-');
    const inline = inlineScripts(html);
    expect(inline.length).toBeGreaterThan(0);
    for (const m of inline)
      expect(csp).toContain(
        `'sha256-${createHash('sha256')
          .update(m[2] ?? '', 'utf8')
          .digest('base64')}'`,
      );

    // one log line per request, with the outcome and the page route
    await expect.poll(() => requestLines(path).length).toBe(2);
    expect(requestLines(path).map((l) => [l.status, l.cache, l.route])).toEqual([
      [200, 'miss', '/*'],
      [200, 'hit', '/*'],
    ]);
  });

  it('answers If-None-Match with 304 early, and HEAD with the headers only', async () => {
    const path = '/en/about/team';
    await stored(path);
    const before = handled.length;
    const first = await get(path);
    const notModified = await get(path, { 'if-none-match': first.h('etag') ?? '' });
    expect(notModified.status).toBe(304);
    expect(notModified.h('x-cache')).toBe('hit');
    expect(notModified.h('etag')).toBe(first.h('etag'));
    expect(notModified.body.length).toBe(0);
    const head = await request(origin + path, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    await head.body.dump();
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(handled.length).toBe(before);
  });

  it('serves payload hits early too, and leaves `/`, misses and redirects to their hooks and the route', async () => {
    const payload = `/en/news/_payload.json?${clientBuild.build.id}`;
    await stored(payload);
    const before = handled.length;
    const hit = await get(payload, { 'accept-encoding': 'gzip' });
    expect(hit.h('x-cache')).toBe('hit');
    expect(hit.h('content-type')).toBe('application/json; charset=utf-8');
    expect(hit.h('content-security-policy')).toBeUndefined();
    expect(handled.length).toBe(before);

    // `/` varies on the cookie: rendered every time
    await get('/', { 'accept-language': 'ru' });
    const root = await get('/', { 'accept-language': 'ru' });
    expect(root.h('x-cache')).toBe('bypass');
    // a non-canonical spelling of a stored page is still redirected
    const upper = await get('/EN/About');
    expect(upper.status).toBe(301);
    expect(upper.h('location')).toBe('/en/about');
  });
});
