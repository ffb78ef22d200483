/**
 * A circuit breaker for one upstream origin (ADR 0022). Closed: calls pass, consecutive failures are counted; at
 * `threshold` it opens. Open: no calls for `openMs`; callers fail at once (stale cache entries are served above).
 * Then ONE call is let through as a half-open probe: success closes the breaker, failure opens it again.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  threshold: number;
  openMs: number;
  now?: () => number;
  onStateChange?: (state: BreakerState, previous: BreakerState) => void;
}

export interface BreakerSnapshot {
  state: BreakerState;
  failures: number;
  /** seconds until a probe may go out (0 unless open) */
  retryAfterSeconds: number;
  /** calls refused while open since start */
  rejected: number;
}

export interface CircuitBreaker {
  /** May a call go out now? false: refuse it (the breaker is open, or a probe is already out). */
  tryAcquire(): boolean;
  success(): void;
  failure(): void;
  snapshot(): BreakerSnapshot;
}

export function createBreaker(options: BreakerOptions): CircuitBreaker {
  const now = options.now ?? (() => performance.now());
  let state: BreakerState = 'closed';
  let failures = 0;
  let openedAt = 0;
  let probeOut = false;
  let rejected = 0;

  const move = (next: BreakerState) => {
    if (next === state) return;
    const previous = state;
    state = next;
    options.onStateChange?.(next, previous);
  };
  const open = () => {
    openedAt = now();
    probeOut = false;
    move('open');
  };

  return {
    tryAcquire() {
      if (state === 'closed') return true;
      if (state === 'open' && now() - openedAt >= options.openMs) move('half-open');
      if (state === 'half-open' && !probeOut) {
        probeOut = true;
        return true;
      }
      rejected += 1;
      return false;
    },
    success() {
      failures = 0;
      probeOut = false;
      move('closed');
    },
    failure() {
      failures += 1;
      if (state === 'half-open' || (state === 'closed' && failures >= options.threshold)) open();
    },
    snapshot() {
      const waitMs = state === 'open' ? Math.max(0, options.openMs - (now() - openedAt)) : 0;
      // past the open time the next call is the probe: report half-open before that call comes
      const current: BreakerState = state === 'open' && waitMs === 0 ? 'half-open' : state;
      return { state: current, failures, retryAfterSeconds: Math.ceil(waitMs / 1000), rejected };
    },
  };
}
