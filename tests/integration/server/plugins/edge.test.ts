import { describe, expect, it } from 'vitest';
import { rawRequest } from '../../../helpers/raw-http.ts';
import { startServedApp } from '../../../helpers/served-app.ts';

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const appOrigin = (html: string) => /"origin":"([^"]+)"/.exec(html)?.[1];

// every app at the top level: the shared content API closes after the file, not after a describe block
const plain = await startServedApp();
const proxied = await startServedApp({ config: { TRUST_PROXY: ['127.0.0.1'], ALLOWED_HOSTS: ['portal.example'] } });
const fixed = await startServedApp({
  config: { PUBLIC_ORIGIN: 'https://cryo.example.org', TRUST_PROXY: ['127.0.0.1'] },
});
const strict = await startServedApp({ config: { TRUST_PROXY: ['loopback'] } });
const limited = await startServedApp({ config: { FEEDBACK_RATE_LIMIT: 2 } });
const limitedBehindProxy = await startServedApp({ config: { FEEDBACK_RATE_LIMIT: 1, TRUST_PROXY: ['127.0.0.1'] } });
// a proxy at another address is trusted: this test's client, on loopback, reaches the BFF directly
const limitedElsewhereProxy = await startServedApp({ config: { FEEDBACK_RATE_LIMIT: 2, TRUST_PROXY: ['10.0.0.0/8'] } });

