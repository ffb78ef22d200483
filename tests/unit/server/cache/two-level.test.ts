import { describe, expect, it } from 'vitest';
import { createTwoLevelCache, type Loaded } from '../../../../server/cache/two-level.ts';

/** A cache on a clock the test moves. */
function cacheAt(lifetimes: { ttlMs: number; staleWhileRevalidateMs: number; staleIfErrorMs: number }) {
  const clock = { now: 1000 };
  const cache = createTwoLevelCache<string>({ name: 't', maxBytes: 1 << 20, now: () => clock.now, ...lifetimes });
  return { cache, clock };
}

const value =
  (v: string, tags: string[] = []) =>
  async (): Promise<Loaded<string>> => ({ value: v, size: 1, tags });

/** A load the test releases: what it resolves to, and a promise of its start. */
function heldLoad(v: string, tags: string[] = []) {
  let release: () => void = () => {};
  let started: () => void = () => {};
  const start = new Promise<void>((r) => (started = r));
  const load = async (): Promise<Loaded<string>> => {
    started();
    await new Promise<void>((r) => (release = r));
    return { value: v, size: 1, tags };
  };
  return { load, start, release: () => release() };
}

describe('two-level cache: lifetimes', () => {
  it('without a stale window, a refresh after the TTL blocks', async () => {
    const { cache, clock } = cacheAt({ ttlMs: 100, staleWhileRevalidateMs: 0, staleIfErrorMs: 1000 });
    await cache.fetch('k', value('v1'));
    clock.now += 100;
    expect(await cache.fetch('k', value('v2'))).toMatchObject({ value: 'v2', outcome: 'miss' });
  });

  it('serves the old value when a refresh fails, within stale-if-error only', async () => {
    const { cache, clock } = cacheAt({ ttlMs: 100, staleWhileRevalidateMs: 0, staleIfErrorMs: 1000 });
    await cache.fetch('k', value('v1'));
    clock.now += 100;
    await cache.fetch('k', value('v2'));
    clock.now += 100;
    const down = async (): Promise<Loaded<string>> => Promise.reject(new Error('down'));
    expect(await cache.fetch('k', down)).toMatchObject({ value: 'v2', outcome: 'stale' });
    clock.now += 1000;
    await expect(cache.fetch('k', down)).rejects.toThrow('down');
  });

  it('gives a fresh value at once (a hit), and nothing once it is stale, purged or the cache is off', async () => {
    const { cache, clock } = cacheAt({ ttlMs: 100, staleWhileRevalidateMs: 1000, staleIfErrorMs: 1000 });
    expect(cache.fresh('k')).toBeUndefined();
    await cache.fetch('k', value('v1', ['t']));
    const hits = cache.stats.l1.hit;
    expect(cache.fresh('k')).toBe('v1');
    expect(cache.stats.l1.hit).toBe(hits + 1);
    clock.now += 100;
    // stale: fetch() serves it and starts the one refresh
    expect(cache.fresh('k')).toBeUndefined();
    await cache.fetch('k', value('v2', ['t']), { fresh: true });
    expect(cache.fresh('k')).toBe('v2');
    cache.purgeLocal(['t'], [], false);
    expect(cache.fresh('k')).toBeUndefined();
    const off = cacheAt({ ttlMs: 0, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 }).cache;
    await off.fetch('k', value('v1'));
    expect(off.fresh('k')).toBeUndefined();
  });

  it('answers undefined to every waiter of a loader that resolves undefined, and stores nothing', async () => {
    const { cache } = cacheAt({ ttlMs: 100, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 });
    let loads = 0;
    const nothing = async () => {
      loads += 1;
      return undefined;
    };
    expect(await Promise.all([cache.fetch('k', nothing), cache.fetch('k', nothing)])).toEqual([undefined, undefined]);
    expect(loads).toBe(1);
    expect((await cache.fetch('k', value('v'))).outcome).toBe('miss');
  });
});

