import { describe, expect, it, onTestFinished } from 'vitest';
import { createRedisStore, type L2Entry, type SharedStore } from '../../../../server/cache/redis.ts';
import { createSharedFill, type FillCounts } from '../../../../server/cache/shared-fill.ts';
import { memoryLogger } from '../../../helpers/app.ts';
import { stackAvailable, startTestRedis } from '../../../helpers/stack.ts';

interface Parsed {
  value: string;
  fresh: boolean;
}

/** One replica's fill over its own connection to a real Redis; records older than `freshMs` are stale. */
async function replica(
  url: string,
  freshMs = 60_000,
  beforeLock: () => Promise<void> = async () => {},
  lockPollMs = 5,
) {
  const redis = createRedisStore({ url, commandTimeoutMs: 250, log: memoryLogger().logger });
  onTestFinished(() => redis.close());
  await redis.ready;
  // the real store; `beforeLock` holds a lock call back so a test can order two replicas' steps
  const store: SharedStore = Object.assign(Object.create(redis) as SharedStore, {
    lock: async (key: string, ttlMs: number) => (await beforeLock(), redis.lock(key, ttlMs)),
  });
  const counts: FillCounts = { l2: { hit: 0, miss: 0 }, coalesced: { shared: 0 } };
  const failures: string[] = [];
  const fill = createSharedFill<Parsed>({
    store,
    lockTtlMs: 2000,
    lockPollMs,
    now: () => Date.now(),
    parse: (record) => ({ value: record.value, fresh: Date.now() - record.storedAt < freshMs }),
    servable: () => true,
    filled: (entry) => entry.fresh,
    counts,
    failed: (_err, op) => failures.push(op),
  });
  return { store, fill, counts, failures };
}

const record =
  (value: string): (() => L2Entry) =>
  () => ({ value, size: 1, tags: ['t'], storedAt: Date.now() });

describe.skipIf(!stackAvailable())('shared fill over a real Redis', () => {
  it('a miss takes the lock; the record it writes is what the next claim reads, without a lock', async () => {
    const redis = await startTestRedis();
    const a = await replica(redis.url);
    const claim = await a.fill.claim('k', true);
    expect(claim).toMatchObject({ key: 'k', generation: '0' });
    expect(claim.found).toBeUndefined();
    expect(claim.token).not.toBeNull();
    expect(await a.store.locked('k')).toBe(true);
    expect(await a.fill.write(claim, record('"v"'), 60_000)).toBe(true);
    await a.fill.release(claim);
    expect(await a.store.locked('k')).toBe(false);
    const again = await a.fill.claim('k', true);
    expect(again).toMatchObject({ found: { value: '"v"' }, token: null });
    expect(a.counts).toEqual({ l2: { hit: 1, miss: 1 }, coalesced: { shared: 0 } });
    expect(a.failures).toEqual([]);
  });

  it("a second replica waits on the lock and is served the holder's record once the holder's release is published", async () => {
    const redis = await startTestRedis();
    const a = await replica(redis.url);
    // a poll far beyond the test's timeout: only the holder's message can end the wait in time
    const b = await replica(redis.url, 60_000, async () => {}, 1_000_000);
    const holder = await a.fill.claim('k', true);
    const waiting = b.fill.claim('k', true);
    await expect.poll(() => b.counts.coalesced.shared).toBe(1);
    await a.fill.write(holder, record('"filled"'), 60_000);
    await a.fill.release(holder);
    expect(await waiting).toMatchObject({ found: { value: '"filled"' }, token: null });
    expect(b.counts.l2).toEqual({ hit: 1, miss: 1 });
  });

  it('a replica that finds the key filled only after taking its lock is served that record and frees the lock', async () => {
    const redis = await startTestRedis();
    const a = await replica(redis.url);
    let reachedLock!: () => void;
    const atLock = new Promise<void>((resolve) => (reachedLock = resolve));
    let letLock!: () => void;
    const lockGate = new Promise<void>((resolve) => (letLock = resolve));
    const b = await replica(redis.url, 60_000, async () => {
      reachedLock();
      await lockGate;
    });
    // b has read a miss and is about to lock; a fills the key and frees its lock in between
    const late = b.fill.claim('k', true);
    await atLock;
    const holder = await a.fill.claim('k', true);
    await a.fill.write(holder, record('"filled"'), 60_000);
    await a.fill.release(holder);
    letLock();
    expect(await late).toMatchObject({ found: { value: '"filled"' }, token: null });
    expect(await b.store.locked('k')).toBe(false);
    expect(b.counts).toEqual({ l2: { hit: 1, miss: 1 }, coalesced: { shared: 0 } });
  });

  it('a waiter whose holder releases without a fresh record loads itself, without the lock', async () => {
    const redis = await startTestRedis();
    const a = await replica(redis.url, 0);
    const b = await replica(redis.url, 0);
    const holder = await a.fill.claim('k', true);
    const waiting = b.fill.claim('k', true);
    await expect.poll(() => b.counts.coalesced.shared).toBe(1);
    // a record only stale: not what a waiter is served
    await a.fill.write(holder, record('"stale"'), 60_000);
    await a.fill.release(holder);
    expect(await waiting).toEqual({ key: 'k', token: null, generation: '0' });
  });

  it('a refresh reads only the generation, takes the lock and never waits', async () => {
    const redis = await startTestRedis();
    const a = await replica(redis.url);
    const b = await replica(redis.url);
    const holder = await a.fill.claim('k', true);
    const refresh = await b.fill.claim('k', false);
    expect(refresh).toEqual({ key: 'k', token: null, generation: '0' });
    expect(b.counts).toEqual({ l2: { hit: 0, miss: 0 }, coalesced: { shared: 0 } });
    await a.fill.release(holder);
  });

  it('a purge between the read and the write keeps the record out of Redis', async () => {
    const redis = await startTestRedis();
    const a = await replica(redis.url);
    const claim = await a.fill.claim('k', true);
    await a.store.purge(['t'], false);
    expect(await a.fill.write(claim, record('"old"'), 60_000)).toBe(false);
    await a.fill.release(claim);
    expect((await a.store.read('k')).entry).toBeUndefined();
  });

  it('a Redis that is gone ends the claim: reported, never thrown, and nothing to write against', async () => {
    const redis = await startTestRedis();
    const a = await replica(redis.url);
    await redis.stop();
    const claim = await a.fill.claim('k', true);
    expect(claim).toEqual({ key: 'k', token: null });
    expect(await a.fill.write(claim, record('"v"'), 60_000)).toBe(true);
    await a.fill.release(claim);
    expect(a.failures).toEqual(['read']);
  });
});