describe('origin of absolute URLs (PUBLIC_ORIGIN unset, TRUST_PROXY off)', () => {
  const { port } = plain;

  it('never puts a request-chosen host into a cacheable page', async () => {
    const res = await rawRequest(port, '/en/news', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('s-maxage');
    expect(res.body).not.toContain('evil.example');
    // the default origin: the listen address of the configuration
    expect(canonicalOf(res.body)).toBe('http://127.0.0.1:3000/en/news');
    expect(appOrigin(res.body)).toBe('http:\\u002F\\u002F127.0.0.1:3000');
  });

  it.each(['/sitemap.xml', '/robots.txt', '/en/news/rss.xml', '/data/openapi.json', '/en/data/glaciers.json'])(
    'never puts a request-chosen host into %s, which shared caches keep too',
    async (path) => {
      const res = await rawRequest(port, path, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
      expect(res.status).toBe(200);
      expect(res.body).not.toContain('evil.example');
      expect(res.body).toContain('http://127.0.0.1:3000');
      expect(String(res.headers.link ?? '')).not.toContain('evil.example');
    },
  );

  it('uses an allowed Host (the listen address, localhost) as the origin, not forwarded headers', async () => {
    const res = await rawRequest(port, '/en/news', { host: `localhost:${port}`, 'x-forwarded-host': 'evil.example' });
    expect(canonicalOf(res.body)).toBe(`http://localhost:${port}/en/news`);
  });
});

describe('origin behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  const { port } = proxied;

  it('takes the forwarded host and protocol only when the host is allowed', async () => {
    const ok = await rawRequest(port, '/en/news', {
      'x-forwarded-host': 'portal.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.7',
    });
    expect(canonicalOf(ok.body)).toBe('https://portal.example/en/news');
    const evil = await rawRequest(port, '/en/news', { 'x-forwarded-host': 'evil.example' });
    expect(evil.body).not.toContain('evil.example');
    expect(canonicalOf(evil.body)).toBe('http://portal.example:3000/en/news');
  });
});

describe('PUBLIC_ORIGIN', () => {
  const { port } = fixed;

  const request = () => rawRequest(port, '/news', { host: 'localhost', 'x-forwarded-host': 'localhost' });

  it('is the only origin, whatever the headers say, and turns HSTS on', async () => {
    const res = await request();
    expect(canonicalOf(res.body)).toBe('https://cryo.example.org/news');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('malformed Host and forwarded headers', () => {
  const { app, port, logs } = strict;

  it.each([
    ['host', 'a b'],
    ['host', 'a@b'],
    ['host', '[::1'],
    ['host', ''],
    // from a trusted hop, the forwarded host is the request's host
    ['x-forwarded-host', 'a b'],
  ])('%s: %j → 400 (the branded page, JSON to a payload request), never a 500', async (name, value) => {
    logs.length = 0;
    const page = await rawRequest(port, '/news', { [name]: value, accept: 'text/html' });
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('class="site-header"');
    expect(page.body).toContain(`Malformed ${name} header`);
    const payload = await rawRequest(port, '/news/_payload.json?x', { [name]: value });
    expect(payload.status).toBe(400);
    expect(JSON.parse(payload.body)).toMatchObject({ statusCode: 400 });
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
    expect(logs.some((l) => l.msg === 'request rejected' && l.level === 30)).toBe(true);
  });

  it('counts the rejections by reason', async () => {
    expect(app.edge.counters.rejections.malformed_header).toBeGreaterThanOrEqual(10);
    const text = await app.metrics.metrics();
    expect(text).toMatch(/http_rejections_total\{reason="malformed_header"\} \d+/);
  });
});

/** What proxies in the wild write: Squid's `unknown`, RFC 7239's obfuscated identifiers and quoted addresses, ports. */
const WILD: Array<Record<string, string>> = [
  { 'x-forwarded-for': 'unknown' },
  { 'x-forwarded-for': 'unknown, 203.0.113.9' },
  { 'x-forwarded-for': '203.0.113.9, unknown' },
  { 'x-forwarded-for': '_hidden, 198.51.100.4:4711' },
  { 'x-forwarded-for': '[2001:db8:cafe::17]:4711' },
  { 'x-forwarded-for': 'not an address at all' },
  { 'x-forwarded-proto': 'gopher' },
  { 'x-forwarded-proto': 'HTTPS, http' },
  { forwarded: 'for=unknown;proto=https' },
  { forwarded: 'for="_gazonk"' },
  { forwarded: 'For="[2001:db8:cafe::17]:4711", for=192.0.2.43' },
  { forwarded: 'nonsense;;=' },
];

describe('forwarded headers as proxies send them', () => {
  it.each(WILD)('untrusted (TRUST_PROXY off): %j is ignored', async (headers) => {
    const res = await rawRequest(plain.port, '/en/news', headers);
    expect(res.status).toBe(200);
  });

  it('untrusted: even a forwarded host that cannot be a host is ignored', async () => {
    expect((await rawRequest(plain.port, '/en/news', { 'x-forwarded-host': 'a b' })).status).toBe(200);
  });

  it.each(WILD)('from a trusted hop: %j is skipped, not refused', async (headers) => {
    const res = await rawRequest(strict.port, '/en/news', headers);
    expect(res.status).toBe(200);
  });
});

describe('feedback quota per client', () => {
  const valid = { name: 'A', email: 'a@example.org', feedback_type_id: 1, message: 'm' };
  const post = (port: number, path: string, xff?: string) =>
    rawRequest(
      port,
      path,
      { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': xff },
      'POST',
      JSON.stringify(valid),
    );

  it('is one quota across /feedback and /en/feedback, whatever X-Forwarded-For says', async () => {
    const { port } = limited;
    const codes = [
      (await post(port, '/feedback', '198.51.100.1')).status,
      (await post(port, '/en/feedback', '198.51.100.2')).status,
      (await post(port, '/feedback', '198.51.100.3')).status,
      (await post(port, '/en/feedback', '198.51.100.4')).status,
    ];
    expect(codes).toEqual([200, 200, 429, 429]);
  });

  it('keys on the peer when the peer is not one of the trusted proxies, whatever X-Forwarded-For it rotates', async () => {
    const { port } = limitedElsewhereProxy;
    const codes = [];
    for (let i = 1; i <= 6; i++) codes.push((await post(port, '/feedback', `198.51.100.${i}`)).status);
    expect(codes).toEqual([200, 200, 429, 429, 429, 429]);
  });

  it('keys on the address the trusted proxy reports', async () => {
    const { port } = limitedBehindProxy;
    expect((await post(port, '/feedback', '198.51.100.1')).status).toBe(200);
    expect((await post(port, '/feedback', '198.51.100.1')).status).toBe(429);
    // another client behind the same proxy has its own quota
    expect((await post(port, '/feedback', '198.51.100.2')).status).toBe(200);
  });

  it('skips what a trusted proxy writes instead of an address: such clients share the nearest address’s quota', async () => {
    const { port } = limitedBehindProxy;
    expect((await post(port, '/feedback', 'unknown')).status).toBe(200);
    // the nearest address is the proxy's own (127.0.0.1), whatever it hid
    expect((await post(port, '/feedback', '_obfuscated')).status).toBe(429);
    // a real address with a port is that address
    expect((await post(port, '/feedback', '198.51.100.9:4711')).status).toBe(200);
    expect((await post(port, '/feedback', '198.51.100.9')).status).toBe(429);
  });
});