describe('two-level cache: purges', () => {
  it('drops the entries a purge names by key (the Redis keys another process purged), and only those', async () => {
    const { cache } = cacheAt({ ttlMs: 60_000, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 });
    await cache.fetch('a', value('a', ['news', 'news:a']));
    await cache.fetch('menu', value('menu', ['main-menu']));
    expect(cache.purgeLocal([], ['menu'], false)).toEqual({ l1: 1 });
    expect((await cache.fetch('menu', value('menu2'))).outcome).toBe('miss');
    expect((await cache.fetch('a', value('a2'))).outcome).toBe('hit');
  });

  it('a soft purge serves the old value while one refresh runs, even where expiry blocks', async () => {
    const { cache } = cacheAt({ ttlMs: 60_000, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 });
    await cache.fetch('a', value('old', ['news:a']));
    expect(cache.purgeLocal(['news:a'], [], true)).toEqual({ l1: 1 });
    const refresh = heldLoad('new', ['news:a']);
    expect(await cache.fetch('a', refresh.load)).toMatchObject({ value: 'old', outcome: 'stale' });
    await refresh.start;
    expect(await cache.fetch('a', value('other'))).toMatchObject({ value: 'old', outcome: 'stale' });
    refresh.release();
    await expect.poll(async () => (await cache.fetch('a', value('other'))).value).toBe('new');
  });

  it('tag() adds keys to stored entries: purging the added tag drops them', async () => {
    const { cache } = cacheAt({ ttlMs: 60_000, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 });
    await cache.fetch('GET /api/v1/news ru', value('news', ['news']));
    await cache.tag(['GET /api/v1/news ru', 'absent'], ['path:/news']);
    expect(cache.purgeLocal(['path:/news'], [], false)).toEqual({ l1: 1 });
  });
});

describe('two-level cache: generation guard', () => {
  it('a load that started before a purge gives its value to its caller but does not store it', async () => {
    const { cache } = cacheAt({ ttlMs: 60_000, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 });
    const old = heldLoad('old', ['news:a']);
    const waiting = cache.fetch('a', old.load);
    await old.start;
    cache.purgeLocal(['news:a'], [], false);
    // a fetch after the purge does not join the load from before it
    const fresh = heldLoad('new', ['news:a']);
    const after = cache.fetch('a', fresh.load);
    await fresh.start;
    old.release();
    expect(await waiting).toMatchObject({ value: 'old', outcome: 'miss' });
    fresh.release();
    expect(await after).toMatchObject({ value: 'new', outcome: 'miss' });
    expect(await cache.fetch('a', value('x'))).toMatchObject({ value: 'new', outcome: 'hit' });
  });

  it('a purge of other content while a load runs keeps its result', async () => {
    const { cache } = cacheAt({ ttlMs: 60_000, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 });
    const running = heldLoad('a', ['news:a']);
    const waiting = cache.fetch('a', running.load);
    await running.start;
    cache.purgeLocal(['events'], ['/about'], false);
    running.release();
    expect(await waiting).toMatchObject({ value: 'a', outcome: 'miss' });
    expect(await cache.fetch('a', value('x'))).toMatchObject({ value: 'a', outcome: 'hit' });
  });

  it('a load that started before a purge and keeps nothing answers nothing, not the purged entry', async () => {
    const { cache, clock } = cacheAt({ ttlMs: 100, staleWhileRevalidateMs: 0, staleIfErrorMs: 1000 });
    await cache.fetch('a', value('old', ['news:a']));
    clock.now += 100;
    let release: () => void = () => {};
    let started: () => void = () => {};
    const start = new Promise<void>((r) => (started = r));
    const nothing = async () => {
      started();
      await new Promise<void>((r) => (release = r));
      return undefined;
    };
    const first = cache.fetch('a', nothing);
    await start;
    const joined = cache.fetch('a', nothing);
    cache.purgeLocal(['news:a'], [], false);
    release();
    expect(await Promise.all([first, joined])).toEqual([undefined, undefined]);
    expect(await cache.fetch('a', value('new', ['news:a']))).toMatchObject({ value: 'new', outcome: 'miss' });
  });

  it('without a purge, concurrent fetches share one load', async () => {
    const { cache } = cacheAt({ ttlMs: 60_000, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 });
    const one = heldLoad('v');
    const first = cache.fetch('a', one.load);
    await one.start;
    const second = cache.fetch('a', value('never'));
    one.release();
    expect(await first).toMatchObject({ value: 'v', outcome: 'miss' });
    expect(await second).toMatchObject({ value: 'v', outcome: 'coalesced' });
    expect(cache.stats).toMatchObject({ coalesced: 1, l1: { miss: 1 } });
  });
});
