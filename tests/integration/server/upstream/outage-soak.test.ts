import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startCountingContentApi, startTestApp } from '../../../helpers/app.ts';

// a content API of our own, so the submissions it stores can be counted
const { upstream, store } = await startCountingContentApi();

const OPEN_SECONDS = 1;
const THRESHOLD = 3;
const CACHE_TTL_MS = 300;

// the clock of the caches, the breaker and the log lines is the test's: it moves only when the test moves it
// (sockets and timers stay real, so requests, retries and the outbox run as they do in production)
vi.useFakeTimers({ toFake: ['Date', 'performance'], now: new Date('2026-06-01T08:00:00Z') });
afterAll(() => vi.useRealTimers());

const { app, logs } = await startTestApp({
  upstreamUrl: upstream.url,
  outboxRetryMs: 100,
  config: {
    // upstream answers expire once the clock moves past them: the outage is met with stale answers, not fresh ones
    CACHE_TTL_MS,
    UPSTREAM_TIMEOUT_MS: 1000,
    UPSTREAM_BREAKER_THRESHOLD: THRESHOLD,
    UPSTREAM_BREAKER_OPEN_SECONDS: OPEN_SECONDS,
    FEEDBACK_RATE_LIMIT: 1000,
    // every request renders, so every request needs the upstream's answers
    PAGE_CACHE_TTL_MS: 0,
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/**
 * Wait for a state on real timers (bounded: 10 s of 5 ms turns). expect.poll is not used here: with fake timers it
 * moves the clock by its interval on every turn, and this clock moves only when the test says so.
 */
async function until(state: () => boolean, what: string) {
  for (let turn = 0; turn < 2000; turn += 1) {
    if (state()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no ${what} within 10 s`);
}

const PAGES = ['/news', '/en/news', '/about', '/en/about', '/news/events', '/en/multimedia/video'];
// two visitors in a loop keep both cores of a test machine busy enough; more only adds CPU to the suite
const WORKERS = 2;

describe('soak: the upstream goes down and comes back while pages are requested (on the test’s clock)', () => {
  it('rides out the outage without failing a visitor, sparing the upstream until it is back', async () => {
    for (const path of PAGES) expect((await fetch(base + path)).status).toBe(200);

    const statuses: number[] = [];
    let stop = false;
    const worker = async (n: number) => {
      for (let i = n; !stop; i += 1) {
        const res = await fetch(base + PAGES[i % PAGES.length]!, { redirect: 'manual' });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));
    /** resolves once `count` more answers have come */
    const answers = (count: number) => {
      const target = statuses.length + count;
      return until(() => statuses.length >= target, `${count} more answers`);
    };
    const line = (msg: string, after: number) => () =>
      logs.find((l) => l.msg === msg && typeof l.time === 'number' && l.time >= after);

    // up: every answer fresh
    await answers(12);
    // down, and the cached answers expire: the breaker opens after THRESHOLD failed refreshes, pages are served stale
    await upstream.down();
    vi.advanceTimersByTime(CACHE_TTL_MS + 1);
    const downAt = Date.now();
    const callsAtDown = app.upstream.client.counters.calls;
    const unique = `soak ${downAt}`;
    const feedback = await fetch(`${base}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ name: 'Soak', email: 'soak@example.org', feedback_type_id: 1, message: unique }),
    });
    expect(feedback.status).toBe(202);
    await until(() => line('upstream circuit breaker opened', downAt)() !== undefined, 'opened breaker');
    // while it is open, no call goes out, whatever the number of requests
    const callsWhenOpened = app.upstream.client.counters.calls;
    await answers(20);
    expect(app.upstream.client.counters.calls).toBe(callsWhenOpened);
    // one open period later a probe goes out, fails, and the breaker opens again
    vi.advanceTimersByTime(OPEN_SECONDS * 1000);
    const probedAt = Date.now();
    await until(() => line('upstream circuit breaker opened', probedAt)() !== undefined, 'failed probe');
    await answers(10);
    const callsWhileDown = app.upstream.client.counters.calls - callsAtDown;

    // back: one open period later the probe succeeds and the breaker closes
    await upstream.up();
    const upAt = Date.now();
    const deliveredOnce = new Promise<void>((resolve) => app.feedbackOutbox.events.once('delivered', () => resolve()));
    vi.advanceTimersByTime(OPEN_SECONDS * 1000);
    await until(() => line('upstream circuit breaker closed', upAt)() !== undefined, 'closed breaker');
    await answers(10);
    stop = true;
    await load;
    await deliveredOnce;

    // 0 client 5xx: every page was answered, fresh or stale while the upstream was away
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // the breaker kept the calls bounded: the threshold, the calls in flight when it opened, one probe per open time
    expect(callsWhileDown).toBeLessThanOrEqual(THRESHOLD + WORKERS * 8 + 1);
    // closed within one open period of the clock after the upstream's return
    expect((line('upstream circuit breaker closed', upAt)()?.time as number) - upAt).toBeLessThanOrEqual(
      OPEN_SECONDS * 1000,
    );
    // the feedback posted during the outage arrived exactly once
    expect((await store.all()).filter((f) => f.message === unique)).toHaveLength(1);
    expect(app.feedbackOutbox.pending()).toBe(0);
  }, 20_000);
});
