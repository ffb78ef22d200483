/** server/ssr/page-store.ts: the rendered-page cache shared by replicas through a real Redis. */
import { Redis } from 'ioredis';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createRedisStore } from '../../../../server/cache/redis.ts';
import { memoryStore, PageCache } from '../../../../server/ssr/page-cache.ts';
import { twoLevelPageStore } from '../../../../server/ssr/page-store.ts';
import { loadClientBuild } from '../../../../server/ssr/prod.ts';
import { memoryLogger, startTestApp } from '../../../helpers/app.ts';
import { stackAvailable, startTestRedis } from '../../../helpers/stack.ts';

describe.skipIf(!stackAvailable())('rendered pages shared by two replicas over Redis', () => {
  it('a page one replica rendered is a hit on the other, and Redis going away is no error', async () => {
    const redis = await startTestRedis();
    const clientBuild = loadClientBuild();
    // two full BFFs of the same build, each with its own memory (L1), sharing Redis (L2)
    const replica = () => startTestApp({ clientBuild, config: { REDIS_URL: redis.url, PAGE_CACHE_TTL_MS: 60_000 } });
    const a = await replica();
    const b = await replica();
    const get = (app: typeof a.app, url: string) => app.inject({ method: 'GET', url });

    const first = await get(a.app, '/en/news');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    // A stores the page once its compressed forms are made (after the visitor got the stream): wait for it in Redis
    const client = new Redis(redis.url);
    // closed whatever happens: a client left open would retry the stopped server in the next test files' output
    onTestFinished(() => client.disconnect());
    await expect.poll(async () => (await client.keys('glacier:page:*')).length).toBeGreaterThan(0);
    client.disconnect();
    const other = await get(b.app, '/en/news');
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-cache']).toBe('hit');
    // the very bytes A stored (a stored page carries no nonce; A's own answer did)
    expect(other.body).toBe(first.body.replace(/ nonce="[^"]+"/g, ''));
    expect(b.app.caches.all.get('page')?.stats.l2.hit).toBe(1);
    const metrics = await b.app.metrics.metrics();
    expect(metrics).toMatch(/cache_lookups_total\{cache="page",layer="l2",outcome="hit"\} 1/);

    await redis.stop();
    // B still has the page in memory; a page nobody rendered yet is rendered, not an error
    expect((await get(b.app, '/en/news')).statusCode).toBe(200);
    const fresh = await get(b.app, '/en/news/events');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['x-cache']).toBe('miss');
  });

  it('an early hit (PageCache.fresh → peekFresh) is an L1 hit; stale or only in Redis it is none', async () => {
    const redis = await startTestRedis();
    let now = 1_000_000;
    const clock = () => now;
    // one replica: its own memory (L1) and Redis connection, the page cache over both, on the test's clock
    const replica = async () => {
      const { logger } = memoryLogger();
      const shared = createRedisStore({ url: redis.url, commandTimeoutMs: 250, log: logger });
      onTestFinished(() => shared.close());
      await shared.ready;
      const store = twoLevelPageStore({ l1: memoryStore(1 << 20, clock), shared, log: logger, now: clock });
      return { store, cache: new PageCache({ ttlMs: 1_000, maxBytes: 1 << 20, store, now: clock }) };
    };
    const a = await replica();
    const b = await replica();
    const key = 'doc\u0000peek-fresh-test\u0000en\u0000/en/news';
    const body = Buffer.from('<p>news</p>');
    await a.cache.run(key, async () => ({ status: 200, headers: { 'content-type': 'text/html' }, body }));

    expect(a.cache.fresh(key)?.body).toEqual(body);
    expect(a.store.stats.l1).toEqual({ hit: 1, miss: 0, stale: 0 });
    expect(a.store.stats.l2).toEqual({ hit: 0, miss: 0, bypass: 0 });

    // only in Redis for B: no early hit (it never waits for Redis) and nothing counted; the route's lookup finds it
    expect(b.cache.fresh(key)).toBeUndefined();
    expect(b.store.stats.l1).toEqual({ hit: 0, miss: 0, stale: 0 });
    expect((await b.cache.lookup(key, async () => null))?.outcome).toBe('hit');
    expect(b.store.stats.l2.hit).toBe(1);
    // now in B's memory too: B's next early hit is an L1 hit
    expect(b.cache.fresh(key)?.body).toEqual(body);
    expect(b.store.stats.l1.hit).toBe(1);

    // past its TTL the entry is stale: no early hit, no count (the route serves it stale and refreshes)
    now += 1_000;
    expect(a.cache.fresh(key)).toBeUndefined();
    expect(a.store.stats.l1).toEqual({ hit: 1, miss: 0, stale: 0 });
  });
});
