import { describe, expect, it } from 'vitest';
import {
  createPageCache,
  entryBytes,
  etagMatches,
  makeEntry,
  STALE_WINDOW_MS,
  type FillResult,
} from '../../../../server/ssr/page-cache.ts';
import { negotiateEncoding } from '../../../../server/ssr/serve-entry.ts';

const fillOf = (text: string): FillResult => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: Buffer.from(text),
});

describe('page cache', () => {
  const loadOf = (text: string) => async () => {
    const entry = await makeEntry(fillOf(text));
    return { value: entry, size: entryBytes(entry), tags: ['news'] };
  };

  it('is fresh for the TTL, then stale for ten minutes with one background refresh, then fresh again', async () => {
    let now = 1000;
    const cache = createPageCache({ ttlMs: 100, maxBytes: 1 << 20, now: () => now });
    let release: () => void = () => {};
    let refreshes = 0;
    const refresh = async () => {
      refreshes += 1;
      await new Promise<void>((r) => (release = r));
      return loadOf('v2')();
    };
    expect((await cache.fetch('k', loadOf('v1'))).outcome).toBe('miss');
    expect((await cache.fetch('k', refresh)).outcome).toBe('hit');
    now += 100 + STALE_WINDOW_MS - 1;
    const stale = await cache.fetch('k', refresh);
    expect(stale.outcome).toBe('stale');
    expect(stale.value.body.toString()).toBe('v1');
    // a second stale lookup does not start another refresh
    expect((await cache.fetch('k', refresh)).outcome).toBe('stale');
    expect(refreshes).toBe(1);
    release();
    await expect.poll(async () => (await cache.fetch('k', refresh)).value.body.toString()).toBe('v2');
    expect((await cache.fetch('k', refresh)).outcome).toBe('hit');
  });

  it('keeps each body in a store of its own, and counts the stores an entry holds', async () => {
    // a body made from a string under 4 KiB is a view of Buffer's pool (on every supported Node); a compressed form,
    // of zlib's output chunk
    const text = Array.from({ length: 150 }, (_, i) => `<p>glacier ${i} ${(i * 7919) % 1000}</p>`).join('');
    const body = Buffer.from(text);
    expect(body.buffer.byteLength).toBeGreaterThan(body.length);
    const entry = await makeEntry(fillOf(text));
    const forms = [entry.body, entry.gzip, entry.br];
    for (const form of forms) {
      expect(form).toBeDefined();
      expect(form?.buffer.byteLength).toBe(form?.length);
    }
    expect(entry.body.equals(body)).toBe(true);
    const stores = forms.reduce((sum, form) => sum + (form?.buffer.byteLength ?? 0), 0);
    expect(entryBytes(entry)).toBeGreaterThanOrEqual(stores);
    expect(entryBytes(entry)).toBeLessThan(stores + 4096);
  });

  it('counts a body that shares a larger store as that store', async () => {
    const pooled = Buffer.from('{"loaderData":{}}');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const entry = {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: pooled,
      etag: '"e"',
      scriptHashes: [],
    };
    expect(entryBytes(entry)).toBeGreaterThanOrEqual(pooled.buffer.byteLength);
  });

  it('precompresses bodies above 1 KiB only, and evicts entries by bytes', async () => {
    const cache = createPageCache({ ttlMs: 1000, maxBytes: 8 * 1024 });
    const small = await cache.fetch('s', loadOf('tiny'));
    expect(small.value.br).toBeUndefined();
    const big = await cache.fetch('b', loadOf('<p>glacier</p>'.repeat(400)));
    expect(big.value.br?.length).toBeLessThan(big.value.gzip?.length ?? 0);
    await cache.fetch('c', loadOf('x'.repeat(7 * 1024)));
    expect((await cache.fetch('b', loadOf('again'))).outcome).toBe('miss');
  });
});

describe('helpers', () => {
  it('matches ETags as @fastify/compress does', () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
  });

  it('negotiates encodings as @fastify/compress does', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('*')).toBe('gzip');
  });
});
