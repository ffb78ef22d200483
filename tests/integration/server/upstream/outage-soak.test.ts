import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startCountingContentApi, startTestApp } from '../../../helpers/app.ts';

// a content API of our own, so the submissions it stores can be counted
const { upstream, store } = await startCountingContentApi();

const OPEN_SECONDS = 1;
const THRESHOLD = 3;
const { app, logs } = await startTestApp({
  upstreamUrl: upstream.url,
  outboxRetryMs: 100,
  config: {
    // entries expire within the soak, so the outage is met with stale entries, not fresh ones
    CACHE_TTL_MS: 300,
    UPSTREAM_TIMEOUT_MS: 1000,
    UPSTREAM_BREAKER_THRESHOLD: THRESHOLD,
    UPSTREAM_BREAKER_OPEN_SECONDS: OPEN_SECONDS,
    FEEDBACK_RATE_LIMIT: 1000,
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const PAGES = ['/news', '/en/news', '/about', '/en/about', '/news/events', '/en/multimedia/video'];
// two visitors in a loop keep both cores of a test machine busy enough; more only adds CPU to the suite
const WORKERS = 2;

interface Sample {
  path: string;
  status: number;
  at: number;
}

describe('soak: the upstream goes down and comes back while pages are requested (bounded, ≤ 20 s)', () => {
  it('0 client 5xx for cached pages, bounded upstream calls, recovery within open time + 2 s, feedback once', async () => {
    for (const path of PAGES) expect((await fetch(base + path)).status).toBe(200);

    const samples: Sample[] = [];
    const started = performance.now();
    const now = () => performance.now() - started;
    let stopAt = Number.POSITIVE_INFINITY;
    const worker = async (n: number) => {
      for (let i = n; now() < stopAt; i += 1) {
        const path = PAGES[i % PAGES.length]!;
        const res = await fetch(base + path, { redirect: 'manual' });
        await res.arrayBuffer();
        samples.push({ path, status: res.status, at: now() });
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));
    const until = (t: number) =>
      new Promise<void>((resolve) => {
        const check = () => (now() >= t ? resolve() : setTimeout(check, 25));
        check();
      });

    // phase 1: up for a second; phase 2: down for three seconds, one feedback posted meanwhile; phase 3: back
    await until(1000);
    await upstream.down();
    const downAt = now();
    const callsAtDown = app.upstream.client.counters.calls;
    const unique = `soak ${Date.now()}`;
    const feedback = await fetch(`${base}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ name: 'Soak', email: 'soak@example.org', feedback_type_id: 1, message: unique }),
    });
    expect(feedback.status).toBe(202);
    await until(downAt + 3000);
    const callsWhileDown = app.upstream.client.counters.calls - callsAtDown;
    const servedWhileDown = samples.filter((s) => s.at >= downAt).length;
    await upstream.up();
    const upAtWall = Date.now();
    const deliveredOnce = new Promise<void>((resolve) => app.feedbackOutbox.events.once('delivered', () => resolve()));
    // the load goes on until the breaker closes again (its own log line marks it), then stops
    const closedLine = () =>
      logs.find((l) => l.msg === 'upstream circuit breaker closed' && typeof l.time === 'number' && l.time >= upAtWall);
    await expect.poll(closedLine, { interval: 25 }).toBeDefined();
    stopAt = now();
    await load;
    await deliveredOnce;

    // 0 client 5xx: every cached page was answered (fresh, or stale while the upstream was away)
    const failures = samples.filter((s) => s.status >= 500);
    expect(failures).toEqual([]);
    expect(samples.length).toBeGreaterThan(20);
    // the breaker kept the calls bounded: the threshold, the calls in flight when it opened, one probe per open time
    expect(servedWhileDown).toBeGreaterThan(5);
    expect(callsWhileDown).toBeLessThanOrEqual(THRESHOLD + WORKERS * 8 + Math.ceil(3 / OPEN_SECONDS) + 1);
    // recovery within the open time + 2 s of the upstream's return
    const closed = closedLine();
    expect((closed?.time as number) - upAtWall).toBeLessThanOrEqual((OPEN_SECONDS + 2) * 1000);
    // the feedback posted during the outage arrived exactly once
    expect((await store.all()).filter((f) => f.message === unique)).toHaveLength(1);
    expect(app.feedbackOutbox.pending()).toBe(0);
  }, 20_000);
});
