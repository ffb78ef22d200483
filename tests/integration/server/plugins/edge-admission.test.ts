import { brotliCompressSync, deflateSync, gzipSync, zstdCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../../../helpers/raw-http.ts';
import { startServedApp } from '../../../helpers/served-app.ts';

const TOKEN = 'a-purge-token-of-the-admission-test';

// what a request may carry before any route sees it (server/plugins/edge.ts), on real sockets
const started = await startServedApp({ config: { PURGE_TOKEN: TOKEN } });
const { port } = started;

const beacon = JSON.stringify({ path: '/en/news', width: 1280, metrics: [{ name: 'LCP', value: 1200 }] });
const purgeBody = JSON.stringify({ keys: ['news'] });
const feedback = 'name=A&email=a%40example.org&message=Hello';
const codings: Record<string, (b: Buffer) => Buffer> = {
  br: brotliCompressSync,
  gzip: gzipSync,
  deflate: deflateSync,
  zstd: zstdCompressSync,
};
const posts = [
  { path: '/_vitals', type: 'text/plain;charset=UTF-8', body: beacon, auth: {} },
  { path: '/en/feedback', type: 'application/x-www-form-urlencoded', body: feedback, auth: {} },
  { path: '/__purge', type: 'application/json', body: purgeBody, auth: { authorization: `Bearer ${TOKEN}` } },
];
const metric = async (name: string) => {
  const text = await started.app.metrics.metrics();
  return text.split('\n').filter((line) => line.startsWith(name));
};

describe('request bodies with a content coding', () => {
  it('are refused with 415 and Accept-Encoding: identity on every route, whatever the coding', async () => {
    const answers = await Promise.all(
      posts.flatMap(({ path, type, body, auth }) =>
        Object.entries(codings).map(async ([coding, encode]) => {
          const res = await rawRequest(
            port,
            path,
            { 'content-type': type, 'content-encoding': coding, ...auth },
            'POST',
            encode(Buffer.from(body)),
          );
          return { what: `${coding} ${path}`, status: res.status, accept: res.headers['accept-encoding'] };
        }),
      ),
    );
    expect(answers.filter((a) => a.status !== 415 || a.accept !== 'identity')).toEqual([]);
  });

  it('are refused before they are decoded: a body that is no valid coding gets the same 415', async () => {
    const res = await rawRequest(
      port,
      '/_vitals',
      { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
      'POST',
      'not gzip at all',
    );
    expect(res.status).toBe(415);
  });

  it('does not purge: the refused call never reached the webhook', async () => {
    const before = await metric('cache_purges_total');
    const res = await rawRequest(
      port,
      '/__purge',
      { 'content-type': 'application/json', 'content-encoding': 'br', authorization: `Bearer ${TOKEN}` },
      'POST',
      brotliCompressSync(Buffer.from(purgeBody)),
    );
    expect(res.status).toBe(415);
    expect(await metric('cache_purges_total')).toEqual(before);
  });

  it('takes the same bodies as identity, or with no Content-Encoding', async () => {
    const identity = await rawRequest(
      port,
      '/_vitals',
      { 'content-type': 'text/plain', 'content-encoding': 'identity' },
      'POST',
      beacon,
    );
    const plain = await rawRequest(port, '/_vitals', { 'content-type': 'text/plain' }, 'POST', beacon);
    expect([identity.status, plain.status]).toEqual([204, 204]);
  });
});

describe('the purge webhook without its token', () => {
  it('answers at once, before the body it announces has arrived, with no token or a wrong one', async () => {
    // a body announced and never sent: waiting for it would leave the call unanswered until the request timeout
    const answers = await Promise.all(
      [{}, { authorization: 'Bearer not-the-token-at-all' }].map((auth) =>
        rawRequest(
          port,
          '/__purge',
          { 'content-type': 'application/json', 'content-length': String(256 * 1024), ...auth },
          'POST',
        ),
      ),
    );
    expect(answers.map((res) => [res.status, res.headers['www-authenticate']])).toEqual([
      [401, 'Bearer realm="purge"'],
      [401, 'Bearer realm="purge"'],
    ]);
  });
});

describe('request targets that are not origin-form', () => {
  it('never reach a route: asterisk-form before a page, a share image, the worker or health', async () => {
    const targets = ['*en/about', '*/en/about', '*healthz', '*sw.js', '*_og/en/news.png', '*'];
    const answers = await Promise.all(
      targets.map(async (target) => ({ target, status: (await rawRequest(port, target)).status })),
    );
    expect(answers).toEqual(targets.map((target) => ({ target, status: 400 })));
  });

  it('answer OPTIONS * with what the server allows', async () => {
    const res = await rawRequest(port, '*', {}, 'OPTIONS');
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
  });

  it('take absolute-form for this host as its path (RFC 9112 §3.2.2), and refuse it for another', async () => {
    const own = await rawRequest(port, `http://127.0.0.1:${port}/en/about`);
    const path = await rawRequest(port, '/en/about');
    const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(own.status).toBe(200);
    expect(titleOf(own.body)).toBe(titleOf(path.body));
    expect(titleOf(own.body)).toMatch(/About/);
    const other = await rawRequest(port, 'http://elsewhere.example/en/about');
    const scheme = await rawRequest(port, `ftp://127.0.0.1:${port}/en/about`);
    expect([other.status, scheme.status]).toEqual([400, 400]);
  });

  it('are counted as rejections at the edge', async () => {
    await rawRequest(port, '*en/news');
    expect((await metric('http_rejections_total')).join('\n')).toMatch(/reason="request_target"\} [1-9]/);
  });
});
