import { describe, expect, it } from 'vitest';
import { serverTimingHeader } from '../../../../server/tracing/timing.ts';

describe('Server-Timing', () => {
  it('a hit: the outcome and the total', () => {
    expect(serverTimingHeader('hit', undefined, 0.4321)).toBe('cache;desc=hit, total;dur=0.4');
  });

  it('a render: upstream time and calls, render to the shell, total', () => {
    expect(serverTimingHeader('miss', { upstreamCalls: 3, upstreamMs: 12.345, renderMs: 40.06 }, 41.2)).toBe(
      'cache;desc=miss, upstream;dur=12.3;desc="3 calls", render;dur=40.1;desc="to shell", total;dur=41.2',
    );
    expect(serverTimingHeader('bypass', { upstreamCalls: 0, upstreamMs: 0, renderMs: 5 }, 6)).toBe(
      'cache;desc=bypass, upstream;dur=0;desc="0 calls", render;dur=5;desc="to shell", total;dur=6',
    );
  });

  it('a payload that called the upstream once, and an answer with no cache outcome', () => {
    expect(serverTimingHeader('miss', { upstreamCalls: 1, upstreamMs: 2 }, 3)).toBe(
      'cache;desc=miss, upstream;dur=2;desc="1 call", total;dur=3',
    );
    expect(serverTimingHeader(undefined, { upstreamCalls: 0, upstreamMs: 0 }, 1)).toBe('total;dur=1');
  });
});
