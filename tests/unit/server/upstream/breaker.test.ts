import { describe, expect, it } from 'vitest';
import { createBreaker } from '../../../../server/upstream/breaker.ts';

describe('circuit breaker', () => {
  it('cycles open at the threshold, half-open with one probe after the open time, closed on a probe’s success', () => {
    let t = 0;
    const states: string[] = [];
    const breaker = createBreaker({ threshold: 2, openMs: 1000, now: () => t, onStateChange: (s) => states.push(s) });
    expect(breaker.tryAcquire()).toBe(true);
    breaker.failure();
    expect(breaker.snapshot().state).toBe('closed');
    breaker.failure();
    expect(breaker.snapshot()).toMatchObject({ state: 'open', retryAfterSeconds: 1 });
    expect(breaker.tryAcquire()).toBe(false);
    t = 1000;
    expect(breaker.snapshot().state).toBe('half-open');
    expect(breaker.tryAcquire()).toBe(true);
    // one probe at a time
    expect(breaker.tryAcquire()).toBe(false);
    breaker.failure();
    expect(breaker.snapshot().state).toBe('open');
    t = 2000;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.success();
    expect(breaker.snapshot()).toMatchObject({ state: 'closed', failures: 0, rejected: 2 });
    expect(states).toEqual(['open', 'half-open', 'open', 'half-open', 'closed']);
  });

  it('counts consecutive failures only', () => {
    const breaker = createBreaker({ threshold: 2, openMs: 1000, now: () => 0 });
    breaker.failure();
    breaker.success();
    breaker.failure();
    expect(breaker.snapshot().state).toBe('closed');
  });
});
