import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { matchedRoute, pageKey } from '../../../../server/ssr/cache-key.ts';
import { NONCE_PLACEHOLDER, swapNonce } from '../../../../server/ssr/handle-document.ts';
import { etagMatches, inlineScriptHashes, PageCache, type FillResult } from '../../../../server/ssr/page-cache.ts';
import { negotiateEncoding } from '../../../../server/ssr/serve-entry.ts';

const fillOf = (text: string): FillResult => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: Buffer.from(text),
});

describe('page cache key', () => {
  it('finds the route of a path in either locale, with the query parameters its section lists; not the catch-all', () => {
    expect(matchedRoute('/en/news/some-story', 'en')?.id).toBe('news-detail');
    expect(matchedRoute('/news', 'ru')?.query).toEqual(['page']);
    expect(matchedRoute('/', 'ru')?.id).toBe('home');
    expect(matchedRoute('/en', 'en')?.id).toBe('home');
    expect(matchedRoute('/a/b/c/d', 'ru')).toBeUndefined();
    expect(pageKey('doc', 'b1', 'ru', '/a/b/c/d', '')).toBeUndefined();
  });

  it('keeps only the parameters the route reads, first value, sorted', () => {
    const a = pageKey('doc', 'b1', 'en', '/en/resources/database', '?year=2020&utm=x&q=ice&q=snow');
    const b = pageKey('doc', 'b1', 'en', '/en/resources/database', '?q=ice&fbclid=1&year=2020');
    expect(a).toEqual(b);
    expect(a?.url).toBe('/en/resources/database?q=ice&year=2020');
    expect(pageKey('doc', 'b1', 'en', '/en/news/x', '?page=2')?.url).toBe('/en/news/x');
    expect(pageKey('doc', 'b1', 'ru', '/news', '')?.key).not.toBe(pageKey('doc', 'b1', 'en', '/en/news', '')?.key);
    expect(pageKey('doc', 'b1', 'en', '/en/news', '')?.key).not.toBe(pageKey('doc', 'b2', 'en', '/en/news', '')?.key);
    expect(pageKey('doc', 'b1', 'en', '/en/news', '')?.key).not.toBe(
      pageKey('payload', 'b1', 'en', '/en/news', '')?.key,
    );
    expect(pageKey('doc', 'b1', 'en', '/en/x/y/z', '')).toBeUndefined();
  });
});

describe('PageCache', () => {
  it('is fresh for the TTL, then stale with one background refresh, then fresh again', async () => {
    let now = 1000;
    const cache = new PageCache({ ttlMs: 100, maxBytes: 1 << 20, now: () => now });
    let fills = 0;
    let release: () => void = () => {};
    const fill = async () => {
      fills += 1;
      if (fills > 1) await new Promise<void>((r) => (release = r));
      return fillOf(`v${fills}`);
    };
    await cache.run('k', fill);
    expect((await cache.lookup('k', fill))?.outcome).toBe('hit');
    now += 100;
    const stale = await cache.lookup('k', fill);
    expect(stale?.outcome).toBe('stale');
    expect(stale?.entry.body.toString()).toBe('v1');
    // a second stale lookup does not start another refresh
    expect((await cache.lookup('k', fill))?.outcome).toBe('stale');
    expect(fills).toBe(2);
    const refreshed = cache.pending('k');
    release();
    await refreshed;
    const fresh = await cache.lookup('k', fill);
    expect(fresh?.outcome).toBe('hit');
    expect(fresh?.entry.body.toString()).toBe('v2');
  });

  it('fresh(): the entry of memory while it is fresh only (the early hit path), no fill started', async () => {
    let now = 1000;
    const cache = new PageCache({ ttlMs: 100, maxBytes: 1 << 20, now: () => now });
    expect(cache.fresh('k')).toBeUndefined();
    await cache.run('k', async () => fillOf('v1'));
    expect(cache.fresh('k')?.body.toString()).toBe('v1');
    now += 100;
    expect(cache.fresh('k')).toBeUndefined();
    expect(cache.pending('k')).toBeUndefined();
  });

  it('shares one fill between concurrent callers and stores nothing for null', async () => {
    const cache = new PageCache({ ttlMs: 100, maxBytes: 1 << 20 });
    let fills = 0;
    const fill = async () => {
      fills += 1;
      return null;
    };
    await Promise.all([cache.run('k', fill), cache.run('k', fill), cache.run('k', fill)]);
    expect(fills).toBe(1);
    expect(await cache.lookup('k', fill)).toBeUndefined();
  });

  it('precompresses bodies above 1 KiB only, and evicts by bytes', async () => {
    const cache = new PageCache({ ttlMs: 1000, maxBytes: 8 * 1024 });
    const small = await cache.run('s', async () => fillOf('tiny'));
    expect(small?.br).toBeUndefined();
    const big = await cache.run('b', async () => fillOf('<p>glacier</p>'.repeat(400)));
    expect(big?.br?.length).toBeLessThan(big?.gzip?.length ?? 0);
    await cache.run('c', async () => fillOf('x'.repeat(7 * 1024)));
    expect(await cache.lookup('b', async () => null)).toBeUndefined();
  });
});

describe('helpers', () => {
  it('swaps the placeholder for the nonce even when it straddles chunks', async () => {
    const html = `<script nonce="${NONCE_PLACEHOLDER}">a</script><script nonce="${NONCE_PLACEHOLDER}">b</script>`;
    const source = new PassThrough();
    const out = swapNonce(source, 'N0nce');
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((r) => out.on('end', r));
    for (let i = 0; i < html.length; i += 7) source.write(Buffer.from(html.slice(i, i + 7)));
    source.end();
    await done;
    expect(Buffer.concat(chunks).toString()).toBe('<script nonce="N0nce">a</script><script nonce="N0nce">b</script>');
  });

  it('hashes inline scripts only', () => {
    const hashes = inlineScriptHashes(
      '<script>x</script><script type="module" src="/a.js"></script><script>x</script>',
    );
    expect(hashes).toEqual(["'sha256-LXEWQrcmsEQBYnyp+6wy9chTD7GQPMTbAiWHF5IaSIE='"]);
  });

  it('matches ETags and negotiates encodings as @fastify/compress does', () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('*')).toBe('gzip');
  });
});
