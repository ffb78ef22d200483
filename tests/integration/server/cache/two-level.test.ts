import { Redis } from 'ioredis';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createRedisStore, type SharedStore } from '../../../../server/cache/redis.ts';
import { createTwoLevelCache } from '../../../../server/cache/two-level.ts';
import { memoryLogger } from '../../../helpers/app.ts';
import { stackAvailable, startTestRedis } from '../../../helpers/stack.ts';

/** One replica's view: its own Redis connection and its own L1. */
async function replica(url: string, name = 'page', timeoutMs = 250) {
  const log = memoryLogger();
  const store = createRedisStore({ url, commandTimeoutMs: timeoutMs, log: log.logger });
  // disconnected however the test ends: a client left open retries its stopped server into later files' output
  onTestFinished(() => store.close());
  const cache = createTwoLevelCache<{ html: string }>({
    name,
    ttlMs: 60_000,
    staleWhileRevalidateMs: 0,
    staleIfErrorMs: 0,
    maxBytes: 1 << 20,
    store,
    log: log.logger,
  });
  await store.ready;
  return { store, cache, logs: log.lines };
}

describe.skipIf(!stackAvailable())('two-level cache over a real Redis', () => {
  it('shares a rendered page between the replicas', async () => {
    const redis = await startTestRedis();
    const a = await replica(redis.url);
    const b = await replica(redis.url);
    let renders = 0;
    const render = async () => ({ value: { html: `<p>${++renders}</p>` }, size: 100, tags: [] });
    expect(await a.cache.fetch('/news', render)).toMatchObject({ value: { html: '<p>1</p>' }, outcome: 'miss' });
    expect(await b.cache.fetch('/news', render)).toMatchObject({ value: { html: '<p>1</p>' }, outcome: 'shared' });
    expect(await b.cache.fetch('/news', render)).toMatchObject({ value: { html: '<p>1</p>' }, outcome: 'hit' });
    expect(renders).toBe(1);
    expect(b.cache.stats.l2).toMatchObject({ hit: 1, miss: 0 });
    for (const r of [a, b]) await r.store.close();
  });

  it('a purge reaches the Redis entries of every replica through the tag index, hard or soft', async () => {
    const redis = await startTestRedis();
    const a = await replica(redis.url, 'upstream');
    const b = await replica(redis.url, 'upstream');
    const load = (html: string, tags: string[]) => async () => ({ value: { html }, size: 10, tags });
    await a.cache.fetch('/news', load('list', ['news', 'news:a']));
    await a.cache.fetch('/news/a', load('a', ['news', 'news:a']));
    await a.cache.fetch('/menu', load('menu', ['main-menu']));
    const dropped = await a.store.purge(['news:a'], false);
    expect(dropped.sort()).toEqual(['upstream:/news', 'upstream:/news/a']);
    expect((await b.cache.fetch('/news', load('list2', ['news']))).outcome).toBe('miss');
    expect((await b.cache.fetch('/menu', load('menu2', ['main-menu']))).outcome).toBe('shared');
    // soft: still there for B, stale (served while B refreshes it)
    expect(await a.store.purge(['main-menu'], true)).toEqual(['upstream:/menu']);
    const c = await replica(redis.url, 'upstream');
    expect(await c.cache.fetch('/menu', load('menu3', ['main-menu']))).toMatchObject({
      value: { html: 'menu' },
      outcome: 'stale',
    });
    await expect
      .poll(async () => (await c.cache.fetch('/menu', load('menu4', ['main-menu']))).value.html)
      .toBe('menu3');
  });

  it('a fetch for fresh does not take what a soft purge left stale in Redis: it asks the origin', async () => {
    const redis = await startTestRedis();
    const a = await replica(redis.url, 'upstream');
    const load = (html: string) => async () => ({ value: { html }, size: 10, tags: ['news:a'] });
    await a.cache.fetch('/news/a', load('old'));
    await a.store.purge(['news:a'], true);
    // another replica's render of a page (upstream answers are asked fresh for a page)
    const b = await replica(redis.url, 'upstream');
    expect(await b.cache.fetch('/news/a', load('new'), { fresh: true })).toMatchObject({
      value: { html: 'new' },
      outcome: 'miss',
    });
  });

  it('a fill that started before another replica purged is written neither to Redis nor to its memory', async () => {
    const redis = await startTestRedis();
    const a = await replica(redis.url, 'upstream');
    const b = await replica(redis.url, 'upstream');
    let release: () => void = () => {};
    let started: () => void = () => {};
    const loading = new Promise<void>((resolve) => (started = resolve));
    const held = a.cache.fetch('/news/a', async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
      return { value: { html: 'old' }, size: 10, tags: ['news:a'] };
    });
    await loading;
    // replica B purges while A's fill is in flight (B's purge does not reach A's memory here: no bus)
    await b.store.purge(['news:a'], false);
    release();
    expect(await held).toMatchObject({ value: { html: 'old' }, outcome: 'miss' });
    const fresh = async () => ({ value: { html: 'new' }, size: 10, tags: ['news:a'] });
    expect(await b.cache.fetch('/news/a', fresh)).toMatchObject({ value: { html: 'new' }, outcome: 'miss' });
    expect(await a.cache.fetch('/news/a', fresh)).toMatchObject({ value: { html: 'new' }, outcome: 'shared' });
  });

  it('Redis stopped mid-run: every fetch still answers from memory and the origin', async () => {
    const redis = await startTestRedis();
    const r = await replica(redis.url, 'upstream');
    const load = (v: string) => async () => ({ value: { html: v }, size: 10, tags: [] });
    expect((await r.cache.fetch('/a', load('a'))).outcome).toBe('miss');
    await redis.stop();
    expect(await r.cache.fetch('/a', load('x'))).toMatchObject({ value: { html: 'a' }, outcome: 'hit' });
    expect(await r.cache.fetch('/b', load('b'))).toMatchObject({ value: { html: 'b' }, outcome: 'miss' });
    expect(await r.cache.fetch('/c', load('c'))).toMatchObject({ value: { html: 'c' }, outcome: 'miss' });
    expect([...r.store.errors.values()].reduce((n, v) => n + v, 0)).toBeGreaterThan(0);
    expect(r.logs.some((l) => l.level === 40 && /redis/.test(l.msg))).toBe(true);
    await r.store.close();
  });

  it('a Redis that stops answering costs one bounded command, not a hung request', async () => {
    const redis = await startTestRedis();
    const r = await replica(redis.url, 'upstream', 100);
    await r.cache.fetch('/warm', async () => ({ value: { html: 'warm' }, size: 10, tags: [] }));
    const admin = new Redis(redis.url);
    onTestFinished(() => admin.disconnect());
    // Redis answers nothing for 5 s (CLIENT UNPAUSE would wait too): the fetch must not wait that long
    const pausedUntil = performance.now() + 5000;
    await admin.call('CLIENT', 'PAUSE', '5000', 'ALL');
    const answer = await r.cache.fetch('/cold', async () => ({ value: { html: 'cold' }, size: 10, tags: [] }));
    expect(answer).toMatchObject({ value: { html: 'cold' }, outcome: 'miss' });
    expect(performance.now()).toBeLessThan(pausedUntil);
    expect(r.store.errors.get('read')).toBe(1);
    // the next call skips Redis for a moment instead of waiting again
    expect((await r.cache.fetch('/cold2', async () => ({ value: { html: 'c2' }, size: 10, tags: [] }))).outcome).toBe(
      'miss',
    );
    expect(r.cache.stats.l2.bypass).toBeGreaterThan(0);
    expect(r.store.errors.get('read')).toBe(1);
    admin.disconnect();
    await redis.stop(100);
    await r.store.close();
  });
});

export type { SharedStore };
